import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { openDb, type Db, type Queryable } from '@server/db/db';
import { requirementTables } from '@server/models/invariants';
import { ListAnswerCache, LIST_CACHE_TTL_MS } from '@server/models/listCache';
import { loadModels } from '@server/models/loadModels';
import { productEffects } from '@server/products';
import { postgresBin, type PostgresServer } from '../../scripts/pg-server';
import { clock } from './helpers';
import { API, as, list, modelsServer, step, type ModelsTestServer } from './modelsHelpers';
import { seededPostgres } from './pgFixture';

/**
 * List answers are kept at the data versions they were read at (docs/decisions/0016-list-answer-cache.md):
 * a repeated list runs no list statement, and any committed write to what it read (through the engine, by
 * hand in SQL, or by another instance) is in the next answer.
 */

/** Counts the statements on `db` whose text matches `pattern` (the engine calls `db.query` each time). */
function countStatements(db: Queryable, pattern: RegExp): { readonly n: number } {
  const counter = { n: 0 };
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: unknown[]) => {
    if (pattern.test(sql)) counter.n += 1;
    return query(sql, params);
  }) as Queryable['query'];
  return counter;
}

const VOUCHER_LIST = /from credit_voucher t\b/;

describe('the list answer cache', () => {
  /** A database whose model_versions holds `versions` (read afresh each time). */
  const versionsDb = (versions: Record<string, string>): Queryable => ({
    query: (async (sql: string) => {
      expect(sql).toContain('model_versions');
      return { rows: Object.entries(versions).map(([name, v]) => ({ name, v })), affectedRows: 0 };
    }) as Queryable['query'],
  });
  const page = (n: number) => ({ list: Array.from({ length: n }, (_, i) => ({ id: String(i) })) });

  it('keeps an answer for exactly the versions it was read at', async () => {
    const versions = { a: '1', b: '7' };
    const cache = new ListAnswerCache(versionsDb(versions));
    const at = await cache.versionsOf(['a', 'b']);
    expect(at).toBe('1.7');
    cache.set('k', at!, page(2));
    expect(cache.get('k', '1.7')).toEqual(page(2));
    versions.b = '8';
    expect(cache.get('k', (await cache.versionsOf(['a', 'b']))!)).toBeUndefined();
    // Dropped, not only skipped: the old versions do not bring it back.
    expect(cache.get('k', '1.7')).toBeUndefined();
    // A table without a version row is not cached.
    expect(await cache.versionsOf(['a', 'c'])).toBeNull();
  });

  it('does not keep an answer read before it was cleared (a model reload)', () => {
    const cache = new ListAnswerCache(versionsDb({}));
    const epoch = cache.epoch;
    cache.clear();
    cache.set('k', '1', page(1), epoch);
    expect(cache.get('k', '1')).toBeUndefined();
    cache.set('k', '1', page(1), cache.epoch);
    expect(cache.get('k', '1')).toBeDefined();
  });

  it('freezes what it keeps', () => {
    const cache = new ListAnswerCache(versionsDb({}));
    const answer = page(1);
    cache.set('k', '1', answer);
    expect(() => {
      (answer.list[0] as { id: string }).id = 'changed';
    }).toThrow(TypeError);
  });

  it('drops the least recently used answers beyond its records, and any answer past its age', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new ListAnswerCache(versionsDb({}), 25);
      cache.set('a', '1', page(10));
      cache.set('b', '1', page(10));
      expect(cache.get('a', '1')).toBeDefined();
      // 11 + 11 + 4 records over 25: b, the least recently used, goes.
      cache.set('c', '1', page(3));
      expect(cache.get('b', '1')).toBeUndefined();
      expect(cache.get('a', '1')).toBeDefined();
      expect(cache.get('c', '1')).toBeDefined();
      vi.advanceTimersByTime(LIST_CACHE_TTL_MS + 1);
      expect(cache.get('a', '1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
const LIMITS = { product: 'credit', status: 'LM1' };

describe('list answers on the embedded database', () => {
  let s: ModelsTestServer;
  let statements: { readonly n: number };

  beforeAll(async () => {
    s = await modelsServer();
    statements = countStatements(s.db, VOUCHER_LIST);
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers a repeated list without its statements, and each user from their own reading', async () => {
    const chain = await as(s.app, 'chain_operator');
    const query = { sort: 'issueDate,desc', page: '1', size: '10' };
    const before = statements.n;
    const first = await list(chain, 'creditVoucher', query);
    expect(statements.n).toBe(before + 1);
    expect(first.list.length).toBeGreaterThan(0);
    expect(await list(chain, 'creditVoucher', query)).toEqual(first);
    expect(statements.n).toBe(before + 1);
    // Another page is another answer.
    await list(chain, 'creditVoucher', { ...query, page: '2' });
    expect(statements.n).toBe(before + 2);
    // The same page for another user of another enterprise is read for them.
    const core = await as(s.app, 'core_operator');
    const theirs = await list(core, 'creditVoucher', query);
    expect(statements.n).toBe(before + 3);
    expect(theirs).not.toEqual(first);
  });

  it("keeps one answer whatever the page's cache-busting v, and reads again when asked no-cache", async () => {
    const chain = await as(s.app, 'chain_operator');
    const query = { sort: 'amount,desc', size: '10' };
    const before = statements.n;
    await list(chain, 'creditVoucher', { ...query, v: '1' });
    await list(chain, 'creditVoucher', { ...query, v: '2' });
    expect(statements.n).toBe(before + 1);
    const res = await chain.call('GET', `${API}/creditVoucher/records`, {
      query,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(res.json().code).toBe('0');
    expect(statements.n).toBe(before + 2);
  });

  it('shows a write made by hand in SQL at once (the trigger bumps the version, not the engine)', async () => {
    const chain = await as(s.app, 'chain_operator');
    const query = { sort: 'issueDate,desc', size: '10' };
    const page = await list(chain, 'creditVoucher', query);
    const id = page.list[0].id as string;
    await s.db.query(`update credit_voucher set holder_name = '手工改名供应商' where id = $1`, [id]);
    const after = await list(chain, 'creditVoucher', query);
    expect(after.list[0].id).toBe(id);
    expect(after.list[0].holderName).toBe('手工改名供应商');
  });

  it('shows a transition answered through the engine at once', async () => {
    const manager = await as(s.app, 'fin_product_manager');
    const open = await list(manager, 'creditLimit', LIMITS);
    expect(open.pagecond.count).toBeGreaterThan(0);
    const limit = open.list[0];
    await step(manager, 'creditLimit', limit.id, 'freeze', { reason: '额度检查' });
    const after = await list(manager, 'creditLimit', LIMITS);
    expect(after.pagecond.count).toBe(open.pagecond.count - 1);
    expect(after.list.map((r: { id: string }) => r.id)).not.toContain(limit.id);
    await step(manager, 'creditLimit', limit.id, 'unfreeze', { reason: '额度检查' });
    expect((await list(manager, 'creditLimit', LIMITS)).pagecond.count).toBe(open.pagecond.count);
  });

  it('reads a list again when a model its requirements name is written', async () => {
    const models = loadModels(join(process.cwd(), 'schemas'), productEffects());
    // A plan's review requires its assets resolved; an asset's steps require its plan open.
    expect(requirementTables(models, models.models.get('absPlan')!)).toContain('abs_asset');
    expect(requirementTables(models, models.models.get('absAsset')!)).toContain('abs_plan');
    const plans = countStatements(s.db, /from abs_plan t\b/);
    const fin = await as(s.app, 'fin_product_manager');
    await list(fin, 'absPlan');
    await list(fin, 'absPlan');
    expect(plans.n).toBe(1);
    await s.db.query(`update abs_asset set updated_at = updated_at where false`);
    await list(fin, 'absPlan');
    expect(plans.n).toBe(2);
  });
});

const bin = postgresBin();

describe.skipIf(!bin)('list answers on a shared PostgreSQL', () => {
  let server: PostgresServer;
  let dbs: Db[];

  beforeAll(async () => {
    server = await seededPostgres();
    dbs = [await openDb({ databaseUrl: server.url }), await openDb({ databaseUrl: server.url })];
  }, 300_000);
  afterAll(async () => {
    for (const db of dbs ?? []) await db.close();
    server?.stop();
  });

  const version = async (db: Queryable): Promise<string> =>
    (await db.query<{ v: string }>(`select v::text as v from model_versions where name = 'credit_limit'`))
      .rows[0]!.v;

  it('moves a model version when the writing transaction commits, not before', async () => {
    const [db] = dbs;
    const before = await version(db!);
    await db!.transaction(async (tx) => {
      await tx.query(
        `update credit_limit set updated_at = updated_at where id = (select min(id) from credit_limit)`,
      );
      // Another connection still sees the old version: an answer read now is kept under the old one.
      expect(await version(db!)).toBe(before);
    });
    expect(BigInt(await version(db!))).toBe(BigInt(before) + 1n);
  });

  it("gives one instance's list the write another instance answered", async () => {
    const schemasDir = join(process.cwd(), 'schemas');
    const [a, b] = await Promise.all(dbs.map((db) => buildApp({ db, schemasDir, now: () => clock.now })));
    try {
      const reader = await as(a!, 'fin_product_manager');
      const writer = await as(b!, 'fin_product_manager');
      const open = await list(reader, 'creditLimit', LIMITS);
      expect(await list(reader, 'creditLimit', LIMITS)).toEqual(open);
      const limit = open.list[0];
      await step(writer, 'creditLimit', limit.id, 'freeze', { reason: '额度检查' });
      const after = await list(reader, 'creditLimit', LIMITS);
      expect(after.pagecond.count).toBe(open.pagecond.count - 1);
      await step(writer, 'creditLimit', limit.id, 'unfreeze', { reason: '额度检查' });
      expect((await list(reader, 'creditLimit', LIMITS)).pagecond.count).toBe(open.pagecond.count);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  }, 120_000);
});
