import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TERMINAL_CODE } from '@/api/constants';
import { signRequest } from '@/api/signature';
import { buildApp, type BuildAppOptions } from '@server/app';
import { encryptPassword } from '@server/auth/passwordKey';
import type { Queryable } from '@server/db/db';
import { openPglite, type PgliteDb } from '@server/db/pglite';

export const DEMO_PASSWORD = 'Demo@2026';
/** A fixed clock inside 2026 (tests that need time move it). */
export const clock = { now: new Date('2026-11-20T10:00:00+08:00') };

export interface TestServer {
  app: FastifyInstance;
  db: PgliteDb;
}

/**
 * The app on a private copy of the seeded demo database, with a clock the test controls. `extra.db`: on that
 * database instead (another app's: several apps of one file need not each load a copy, ~1.5 s of CPU).
 */
export async function testServer(
  distDir?: string,
  schemasDir = join(process.cwd(), 'schemas'),
  extra: Partial<Omit<BuildAppOptions, 'db'>> & { db?: PgliteDb } = {},
): Promise<TestServer> {
  const db =
    extra.db ??
    (await openPglite({
      loadDataDir: new Blob([readFileSync(join(process.cwd(), 'test-results', 'server-fixture.tar.gz'))]),
    }));
  const app = await buildApp({
    schemasDir,
    now: () => clock.now,
    ...(distDir ? { distDir } : {}),
    ...extra,
    db,
  });
  return { app, db };
}

/** What the login page does with the server's public key (server/auth/passwordKey.ts). */
export { encryptPassword };

export interface CallOptions {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the x-vrandom header. */
  unsigned?: boolean;
  /** Leave out the CSRF header. */
  noCsrf?: boolean;
  /** Use this x-vrandom header verbatim. */
  signature?: string;
  /** Sign with this timestamp instead of the clock's. */
  timestamp?: number;
}

/** A browser as the portal drives it: cookie jar, CSRF token, signed requests. */
export class Browser {
  cookie = '';
  csrf = '';
  lastSignature = '';
  /** The client's address as the server sees it (default 127.0.0.1). */
  remoteAddress: string | undefined;

  /** `app` may be swapped between calls (one browser driven round-robin across server instances). */
  constructor(public app: FastifyInstance) {}

  async call(method: string, path: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
    const url = `/api/web${path}`;
    const rawQuery = new URLSearchParams(opts.query ?? {}).toString();
    const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
    const signature =
      opts.signature ??
      signRequest({
        method,
        path: url,
        rawQuery,
        body,
        csrfToken: this.csrf,
        timestamp: opts.timestamp ?? clock.now.getTime(),
      });
    this.lastSignature = signature;
    const headers: Record<string, string> = {
      'x-ccbscf-terminal-code': TERMINAL_CODE,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(opts.unsigned ? {} : { 'x-vrandom': signature }),
      ...(opts.noCsrf ? {} : { 'x-csrf-token': this.csrf }),
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...opts.headers,
    };
    const res = await this.app.inject({
      method: method as 'GET',
      url: rawQuery ? `${url}?${rawQuery}` : url,
      headers,
      ...(body ? { payload: body } : {}),
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
    const setCookie = res.cookies.find((c) => c.name === 'SCF_SESSION');
    if (setCookie) this.cookie = setCookie.value ? `SCF_SESSION=${setCookie.value}` : '';
    return res;
  }

  async bootstrap(): Promise<void> {
    const res = await this.call('GET', '/login');
    this.csrf = res.json().data.csrfToken;
  }

  async encrypt(password: string): Promise<string> {
    const key = (await this.call('GET', '/v1/auth/passwords/public-keys')).json().data.publicKey as string;
    return encryptPassword(key, password);
  }

  async login(username: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
    await this.bootstrap();
    const res = await this.call('POST', '/uaa/login', {
      body: { username, password: await this.encrypt(password) },
    });
    if (res.json().code === '0') this.csrf = res.json().data.csrfToken;
    return res;
  }
}

export async function loggedIn(app: FastifyInstance, username: string): Promise<Browser> {
  const b = new Browser(app);
  const res = await b.login(username);
  if (res.json().code !== '0') throw new Error(`login ${username}: ${res.body}`);
  return b;
}

/** The text of every page of a PDF (shared with the e2e suite). */
export { pdfText } from '../pdfText';

/**
 * How many unread in-site messages a user has, counted in the database: what the bell and the inbox must
 * show (the seeded notices plus the to-dos the demo world's records left waiting for that user).
 */
export async function unreadMessages(db: Queryable, username: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `select count(*)::int as n from messages m join users u on u.id = m.user_id
      where u.username = $1 and m.state = 'UNREAD'`,
    [username],
  );
  return r.rows[0]!.n;
}
