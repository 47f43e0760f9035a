import pg from 'pg';
import type { Db, QueryResult } from './db';

// numeric stays a string (money is exact decimal strings end to end); bigint counts become strings too,
// so queries cast counts to int.
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  const toResult = <T>(r: pg.QueryResult): QueryResult<T> => ({
    rows: r.rows as T[],
    affectedRows: r.rowCount ?? 0,
  });
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => toResult<T>(await pool.query(sql, params)),
    exec: async (sql) => void (await pool.query(sql)),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => toResult<T>(await client.query(sql, params)),
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
    close: () => pool.end(),
  };
}
