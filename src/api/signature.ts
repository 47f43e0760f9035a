import {
  canonicalRequest,
  FILE_MD5_HEADER,
  FORM_MD5_HEADER,
  formFieldsText,
  signedBody,
} from '@contract/signature';
import md5 from 'md5';
import { TERMINAL_CODE } from './constants';

/**
 * The `x-vrandom` request signature (docs/decisions/0001-request-signature.md): `{timestamp}.{nonce}.{md5}`,
 * md5 over the contract's canonical request (`METHOD \n PATH \n SORTED_QUERY \n BODY \n TIMESTAMP \n
 * NONCE \n CSRF_TOKEN`). A multipart upload signs its file and its fields through FILE_MD5_HEADER and
 * FORM_MD5_HEADER ({@link signUpload}).
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

/**
 * The headers of a signed API call as src/api/request.ts sends them (the CSRF token, the terminal code and
 * the signature), for the clients outside the browser: the e2e's API calls, the bench and the signing agent.
 */
export function signedCallHeaders(input: SignatureInput): Record<string, string> {
  return {
    'X-CSRF-TOKEN': input.csrfToken,
    'X-CCBSCF-TERMINAL-CODE': TERMINAL_CODE,
    'x-vrandom': signRequest(input),
  };
}

/** The md5 (lower-case hex) of a file's bytes, as FILE_MD5_HEADER carries it. */
export function fileMd5(bytes: Uint8Array): string {
  // The md5 package takes a plain Uint8Array as bytes (anything else it would turn into text): a Buffer or a
  // typed array of another realm is viewed as one first.
  return md5(
    bytes.constructor === Uint8Array
      ? bytes
      : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
}

/**
 * The signature headers of a multipart upload of one file and the text fields sent before it (the portal's
 * request layer and the tests both sign uploads through this): FILE_MD5_HEADER with the file's md5,
 * FORM_MD5_HEADER with the md5 of the fields' signed text (contract formFieldsText) when there are any, and
 * x-vrandom signing those values in place of the body, which the browser builds itself. The server
 * recomputes both from what it received and refuses a file (SCF.FILE_HASH_MISMATCH) or fields
 * (SCF.SIGNATURE_INVALID) that do not match.
 */
export function signUpload(
  input: Omit<SignatureInput, 'body'> & {
    file: Uint8Array;
    fields?: ReadonlyArray<readonly [string, string]>;
  },
): Record<string, string> {
  const { file, fields = [], ...rest } = input;
  const digest = fileMd5(file);
  const formMd5 = fields.length ? md5(formFieldsText(fields)) : undefined;
  const body = signedBody({ multipart: true, body: '', fileMd5: digest, formMd5 });
  return {
    [FILE_MD5_HEADER]: digest,
    ...(formMd5 !== undefined ? { [FORM_MD5_HEADER]: formMd5 } : {}),
    'x-vrandom': signRequest({ ...rest, body }),
  };
}
