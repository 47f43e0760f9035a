import { canonicalRequest } from '@contract/signature';
import md5 from 'md5';

/**
 * The `x-vrandom` request signature (docs/decisions/0001-request-signature.md): `{timestamp}.{nonce}.{md5}`,
 * md5 over the contract's canonical request (`METHOD \n PATH \n SORTED_QUERY \n BODY \n TIMESTAMP \n
 * NONCE \n CSRF_TOKEN`).
 */

export interface SignatureInput {
  method: string;
  path: string;
  rawQuery: string;
  body: string;
  csrfToken: string;
  timestamp?: number;
  nonce?: string;
}

export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function signRequest(input: SignatureInput): string {
  const timestamp = input.timestamp ?? Date.now();
  const nonce = input.nonce ?? randomNonce();
  return `${timestamp}.${nonce}.${md5(canonicalRequest({ ...input, timestamp, nonce }))}`;
}
