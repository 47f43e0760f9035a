import { describe, expect, it } from 'vitest';
import { SessionCache } from '@server/auth/sessionCache';
import { ChangeFeed } from '@server/db/changes';
import type { Db, QueryResult } from '@server/db/db';

/**
 * On a shared PostgreSQL every use of a cached session reads the session generation (docs/decisions/0006):
 * concurrent callers share one read, but never one that started before they called.
 */
function fakePostgres() {
  const reads: Array<{ value: string; finish: (error?: Error) => void }> = [];
  let n = 0;
  const db = {
    kind: 'postgres',
    query: <T>(sql: string): Promise<QueryResult<T>> => {
      expect(sql).toContain('session_generation');
      // The value is the generation when the read starts.
      const value = String(++n);
      return new Promise((resolve, reject) =>
        reads.push({
          value,
          finish: (error) =>
            error ? reject(error) : resolve({ rows: [{ n: value }] as T[], affectedRows: 0 }),
        }),
      );
    },
  } as unknown as Db;
  return { db, reads };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the session generation on a shared PostgreSQL', () => {
  it('serves the callers of one turn with one read', async () => {
    const { db, reads } = fakePostgres();
    const cache = new SessionCache(new ChangeFeed(), db);
    const all = Promise.all(Array.from({ length: 20 }, () => cache.since()));
    await turn();
    expect(reads).toHaveLength(1);
    reads[0]!.finish();
    expect((await all).map((s) => s.generation)).toEqual(Array(20).fill('1'));
  });

  it('gives a caller arriving during a read the value of a read that starts after it', async () => {
    const { db, reads } = fakePostgres();
    const cache = new SessionCache(new ChangeFeed(), db);
    const first = cache.since();
    await turn();
    expect(reads).toHaveLength(1);
    // A logout may commit now, while the first read is under way: later callers must not get its value.
    const later = [cache.since(), cache.since()];
    await turn();
    expect(reads).toHaveLength(1);
    reads[0]!.finish();
    expect((await first).generation).toBe('1');
    await turn();
    expect(reads).toHaveLength(2);
    reads[1]!.finish();
    expect((await Promise.all(later)).map((s) => s.generation)).toEqual(['2', '2']);
  });

  it("hands a failed read's error to each of its callers, and reads again for the next", async () => {
    const { db, reads } = fakePostgres();
    const cache = new SessionCache(new ChangeFeed(), db);
    const failed = [cache.since(), cache.since()].map((p) => p.catch((e: Error) => e.message));
    await turn();
    reads[0]!.finish(new Error('connection lost'));
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    const next = cache.since();
    await turn();
    reads[1]!.finish();
    expect((await next).generation).toBe('2');
  });

  it('reads nothing on the embedded database', async () => {
    const { db, reads } = fakePostgres();
    const cache = new SessionCache(new ChangeFeed(), { ...db, kind: 'pglite' } as Db);
    expect((await cache.since()).generation).toBeNull();
    expect(reads).toHaveLength(0);
  });
});
