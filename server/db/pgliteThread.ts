import { Worker } from 'node:worker_threads';
import type { Queryable, QueryResult } from './db';
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
 * statement runs, and the two cores of a small machine share the work. Every statement is sent to the
 * thread at once, so the database never waits for the server's thread to hand it the next one; the thread
 * runs them one at a time in the order sent, and a transaction holds it from BEGIN to COMMIT or ROLLBACK,
 * so no other caller's statement lands inside it (server/db/pgliteWorker.mjs). README "Settings"
 * `EMBEDDED_DB_THREAD`.
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
  const query = <T>(sql: string, params?: unknown[], tx?: number): Promise<QueryResult<T>> =>
    call<QueryResult<T>>('query', { sql, params, tx });
  let nextTx = 0;

  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => query<T>(sql, params),
    exec: (sql) => call<void>('exec', { sql }),
    transaction: async (fn) => {
      const tx = nextTx++;
      const inside: Queryable = { query: (sql, params) => query(sql, params, tx) };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        await call('begin', { tx });
        result = await fn(inside);
      } catch (e) {
        // The rollback also ends the transaction's hold when its BEGIN failed.
        await call('rollback', { tx }).catch(() => undefined);
        throw e;
      }
      // A failed commit has ended the transaction too (server/db/pgliteWorker.mjs).
      await call('commit', { tx });
      return result;
    },
    listen: async (channel, onPayload) => {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await call('listen', { channel });
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await call('unlisten', { channel });
        }
      };
    },
    close: async () => {
      if (!ended) await call('close');
      await worker.terminate();
    },
    // Calls sent and not yet answered: the one running and those waiting behind it.
    stats: () => ({
      total: 1,
      idle: waiting.size === 0 ? 1 : 0,
      waiting: Math.max(0, waiting.size - 1),
    }),
    dump: async () => {
      const { bytes, type } = await call<{ bytes: ArrayBuffer; type: string }>('dump');
      return new Blob([bytes], { type });
    },
  };
}
