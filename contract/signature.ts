/**
 * The `x-vrandom` request signature (docs/decisions/0001-request-signature.md): header
 * `{timestamp}.{nonce}.{md5}`, md5 over the canonical request built here; the portal signs it (md5
 * package) and the server recomputes it (node:crypto).
 */

/**
 * The header of a multipart upload that carries the uploaded file's md5 (32 lower-case hex digits). The
 * browser builds multipart bodies itself, so a multipart request is signed with this header's value in
 * place of its body (`signedBody`), and the server, having recomputed the received file's md5, refuses a
 * file that does not match it (ADR 0001, amendment: the file is signed).
 */
export const FILE_MD5_HEADER = 'x-scf-file-md5';

/**
 * The header of a multipart upload that carries the md5 of its text fields ({@link formFieldsText}), sent
 * when it has any: signed with the file's md5, and the server refuses fields that do not match it (ADR 0001,
 * amendment: the form fields are signed). Without it, the request has no fields.
 */
export const FORM_MD5_HEADER = 'x-scf-form-md5';

/** Whether a Content-Type is a multipart one (whose body the signature covers through FILE_MD5_HEADER). */
export const isMultipart = (contentType: string | undefined): boolean =>
  /^\s*multipart\//i.test(contentType ?? '');

/**
 * The signed text of a multipart body's text fields, those sent before its file (the only ones the server
 * reads): each `name=value` percent-encoded, line breaks as LF (a browser may send CRLF), sorted by name
 * (a repeated name's values in the order sent), joined by `&`. The portal signs it and the server checks
 * the fields it received against it: the one scope of both.
 */
export function formFieldsText(fields: ReadonlyArray<readonly [string, string]>): string {
  const lf = (t: string) => t.replace(/\r\n?/g, '\n');
  return [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(lf(name))}=${encodeURIComponent(lf(value))}`)
    .join('&');
}

/**
 * What stands for the body in the canonical request: the body as sent, or for a multipart request the
 * file md5 header's value ('' when it has none: the server then refuses the file), followed by a line with
 * the form md5 header's value when it has one.
 */
export function signedBody(parts: {
  multipart: boolean;
  body: string;
  fileMd5?: string;
  formMd5?: string;
}): string {
  if (!parts.multipart) return parts.body;
  const file = parts.fileMd5 ?? '';
  return parts.formMd5 === undefined ? file : `${file}\n${parts.formMd5}`;
}

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
