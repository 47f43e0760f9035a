import { createHash } from 'node:crypto';

/**
 * The `x-vrandom` request signature (docs/decisions/0002-request-signature.md):
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

/** Query string parts sorted by code unit, exactly as they were sent (still percent-encoded). */
export function sortedQuery(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter((p) => p !== '')
    .sort()
    .join('&');
}

export function signatureDigest(parts: {
  method: string;
  path: string;
  rawQuery: string;
  body: string;
  timestamp: number;
  nonce: string;
  csrfToken: string;
}): string {
  const canonical = [
    parts.method.toUpperCase(),
    parts.path,
    sortedQuery(parts.rawQuery),
    parts.body,
    String(parts.timestamp),
    parts.nonce,
    parts.csrfToken,
  ].join('\n');
  return createHash('md5').update(canonical, 'utf8').digest('hex');
}

/** How far a request's timestamp may be from the server clock. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Terminal codes (X-CCBSCF-TERMINAL-CODE, spec section 7) of the clients this server serves: the portal
 * sends 'CORP_WEB_PC' (src/api/constants.ts; tests/unit/api/signature.test.ts ties the two together).
 */
export const TERMINAL_CODES: ReadonlySet<string> = new Set(['CORP_WEB_PC']);
