/** The storage boundary: the same SQL runs on embedded PGlite and on a real PostgreSQL server. */
export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/**
 * Leads a statement whose best plan is the same whatever its parameters' values (a list page filtered by
 * equalities only: the enterprise, a state, eq and in filters, each a leading column of the side table's
 * indexes). A shared PostgreSQL runs it on connections that use the generic plan from the first call
 * (server/db/postgres.ts): the plan cache's own choice (plan_cache_mode auto) weighs the generic plan's
 * estimate for an average enterprise against the custom plan's for this one, and past ~1M records took the
 * custom plan every time, planning each call (about 0.6 ms of a 2.7 ms list) for the very same plan. The
 * embedded database keeps its plan cache's choice (the mark is a comment there).
 */
export const GENERIC_PLAN = '/* generic plan */ ';

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for every notification on `channel` (LISTEN). `onState(false)` when notifications may
   * be missed (the listening connection was lost), `onState(true)` when it is back. Resolves to unlisten.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections in use, idle and callers waiting for one (metrics, server/ops.ts). */
  stats(): DbStats;
}

/** A pool's state (PostgreSQL) or the embedded database's single connection and its queue. */
export interface DbStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The embedded database runs one statement at a time; a transaction must hold the connection, so every
 * other caller waits for it instead of interleaving its statements into the open transaction. `run(fn)`
 * starts `fn` after every earlier call has settled; `pending()` counts the calls not yet settled.
 */
export function serialQueue(): { run: <T>(fn: () => Promise<T>) => Promise<T>; pending: () => number } {
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    run: <T>(fn: () => Promise<T>): Promise<T> => {
      pending++;
      const run = queue.then(fn, fn).finally(() => pending--);
      queue = run.catch(() => undefined);
      return run;
    },
    pending: () => pending,
  };
}

/** PostgreSQL's deadlock victim (40P01) and serialization failure (40001): the whole transaction was undone. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * `db.transaction(fn)`, run again (up to three times in all) when PostgreSQL undid it as a deadlock's victim
 * or a serialization failure: nothing of it was kept, so running it again is what the user would do. `fn`
 * must keep its effects in the transaction (no SMS, no file stored). Other errors, and the third failure,
 * reach the caller (answered BUSY).
 */
export async function retryingTransaction<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw e;
      // The other transaction holds its locks until it commits: give it a moment, at a random offset.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

export interface OpenDbOptions {
  /** `postgres://...`: use a real PostgreSQL server. */
  databaseUrl?: string;
  /** Directory of the embedded database; omitted means in memory. */
  dataDir?: string;
  /** A `dumpDataDir` tarball to start from (fast test fixtures). */
  loadDataDir?: Blob;
  /** Runs the embedded database on a thread of its own (server/db/pgliteThread.ts) instead of the caller's. */
  thread?: boolean;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl);
  }
  if (options.thread) {
    const { openPgliteThread } = await import('./pgliteThread');
    return openPgliteThread(options);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options);
}
