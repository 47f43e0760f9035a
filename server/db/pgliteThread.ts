import { Worker } from 'node:worker_threads';
import { serialQueue, type Queryable, type QueryResult } from './db';
import type { PgliteDb } from './pglite';

interface Reply {
  id?: number;
  ok?: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
  ready?: boolean;
  notify?: string;
  payload?: string;
}

/** The worker's error as the caller's: an Error with PostgreSQL's fields (`code`, `constraint` ...) kept. */
function toError(data: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(data.message), data);
}

/**
 * The embedded database on a thread of its own (server/db/pgliteWorker.mjs), behind the same {@link PgliteDb}
 * as the in-process one (server/db/pglite.ts): the server's thread parses and answers requests while a
 * statement runs, and the two cores of a small machine share the work. Statements go one at a time, as on
 * the in-process database: a transaction holds the queue from BEGIN to COMMIT or ROLLBACK, so no other
 * caller's statement lands inside it. README "Settings" `EMBEDDED_DB_THREAD`.
 */
export async function openPgliteThread(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteDb> {
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, loadDataDir },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let ended: Error | undefined;
  const fail = (error: Error): void => {
    ended ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: Reply) => (m.ready ? resolve() : reject(toError(m.error!))));
    worker.once('error', reject);
  });
  worker.on('message', (m: Reply) => {
    if (m.notify !== undefined) {
      for (const listener of listeners.get(m.notify) ?? []) listener(m.payload ?? '');
      return;
    }
    const w = waiting.get(m.id!);
    if (!w) return;
    waiting.delete(m.id!);
    if (m.ok) w.resolve(m.result);
    else w.reject(toError(m.error!));
  });
  worker.on('error', (e) => fail(e));
  worker.on('exit', (code) => fail(new Error(`the embedded database's thread ended (exit code ${code})`)));

  const call = <T>(op: string, args: Record<string, unknown> = {}): Promise<T> =>
    ended
      ? Promise.reject(ended)
      : new Promise<T>((resolve, reject) => {
          const id = nextId++;
          waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
          worker.postMessage({ id, op, ...args });
        });
  const query = <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> =>
    call<QueryResult<T>>('query', { sql, params });

  // One statement at a time, a transaction holding the queue (server/db/db.ts serialQueue).
  const queue = serialQueue();
  const serial = queue.run;

  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => serial(() => query<T>(sql, params)),
    exec: (sql) => serial(() => call<void>('exec', { sql })),
    transaction: (fn) =>
      serial(async () => {
        await call('exec', { sql: 'BEGIN' });
        const tx: Queryable = { query };
        try {
          const result = await fn(tx);
          await call('commit');
          return result;
        } catch (e) {
          await call('exec', { sql: 'ROLLBACK' }).catch(() => undefined);
          throw e;
        }
      }),
    listen: (channel, onPayload) =>
      serial(async () => {
        let set = listeners.get(channel);
        if (!set) {
          set = new Set();
          listeners.set(channel, set);
          await call('listen', { channel });
        }
        set.add(onPayload);
        return () =>
          serial(async () => {
            set.delete(onPayload);
            if (set.size === 0 && listeners.get(channel) === set) {
              listeners.delete(channel);
              await call('unlisten', { channel });
            }
          });
      }),
    close: () =>
      serial(async () => {
        if (!ended) await call('close');
        await worker.terminate();
      }),
    stats: () => ({
      total: 1,
      idle: queue.pending() === 0 ? 1 : 0,
      waiting: Math.max(0, queue.pending() - 1),
    }),
    dump: () =>
      serial(async () => {
        const { bytes, type } = await call<{ bytes: ArrayBuffer; type: string }>('dump');
        return new Blob([bytes], { type });
      }),
  };
}
