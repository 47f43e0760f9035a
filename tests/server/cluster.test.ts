import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDb, type Db } from '@server/db/db';
import { postgresBin, type PostgresServer } from '../../scripts/pg-server';
import { seededPostgres } from './pgFixture';
import { Browser, clock, DEMO_PASSWORD } from './helpers';

/**
 * Three server instances (each its own connection pool, caches and change listener) on one PostgreSQL
 * behave as one: one user's requests go round-robin across them (docs/decisions/0006).
 */
describe.skipIf(!postgresBin())('three instances on one PostgreSQL', () => {
  let server: PostgresServer | undefined;
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  let goneApp: FastifyInstance | undefined;

  beforeAll(async () => {
    // May wait for another file to make the run's seeded fixture (tests/server/pgFixture.ts).
    server = await seededPostgres();
    // A copy of the seeded database for an instance whose database then goes away (copied while nothing
    // else is connected to it).
    await adminQuery(server.url, `create database ${GONE} template postgres`);
    for (let i = 0; i < 4; i++) {
      const url = i < 3 ? server.url : server.url.replace(/\/postgres$/, `/${GONE}`);
      const db = await openDb({ databaseUrl: url });
      dbs.push(db);
      const app = await buildApp({
        db,
        schemasDir: join(process.cwd(), 'schemas'),
        now: () => clock.now,
        opsToken: OPS_TOKEN,
      });
      if (i < 3) apps.push(app);
      else goneApp = app;
    }
  }, 300_000);

  afterAll(async () => {
    for (const app of [...apps, goneApp]) await app?.close();
    for (const db of dbs) await db.close();
    server?.stop();
  });

  it('logs in on one, acts on another, refuses a replay on a third, logs out on one for all', async () => {
    const [a, b, c] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
    const user = new Browser(a);
    const on = (app: FastifyInstance): Browser => Object.assign(user, { app });
    const security = async (app: FastifyInstance) => (await on(app).call('GET', '/v2/security')).json();

    // Login spread over the three: bootstrap on a, password key from b (shared key pair), login on c.
    await on(a).bootstrap();
    const password = await on(b).encrypt(DEMO_PASSWORD);
    const login = (
      await on(c).call('POST', '/uaa/login', { body: { username: 'dual_role', password } })
    ).json();
    expect(login.code).toBe('0');
    user.csrf = login.data.csrfToken;
    for (const app of apps) expect((await security(app)).data.user3.userName).toBe('dual_role');

    // A signed state-changing call on b; the same request replayed on c is refused (nonces in the database).
    const path = '/corp/v1/corps/persons/product-switch/records';
    const act = await on(b).call('POST', path, { query: { productType: 'credit' } });
    expect(act.json().code).toBe('0');
    const replay = await on(c).call('POST', path, {
      query: { productType: 'credit' },
      signature: user.lastSignature,
    });
    expect(replay.json().code).toBe('SCF.REQUEST_REPLAYED');

    // A role switch on a is what b and c see next (their cached sessions were dropped by the notification).
    const before = (await security(b)).data.currentRole3.roleCode;
    const other = before === 'ROLE_CORP_OPERATOR' ? 'ROLE_CORE_OPERATOR' : 'ROLE_CORP_OPERATOR';
    const switched = (await on(a).call('GET', '/v2/security', { query: { currentRole3: other } })).json();
    expect(switched.data.currentRole3.roleCode).toBe(other);
    for (const app of [b, c]) {
      await expect
        .poll(async () => (await security(app)).data.currentRole3.roleCode, { timeout: 1000 })
        .toBe(other);
    }

    // Logout on c; the cookie, replayed by whoever still holds it, is refused by every instance.
    const cookie = user.cookie;
    const logout = await on(c).call('GET', '/uaa/logout', {
      query: { _csrf: user.csrf, redirect_url: '/cv3/login/login' },
    });
    expect(logout.statusCode).toBe(302);
    user.cookie = cookie;
    for (const app of apps) {
      await expect.poll(async () => (await security(app)).code, { timeout: 1000 }).toBe('SCF.AUTH_REQUIRED');
    }
  });

  it('accepts no request on any instance once a logout was answered', async () => {
    const [a, b, c] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
    const user = new Browser(a);
    await user.bootstrap();
    const login = (
      await user.call('POST', '/uaa/login', {
        body: { username: 'chain_query', password: await user.encrypt(DEMO_PASSWORD) },
      })
    ).json();
    expect(login.code).toBe('0');
    user.csrf = login.data.csrfToken;
    // Reads and writes of the same session, sent as its holder would from any browser tab.
    const holder = (app: FastifyInstance): Browser =>
      Object.assign(new Browser(app), { cookie: user.cookie, csrf: user.csrf });
    const read = (app: FastifyInstance) => holder(app).call('GET', '/corp/v1/auth/token');
    const write = (app: FastifyInstance) =>
      holder(app).call('POST', '/corp/v1/corps/persons/product-switch/records', {
        query: { productType: 'credit' },
      });
    // Both other instances have the session cached.
    for (const app of [a, b]) {
      expect((await read(app)).json().code).toBe('0');
      expect((await write(app)).json().code).toBe('0');
    }

    const logout = await holder(c).call('GET', '/uaa/logout', {
      query: { _csrf: user.csrf, redirect_url: '/cv3/login/login' },
    });
    expect(logout.statusCode).toBe(302);
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) => (i % 3 === 2 ? write : read)(i % 2 ? a : b)),
    );
    const accepted = answers.filter((r) => r.json().code === '0').length;
    console.log(`after logout: ${accepted} of ${answers.length} requests accepted on the other instances`);
    expect(accepted).toBe(0);
  });

  it('answers probes and metrics to the token only; an instance whose database is gone is not ready', async () => {
    const [a] = apps as [FastifyInstance];
    const d = goneApp!;
    const ops = (app: FastifyInstance, url: string, token: string | null = OPS_TOKEN) =>
      app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      expect((await ops(a, url, null)).statusCode).toBe(404);
      expect((await ops(a, url, 'wrong')).statusCode).toBe(404);
    }
    expect((await ops(a, '/healthz')).json()).toEqual({ status: 'up' });
    expect((await ops(d, '/readyz')).json()).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'ok' },
    });

    // Every answer has a request id, the caller's when it sent a well-formed one.
    const given = await a.inject({
      method: 'GET',
      url: '/api/web/login',
      headers: { 'x-request-id': 'lb-42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42');
    const made = await a.inject({ method: 'GET', url: '/api/web/login', headers: { 'x-request-id': 'a b' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // The request histogram counts by route pattern and status: 7 more bootstraps are 7 more in its count.
    const count = async (): Promise<number> => {
      const text = (await ops(a, '/metrics')).body;
      const line = text
        .split('\n')
        .find((l) =>
          l.startsWith(
            'scf_http_request_duration_seconds_count{method="GET",route="/api/web/login",status="200"}',
          ),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await count();
    for (let i = 0; i < 7; i++) await a.inject({ method: 'GET', url: '/api/web/login' });
    expect(await count()).toBe(before + 7);
    const metrics = (await ops(a, '/metrics')).body;
    for (const name of [
      'scf_db_connections{state="total"}',
      'scf_export_jobs_running',
      'scf_import_workbooks{state="waiting"}',
      'scf_nonce_batch_size_count',
      'scf_process_cpu_seconds_total',
    ])
      expect(metrics).toContain(name);

    await adminQuery(server!.url, `drop database ${GONE} with (force)`);
    const gone = await ops(d, '/readyz');
    expect(gone.statusCode).toBe(503);
    expect(gone.json().ready).toBe(false);
    expect(gone.json().checks.database).toMatch(/gone|does not exist|terminat/);
    expect((await ops(d, '/healthz')).statusCode).toBe(200);
    expect((await ops(a, '/readyz')).statusCode).toBe(200);
  });
});

const OPS_TOKEN = 'cluster-test-ops-token';
const GONE = 'scf_gone';

/** One statement on the server's maintenance database (create/drop database cannot run in the others). */
async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.replace(/\/postgres$/, '/template1') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
