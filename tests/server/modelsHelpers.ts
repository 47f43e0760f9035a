import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '@server/app';
import { completenessVerifier } from '@server/auth/completenessVerifier';
import type { SignatureVerifier } from '@server/context';
import { openPglite } from '@server/db/pglite';
import { TERMINAL_CODE } from '@/api/constants';
import { signRequest, signUpload } from '@/api/signature';
import { type Browser, clock, loggedIn, type TestServer } from './helpers';

/** A complete sign record (the default verifier checks completeness; ADR 0005 §4). */
export const SIGN = {
  raType: 'CFCA',
  ukeyBank: 'CCB',
  ukeyCode: 'UK0001',
  original: 'original-text',
  signature: 'c2lnbmF0dXJl',
  pkCa: 'PK_CA',
  ukeyNo: 'GH0000000001',
  algorithmType: 'SM2',
  issuerDN: 'CN=Test CA',
  subjectDN: 'CN=Test',
};

export interface ModelsTestServer extends TestServer {
  filesDir: string;
  /** Every call the signature verifier got (in order). */
  verified: Array<{ record: unknown; userName: string; sessionIdHash: string }>;
  close(): Promise<void>;
}

/**
 * The app on a private copy of the seeded database, files in a temporary directory and a recording
 * completeness verifier (the UKEY verifier is tested on its own; here signing is only required).
 */
export async function modelsServer(
  verifier: SignatureVerifier = completenessVerifier,
  extra: Partial<BuildAppOptions> = {},
): Promise<ModelsTestServer> {
  const filesDir = mkdtempSync(join(tmpdir(), 'scf-files-'));
  process.env.FILES_DIR = filesDir;
  const dump = readFileSync(join(process.cwd(), 'test-results', 'server-fixture.tar.gz'));
  const db = await openPglite({ loadDataDir: new Blob([dump]) });
  const verified: ModelsTestServer['verified'] = [];
  const app = await buildApp({
    db,
    schemasDir: join(process.cwd(), 'schemas'),
    now: () => clock.now,
    signatureVerifier: {
      async verify(tx, record, user, sessionIdHash) {
        verified.push({ record, userName: user.username, sessionIdHash });
        return verifier.verify(tx, record, user, sessionIdHash);
      },
    },
    ...extra,
  });
  return {
    app,
    db,
    filesDir,
    verified,
    async close() {
      await app.close();
      await db.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export const API = '/biz/v1/models';

/** A parsed JSON answer (what JSON.parse returns); tests check its shape with expect. */
export type Json = ReturnType<JSON['parse']>;

/** The answer's JSON body. */
export const body = (res: LightMyRequestResponse): { code: string; message: string; data: Json } =>
  res.json();

/** Logs in and switches to `role` when given (role switching through /v2/security). */
export async function as(app: TestServer['app'], username: string, role?: string): Promise<Browser> {
  const b = await loggedIn(app, username);
  if (role) {
    const res = await b.call('GET', '/v2/security', { query: { currentRole3: role } });
    if (res.json().code !== '0') throw new Error(`switch ${username} to ${role}: ${res.body}`);
  }
  return b;
}

export async function list(b: Browser, model: string, query: Record<string, string> = {}): Promise<Json> {
  const res = await b.call('GET', `${API}/${model}/records`, { query });
  if (res.json().code !== '0') throw new Error(`list ${model}: ${res.body}`);
  return res.json().data;
}

export async function getRecord(b: Browser, model: string, id: string): Promise<LightMyRequestResponse> {
  return b.call('GET', `${API}/${model}/records/${id}`);
}

export async function act(
  b: Browser,
  model: string,
  id: string,
  action: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return b.call('POST', `${API}/${model}/records/${id}/actions/${action}`, { body: payload });
}

export async function create(
  b: Browser,
  model: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return b.call('POST', `${API}/${model}/records`, { body: payload });
}

/** Runs an action with the record's current version; fails the test on a refusal. */
export async function step(
  b: Browser,
  model: string,
  id: string,
  action: string,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const current = body(await getRecord(b, model, id));
  if (current.code !== '0') throw new Error(`get ${model}/${id}: ${current.message}`);
  const res = await act(b, model, id, action, { version: current.data.version, ...extra });
  if (body(res).code !== '0') throw new Error(`${action} on ${model}/${id}: ${res.body}`);
  return body(res).data;
}

/** Row count of a table (to prove that a refused request wrote nothing). */
export async function count(s: TestServer, table: string): Promise<number> {
  return (await s.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
}

/**
 * A multipart upload as the portal sends it: the file and the fields before it signed through their md5
 * headers (signUpload, the portal's own rule), with the CSRF header.
 */
export interface UploadOptions {
  noCsrf?: boolean;
  /** Send model, recordId and category as form fields instead of the query. */
  asFields?: boolean;
  url?: string;
  /** Sign these bytes instead of the file sent (a file swapped after signing). */
  signedFile?: Buffer;
  /** Sign these form fields instead of the ones sent (a field changed after signing; with asFields). */
  signedFields?: Record<string, string>;
  /** Send no file md5 header (signed as an old client would: no body). */
  noFileMd5?: boolean;
  /** Headers set after signing (a header changed on the way). */
  headers?: Record<string, string>;
}

export async function uploadFile(
  app: TestServer['app'],
  b: Browser,
  query: Record<string, string>,
  file: { name: string; data: Buffer } | null,
  opts: UploadOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject(uploadRequest(b, query, file, opts));
}

/**
 * The request {@link uploadFile} sends, built (and signed: an md5 over the whole file, computed in this
 * process) ahead, for a test that measures the server's event loop while it is sent.
 */
export function uploadRequest(
  b: Browser,
  query: Record<string, string>,
  file: { name: string; data: Buffer } | null,
  opts: UploadOptions = {},
): InjectOptions {
  const url = opts.url ?? '/api/web/v1/files/upload';
  const rawQuery = opts.asFields ? '' : new URLSearchParams(query).toString();
  const boundary = `----scf${Math.random().toString(16).slice(2)}`;
  // The renderer's FormData sends its fields before the file.
  const fields = opts.asFields
    ? Object.entries(query).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
    : [];
  const payload = file
    ? Buffer.concat([
        Buffer.from(fields.join('')),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
    : Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--${boundary}--\r\n`,
      );
  const signed = { method: 'POST', path: url, rawQuery, csrfToken: b.csrf, timestamp: clock.now.getTime() };
  return {
    method: 'POST',
    url: rawQuery ? `${url}?${rawQuery}` : url,
    headers: {
      cookie: b.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-ccbscf-terminal-code': TERMINAL_CODE,
      ...(file && !opts.noFileMd5
        ? signUpload({
            ...signed,
            file: opts.signedFile ?? file.data,
            fields: opts.asFields ? Object.entries(opts.signedFields ?? query) : [],
          })
        : { 'x-vrandom': signRequest({ ...signed, body: '' }) }),
      ...(opts.noCsrf ? {} : { 'x-csrf-token': b.csrf }),
      ...opts.headers,
    },
    payload,
  };
}
