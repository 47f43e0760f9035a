/**
 * The `x-vrandom` request signature (docs/decisions/0001-request-signature.md): header
 * `{timestamp}.{nonce}.{md5}`, md5 over the canonical request built here; the portal signs it (md5
 * package) and the server recomputes it (node:crypto).
 */

/** The parts of a request the signature covers. */
export interface SignedRequestParts {
  method: string;
  path: string;
  rawQuery: string;
  body: string;
  timestamp: number;
  nonce: string;
  csrfToken: string;
}

/** Query string parts sorted by code unit, exactly as they were sent (still percent-encoded). */
export function sortedQuery(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter((p) => p !== '')
    .sort()
    .join('&');
}

/** `METHOD \n PATH \n SORTED_QUERY \n BODY \n TIMESTAMP \n NONCE \n CSRF_TOKEN`: the text whose md5 is signed. */
export function canonicalRequest(parts: SignedRequestParts): string {
  return [
    parts.method.toUpperCase(),
    parts.path,
    sortedQuery(parts.rawQuery),
    parts.body,
    String(parts.timestamp),
    parts.nonce,
    parts.csrfToken,
  ].join('\n');
}
