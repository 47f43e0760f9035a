import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_PLAN, openDb, type Db, type Queryable } from '@server/db/db';
import { postgresBin, startPostgres, type PostgresServer } from '../../scripts/pg-server';
import { API, as, modelsServer, type ModelsTestServer } from './modelsHelpers';

/**
 * A list filtered by equalities only runs with the generic plan on PostgreSQL (GENERIC_PLAN, server/db/db.ts):
 * its plan is the same for every enterprise and value, and the plan cache's own choice planned it on every
 * call past ~1M records.
 */
describe('which list statements are marked for the generic plan', () => {
  let s: ModelsTestServer;
  const sent: string[] = [];

  beforeAll(async () => {
    s = await modelsServer();
    const query = s.db.query.bind(s.db);
    s.db.query = ((sql: string, params?: unknown[]) => {
      sent.push(sql);
      return query(sql, params);
    }) as Queryable['query'];
  });
  afterAll(async () => {
    await s.close();
  });

  /** The list statement the engine sent for `query`, read from the database (no kept answer). */
  async function listStatement(query: Record<string, string>): Promise<string> {
    const chain = await as(s.app, 'chain_operator');
    sent.length = 0;
    const res = await chain.call('GET', `${API}/creditVoucher/records`, {
      query,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(res.json().code).toBe('0');
    const statement = sent.find((sql) => sql.includes('__count'));
    expect(statement).toBeDefined();
    return statement!;
  }

  it('marks the enterprise alone, a state and eq or in filters', async () => {
    expect(await listStatement({})).toMatch(/^\/\* generic plan \*\/ select/);
    expect((await listStatement({ status: 'ISD' })).startsWith(GENERIC_PLAN)).toBe(true);
    expect(
      (await listStatement({ status: 'ISD', sort: 'amount,desc', page: '3' })).startsWith(GENERIC_PLAN),
    ).toBe(true);
  });

  it('leaves a range or a contains filter to the plan cache (its best plan hangs on the values)', async () => {
    expect((await listStatement({ amountMin: '100', amountMax: '5000' })).startsWith(GENERIC_PLAN)).toBe(
      false,
    );
    expect((await listStatement({ dueDateFrom: '2026-01-01' })).startsWith(GENERIC_PLAN)).toBe(false);
    expect((await listStatement({ holderName: '建材' })).startsWith(GENERIC_PLAN)).toBe(false);
  });
});

const bin = postgresBin();

describe.skipIf(!bin)('the generic plan on PostgreSQL', () => {
  let server: PostgresServer;
  let db: Db;

  beforeAll(async () => {
    server = await startPostgres();
    db = await openDb({ databaseUrl: server.url });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    server?.stop();
  });

  const mode = async (sql: string): Promise<string> => (await db.query<{ m: string }>(sql, [1])).rows[0]!.m;

  it('runs a marked statement on connections that plan generically, any other as before', async () => {
    const probe = "select current_setting('plan_cache_mode') as m where $1::int = 1";
    expect(await mode(GENERIC_PLAN + probe)).toBe('force_generic_plan');
    expect(await mode(probe)).toBe('auto');
    // The pool's connections are counted with the main pool's.
    expect(db.stats().total).toBeGreaterThanOrEqual(2);
  });
});
