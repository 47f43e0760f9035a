import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOVACUUM, vacuumDue } from '@server/db/autovacuum';
import { openPgliteThread } from '@server/db/pgliteThread';
import type { Db } from '@server/db/db';

/**
 * The embedded database's autovacuum (server/db/autovacuum.ts): PostgreSQL's default rule decides which
 * tables are vacuumed or analysed, and a vacuumed table is answered from its index alone.
 */
describe('vacuumDue on the embedded database (its own thread, as the server runs it)', () => {
  let db: Db;
  const count = `select count(*)::int as n from t where k between 100 and 1900`;
  const plan = async (): Promise<string> =>
    (await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${count}`)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  const visible = async (): Promise<{ relpages: number; relallvisible: number }> =>
    (
      await db.query<{ relpages: number; relallvisible: number }>(
        `select relpages, relallvisible from pg_class where relname = 't'`,
      )
    ).rows[0]!;

  beforeAll(async () => {
    db = await openPgliteThread({});
    await db.exec(`create table t (id int primary key, k int, v text);
      create index t_k on t (k);
      -- A table with nothing to do: no statement names it.
      create table quiet (id int primary key);
      insert into quiet values (1);
      analyze quiet;`);
  });
  afterAll(() => db.close());

  it('vacuums a table once its inserted rows pass the rule, not before', async () => {
    const { threshold, scale } = AUTOVACUUM.inserted;
    // An empty table: 1,000 inserted rows are not yet due for a vacuum (only for an analyse).
    await db.exec(`insert into t select g, g, repeat('x', 200) from generate_series(1, ${threshold}) g`);
    expect(await vacuumDue(db)).toEqual(['analyze "t"']);
    // Now 1,000 tuples: 1,000 + 20 % of them = 1,200 rows inserted since the last vacuum are not due, 1,201 are.
    const due = threshold + scale * threshold + 1;
    await db.exec(`insert into t select g, g, 'x' from generate_series(${threshold + 1}, ${due}) g`);
    expect(await vacuumDue(db)).toEqual(['vacuum (analyze) "t"']);
    const after = await visible();
    expect(after.relpages).toBeGreaterThan(10);
    expect(after.relallvisible).toBe(after.relpages);
    // Nothing changed since: nothing is due, and a count reads the index without visiting the table.
    expect(await vacuumDue(db)).toEqual([]);
    expect(await plan()).toMatch(/Index Only Scan using t_k[\s\S]*Heap Fetches: 0/);
  });

  it('vacuums again when the dead rows pass 50 + 20 % of the table', async () => {
    // 1,201 rows: more than 290 dead rows are due. 100 updated rows are not (nor due for an analyse: 170).
    await db.exec(`update t set v = 'y' where id <= 100`);
    expect(await vacuumDue(db)).toEqual([]);
    await db.exec(`update t set v = 'z' where id > 100 and id <= 400`);
    expect(await vacuumDue(db)).toEqual(['vacuum (analyze) "t"']);
    expect(await vacuumDue(db)).toEqual([]);
  });
});
