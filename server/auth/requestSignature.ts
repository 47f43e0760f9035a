import { createHash } from 'node:crypto';
import { canonicalRequest, type SignedRequestParts } from '@contract/signature';

/**
 * The `x-vrandom` request signature (docs/decisions/0001-request-signature.md):
 * header `{timestamp}.{nonce}.{md5}` where md5 is over
 * `METHOD \n PATH \n SORTED_QUERY \n BODY \n TIMESTAMP \n NONCE \n CSRF_TOKEN`.
 */
export interface ParsedSignature {
  timestamp: number;
  nonce: string;
  digest: string;
}

const HEADER_RE = /^(\d{13})\.([0-9a-f]{16,64})\.([0-9a-f]{32})$/;

export function parseSignatureHeader(header: string | undefined): ParsedSignature | null {
  const m = header ? HEADER_RE.exec(header) : null;
  if (!m) return null;
  return { timestamp: Number(m[1]), nonce: m[2]!, digest: m[3]! };
}

/** The md5 the server expects: over the contract's canonical request. */
export function signatureDigest(parts: SignedRequestParts): string {
  return createHash('md5').update(canonicalRequest(parts), 'utf8').digest('hex');
}

/** How far a request's timestamp may be from the server clock. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Terminal codes (X-CCBSCF-TERMINAL-CODE, spec section 7) of the clients this server serves: the portal
 * sends 'CORP_WEB_PC' (src/api/constants.ts; tests/unit/api/signature.test.ts ties the two together).
 */
export const TERMINAL_CODES: ReadonlySet<string> = new Set(['CORP_WEB_PC']);
