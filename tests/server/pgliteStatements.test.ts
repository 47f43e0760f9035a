import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '@server/db/pglite';
import { MAX_PREPARED, namedNow } from '@server/db/pgliteStatements.mjs';

/**
 * The embedded database's statements (server/db/pgliteStatements.mjs): one exchange per statement, prepared
 * by name from its third call, answering exactly what PGlite's own query() answers.
 */
let db: PgliteDb;
let reference: PGlite;

const SETUP = `
  create table t (id text primary key, n numeric(16,2), at timestamptz, j jsonb, b bytea, k bigint,
                  tags text[], ok boolean, d date);
  insert into t values ('a', 12.50, '2026-11-28T15:30:00Z', '{"x":[1,"二"]}', '\\x0102ff', 9007199254740993,
                        '{甲,乙}', true, '2026-11-28');
`;

const prepared = async (): Promise<string[]> =>
  (await db.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

beforeAll(async () => {
  db = await openPglite({});
  reference = new PGlite();
  await Promise.all([db.exec(SETUP), reference.exec(SETUP)]);
});
afterAll(async () => {
  await db?.close();
  await reference?.close();
});

describe('statements on the embedded database', () => {
  it('answers the rows and types of PGlite query(), unnamed and once prepared', async () => {
    const sql = 'select * from t where id = any($1) and at > $2 and ok = $3 and j @> $4 and d <= $5';
    const params = [['a', 'z'], new Date('2026-01-01T00:00:00Z'), true, { x: [1] }, '2026-12-01'];
    const expected = await reference.query(sql, params);
    for (let call = 1; call <= 8; call++) {
      const actual = await db.query(sql, params);
      expect(actual).toEqual({ rows: expected.rows, affectedRows: 0 });
    }
    const row = (await db.query(sql, params)).rows[0] as Record<string, unknown>;
    expect(row.at).toBeInstanceOf(Date);
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect(row.tags).toEqual(['甲', '乙']);
    expect(row.n).toBe('12.50');
    expect(await prepared()).toContain(sql);
  });

  it('prepares a text on its third call, not before', async () => {
    const sql = "select $1::int + 1 as n, 'third' as tag";
    for (let call = 1; call <= 2; call++)
      expect((await db.query(sql, [call])).rows).toEqual([{ n: call + 1, tag: 'third' }]);
    expect(await prepared()).not.toContain(sql);
    expect((await db.query(sql, [3])).rows).toEqual([{ n: 4, tag: 'third' }]);
    expect(await prepared()).toContain(sql);
    // Nulls and a missing parameter list as PGlite takes them.
    expect((await db.query(sql, [null])).rows).toEqual([{ n: null, tag: 'third' }]);
  });

  it('never prepares an EXPLAIN or a pattern match: their plans are made for their values', async () => {
    // A generic plan would estimate every term alike (listQuery's search and total estimates).
    const explain = 'explain (format json) select 1 from t where id = $1 and tags @> array[$2]';
    const pattern = 'select id from t where lower(id) like lower($1)';
    for (let call = 1; call <= 6; call++) {
      expect((await db.query(explain, ['a', '甲'])).rows).toHaveLength(1);
      expect((await db.query(pattern, ['%a%'])).rows).toEqual([{ id: 'a' }]);
    }
    const named = await prepared();
    expect(named).not.toContain(explain);
    expect(named).not.toContain(pattern);
    // The same rule names PostgreSQL's statements (server/db/postgres.ts).
    const calls = new Map<string, number>();
    expect([1, 2, 3].map(() => namedNow(calls, pattern))).toEqual([false, false, false]);
    expect([1, 2, 3].map(() => namedNow(calls, 'select id from t where id = $1'))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('counts the rows a statement wrote', async () => {
    const insert = 'insert into t (id, k) values ($1, $2)';
    for (let i = 0; i < 4; i++) expect((await db.query(insert, [`w${i}`, i])).affectedRows).toBe(1);
    expect((await db.query("update t set k = k + 1 where id like 'w%'")).affectedRows).toBe(4);
    expect((await db.query("delete from t where id like 'w%' and k > $1", [2])).affectedRows).toBe(2);
  });

  it("reports PostgreSQL's error with its fields, and goes on; also inside a transaction", async () => {
    const insert = 'insert into t (id) values ($1)';
    for (let i = 0; i < 4; i++) {
      const error = await db.query(insert, ['a']).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', query: insert });
    }
    const failed = await db
      .transaction(async (tx) => {
        await tx.query(insert, ['tx1']);
        await tx.query(insert, ['a']);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect((await db.query('select id from t where id = $1', ['tx1'])).rows).toEqual([]);
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    const syntax = await db.query('select from where', []).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
  });

  it('prepares a statement again when a migration changed the columns it answers', async () => {
    await db.exec("create table m (id text primary key); insert into m values ('x')");
    const sql = 'select * from m where id = $1';
    for (let i = 0; i < 4; i++) expect((await db.query(sql, ['x'])).rows).toEqual([{ id: 'x' }]);
    await db.exec('alter table m add column extra int default 7');
    for (let i = 0; i < 4; i++) expect((await db.query(sql, ['x'])).rows).toEqual([{ id: 'x', extra: 7 }]);
    // The stale statement was closed: the text is prepared once, anew.
    expect((await prepared()).filter((t) => t === sql)).toHaveLength(1);
  });

  it('delivers the notifications of prepared statements', async () => {
    const seen: string[] = [];
    const unlisten = await db.listen(
      'stmt_changes',
      (p) => seen.push(p),
      () => undefined,
    );
    for (let i = 0; i < 5; i++) await db.query('select pg_notify($1, $2)', ['stmt_changes', `n${i}`]);
    await expect.poll(() => seen).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    await unlisten();
  });

  it(`prepares at most ${MAX_PREPARED} texts`, async () => {
    for (let i = 0; i < MAX_PREPARED + 10; i++)
      for (let call = 0; call < 3; call++) await db.query(`select $1::int as n, ${i} as i`, [call]);
    const texts = await prepared();
    expect(texts.length).toBeLessThanOrEqual(MAX_PREPARED);
    expect(texts.filter((t) => t.startsWith('select $1::int as n,')).length).toBeGreaterThan(100);
    // Beyond, a text still answers (parsed every time).
    expect((await db.query(`select $1::int as n, ${MAX_PREPARED + 5} as i`, [1])).rows).toEqual([
      { n: 1, i: MAX_PREPARED + 5 },
    ]);
  });
});
