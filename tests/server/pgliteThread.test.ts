import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '@server/db/pglite';
import { openPgliteThread } from '@server/db/pgliteThread';

/**
 * The embedded database on its own thread (server/db/pgliteThread.ts) answers as the in-process one does:
 * the same rows and types, PostgreSQL's error fields, whole transactions, notifications and dumps.
 */
let inProcess: PgliteDb;
let threaded: PgliteDb;

const SETUP = `
  create table t (id text primary key, n numeric(16,2), at timestamptz, j jsonb, b bytea, k bigint, tags text[]);
  insert into t values ('a', 12.50, '2026-11-28T15:30:00Z', '{"x":[1,"二"]}', '\\x0102ff', 9007199254740993, '{甲,乙}');
`;

beforeAll(async () => {
  [inProcess, threaded] = await Promise.all([openPglite({}), openPgliteThread({})]);
  await Promise.all([inProcess.exec(SETUP), threaded.exec(SETUP)]);
});
afterAll(async () => {
  await inProcess?.close();
});

describe('the embedded database on its own thread', () => {
  it('returns the same rows, with the same types, as the in-process database', async () => {
    const sql = 'select * from t where id = $1 and at > $2';
    const params = ['a', new Date('2026-01-01T00:00:00Z')];
    const [expected, actual] = await Promise.all([inProcess.query(sql, params), threaded.query(sql, params)]);
    expect(actual).toEqual(expected);
    const row = actual.rows[0] as { at: unknown; b: unknown; j: unknown };
    expect(row.at).toBeInstanceOf(Date);
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect(row.j).toEqual({ x: [1, '二'] });
    expect((await threaded.query("update t set n = n + 1 where id = 'a'")).affectedRows).toBe(1);
  });

  it("answers PostgreSQL's error with its code and constraint", async () => {
    const error = await threaded.query("insert into t (id) values ('a')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    // The connection goes on after an error.
    expect((await threaded.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps a transaction whole: nothing of a failed one stays, and no other statement lands inside it', async () => {
    let outsider: Promise<unknown> | undefined;
    const failed = threaded
      .transaction(async (tx) => {
        await tx.query("insert into t (id) values ('tx1')");
        // Another caller's statement waits for the transaction instead of joining it.
        outsider = threaded.query("select count(*)::int as c from t where id = 'tx1'");
        throw new Error('refused');
      })
      .catch((e: Error) => e.message);
    expect(await failed).toBe('refused');
    expect(((await outsider) as { rows: unknown[] }).rows).toEqual([{ c: 0 }]);

    const committed = await threaded.transaction(async (tx) => {
      await tx.query("insert into t (id) values ('tx2')");
      return 'done';
    });
    expect(committed).toBe('done');
    expect((await threaded.query("select id from t where id = 'tx2'")).rows).toEqual([{ id: 'tx2' }]);
  });

  it('runs statements sent at once in the order sent, and two transactions one after the other', async () => {
    await threaded.exec('create table seq (n int, who text)');
    // Sent without waiting: each statement sees every earlier one.
    const sent = [1, 2, 3].map((n) => threaded.query('insert into seq values ($1, $2)', [n, 'loose']));
    const seen = threaded.query<{ c: number }>("select count(*)::int as c from seq where who = 'loose'");
    await Promise.all(sent);
    expect((await seen).rows).toEqual([{ c: 3 }]);
    // Two callers' transactions, each giving way between its statements: neither sees a part of the other,
    // and a statement sent from outside while one is open waits for it to end (counts of whole ones only).
    const between = () => new Promise((resolve) => setImmediate(resolve));
    const outside: Array<Promise<{ rows: Array<{ c: number }> }>> = [];
    const writer = (who: string) =>
      threaded.transaction(async (tx) => {
        const other = who === 'a' ? 'b' : 'a';
        const views: number[] = [];
        for (let n = 0; n < 3; n++) {
          await tx.query('insert into seq values ($1, $2)', [n, who]);
          outside.push(threaded.query("select count(*)::int as c from seq where who in ('a', 'b')"));
          const r = await tx.query<{ c: number }>('select count(*)::int as c from seq where who = $1', [
            other,
          ]);
          views.push(r.rows[0]!.c);
          await between();
        }
        return views;
      });
    const [a, b] = await Promise.all([writer('a'), writer('b')]);
    expect(new Set([...a, ...b])).toEqual(new Set([0, 3]));
    const counts = (await Promise.all(outside)).map((r) => r.rows[0]!.c);
    expect(counts).toHaveLength(6);
    for (const c of counts) expect([3, 6]).toContain(c);
  });

  it('refuses a COMMIT that PostgreSQL turned into a ROLLBACK (a statement failed and the caller went on)', async () => {
    const error = await threaded
      .transaction(async (tx) => {
        await tx.query("insert into t (id) values ('tx3')");
        await tx.query("insert into t (id) values ('a')").catch(() => undefined);
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '25P02' });
    expect((await threaded.query("select id from t where id = 'tx3'")).rows).toEqual([]);
  });

  it('delivers notifications to every listener until it unlistens', async () => {
    const seen: string[] = [];
    const unlisten = await threaded.listen(
      'changes',
      (p) => seen.push(p),
      () => undefined,
    );
    await threaded.query("select pg_notify('changes', 'one')");
    await expect.poll(() => seen).toEqual(['one']);
    await unlisten();
    await threaded.query("select pg_notify('changes', 'two')");
    await threaded.query('select 1');
    expect(seen).toEqual(['one']);
  });

  it('dumps a database that the in-process one opens with the same rows', async () => {
    const dump = await threaded.dump();
    const copy = await openPglite({ loadDataDir: dump });
    try {
      const sql = 'select id, n::text from t order by id';
      expect((await copy.query(sql)).rows).toEqual((await threaded.query(sql)).rows);
    } finally {
      await copy.close();
    }
  });

  // Last: it closes the threaded database.
  it('refuses every call once closed, with a message instead of hanging', async () => {
    await threaded.close();
    await expect(threaded.query('select 1')).rejects.toThrow(/thread ended/);
  });
});
