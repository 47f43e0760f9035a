import { PGlite } from '@electric-sql/pglite';
import { serialQueue, type Db, type OpenDbOptions, type QueryResult } from './db';
import { statementRunner } from './pgliteStatements.mjs';

export interface PgliteDb extends Db {
  /** The embedded database as a tarball (test fixtures). */
  dump(): Promise<Blob>;
}

export async function openPglite(options: OpenDbOptions): Promise<PgliteDb> {
  const pg = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pg.waitReady;
  // One statement at a time, a transaction holding the connection (server/db/db.ts serialQueue).
  const queue = serialQueue();
  const serial = queue.run;
  // Statements in one exchange each, prepared once they recur (server/db/pgliteStatements.mjs).
  const run = statementRunner(pg);
  const query = <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> =>
    run(sql, params) as Promise<QueryResult<T>>;
  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => serial(() => query<T>(sql, params)),
    exec: (sql) => serial(async () => void (await pg.exec(sql))),
    transaction: (fn) => serial(() => pg.transaction(() => fn({ query }))),
    // One process, one connection: nothing can be missed, so it never goes down.
    listen: (channel, onPayload) =>
      serial(async () => {
        const unlisten = await pg.listen(channel, onPayload);
        return () => serial(() => unlisten());
      }),
    close: () => serial(() => pg.close()),
    stats: () => ({
      total: 1,
      idle: queue.pending() === 0 ? 1 : 0,
      waiting: Math.max(0, queue.pending() - 1),
    }),
    dump: () => serial(async () => (await pg.dumpDataDir('gzip')) as Blob),
  };
}
