import type { PGlite } from '@electric-sql/pglite';

/** Most statement texts prepared by name at once. */
export declare const MAX_PREPARED: number;

/** Counts a call of the unnamed text `sql`; true when this call names it (server/db/postgres.ts too). */
export declare function namedNow(calls: Map<string, number>, sql: string): boolean;

/** `query(sql, params)` on `pg` as `pg.query` answers it, in one exchange, prepared once it recurs. */
export declare function statementRunner(
  pg: PGlite,
): (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; affectedRows: number }>;
