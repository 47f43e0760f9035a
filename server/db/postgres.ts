import pg from 'pg';
import { GENERIC_PLAN, type Db, type QueryResult } from './db';
import { namedNow } from './pgliteStatements.mjs';

// numeric stays a string (money is exact decimal strings end to end); bigint counts become strings too,
// so queries cast counts to int.
export async function openPostgres(url: string): Promise<Db> {
  // PostgreSQL's plan cache decides between a plan made for each call's values and one generic plan
  // (plan_cache_mode auto), as on the embedded database: planning a list statement over the side table's
  // many indexes cost more than running it (ADR 0002). Statements whose plan hangs on their values stay
  // unprepared (preparedStatements).
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection the server ends (restart, failover, database dropped) is dropped by the pool
  // and replaced on next use; unheard, its 'error' event would end the whole process. /readyz tells.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  const toResult = <T>(r: pg.QueryResult): QueryResult<T> => ({
    rows: r.rows as T[],
    affectedRows: r.rowCount ?? 0,
  });
  const prepared = preparedStatements();
  // Connections for GENERIC_PLAN statements, made when first needed.
  let genericPool: pg.Pool | null = null;
  const poolFor = (sql: string): pg.Pool => {
    if (!sql.startsWith(GENERIC_PLAN)) return pool;
    if (!genericPool) {
      genericPool = new pg.Pool({
        connectionString: url,
        max: GENERIC_POOL_SIZE,
        options: '-c plan_cache_mode=force_generic_plan',
      });
      genericPool.on('error', () => undefined);
    }
    return genericPool;
  };
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) =>
      toResult<T>(await poolFor(sql).query(prepared(sql, params))),
    exec: async (sql) => void (await pool.query(sql)),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) =>
            toResult<T>(await client.query(prepared(sql, params))),
        });
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback');
        throw e;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload, onState) => listenOn(url, channel, onPayload, onState),
    close: async () => {
      await Promise.all([pool.end(), genericPool?.end()]);
    },
    stats: () => ({
      total: pool.totalCount + (genericPool?.totalCount ?? 0),
      idle: pool.idleCount + (genericPool?.idleCount ?? 0),
      waiting: pool.waitingCount + (genericPool?.waitingCount ?? 0),
    }),
  };
}

/** Connections of the generic-plan pool (GENERIC_PLAN), beside the main pool's 10. */
const GENERIC_POOL_SIZE = 5;

/** Distinct statement texts prepared by name; beyond, statements are parsed on every call as before. */
const MAX_PREPARED = 500;

/**
 * A query with parameters as a named prepared statement once its text recurs (one name per SQL text,
 * prepared once per pooled connection by pg): PostgreSQL then skips parsing and analysing it on every later
 * call, and its plan cache keeps the plan. Statements without parameters (DDL, begin/commit, listen) and
 * those planned for their values (`VALUE_PLANNED`, server/db/pgliteStatements.mjs) stay unnamed.
 */
function preparedStatements(): (sql: string, params?: unknown[]) => pg.QueryConfig {
  const names = new Map<string, string>();
  const calls = new Map<string, number>();
  return (text, values) => {
    if (!values?.length) return { text };
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      if (namedNow(calls, text)) names.set(text, (name = `scf_${names.size}`));
    }
    return name === undefined ? { text, values } : { name, text, values };
  };
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it breaks, it
 * reconnects every second; `onState(false)` when it is lost, `onState(true)` when it is back.
 */
async function listenOn(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) onPayload(m.payload ?? '');
    });
    const lost = (): void => {
      if (client !== c) return;
      client = null;
      onState(false);
      void c.end().catch(() => undefined);
      retry();
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (e) {
      void c.end().catch(() => undefined);
      throw e;
    }
    client = c;
  };
  const retry = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      connect().then(() => onState(true), retry);
    }, RECONNECT_MS);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
