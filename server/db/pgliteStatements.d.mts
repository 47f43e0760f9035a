import type { PGlite } from '@electric-sql/pglite';

/** Most statement texts prepared by name at once. */
export declare const MAX_PREPARED: number;

/** `query(sql, params)` on `pg` as `pg.query` answers it, in one exchange, prepared once it recurs. */
export declare function statementRunner(
  pg: PGlite,
): (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; affectedRows: number }>;
