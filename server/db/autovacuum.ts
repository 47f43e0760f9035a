import type { Db } from './db';

/**
 * PostgreSQL's autovacuum rule, applied by the server to the embedded database: PGlite runs one backend and
 * no autovacuum launcher (ADR 0002), so without this its tables were never vacuumed. Vacuum sets a table's
 * visibility map, without which the planner cannot answer a count or a filtered list from an index alone
 * (the side tables' covering indexes, server/models/modelTables.ts) and scans the table instead: on 10,000
 * vouchers a filtered list's capped count took 10.2 ms before the table's first vacuum and 3.5 ms after.
 * A real PostgreSQL server vacuums by itself; there the rule is not applied.
 *
 * The thresholds are PostgreSQL's defaults (autovacuum_vacuum_threshold and _scale_factor,
 * autovacuum_vacuum_insert_threshold and _scale_factor, autovacuum_analyze_threshold and _scale_factor).
 */
export const AUTOVACUUM = {
  dead: { threshold: 50, scale: 0.2 },
  inserted: { threshold: 1000, scale: 0.2 },
  changed: { threshold: 50, scale: 0.1 },
} as const;

/** How often the embedded server looks for tables due (server/main.ts). */
export const AUTOVACUUM_INTERVAL_MS = 60_000;

/**
 * Vacuums (and analyses) each table of the current schema whose dead rows or rows inserted since its last
 * vacuum pass the rule, and analyses each whose changes since its last analyse do. Resolves to the statements
 * run, in table order; on PostgreSQL to none.
 */
export async function vacuumDue(db: Db): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  // The backend reports its table counters when idle at most once a second; this makes the next report due now.
  await db.query('select pg_stat_force_next_flush()');
  const rule = (counter: string, { threshold, scale }: { threshold: number; scale: number }): string =>
    `s.${counter} > ${threshold} + ${scale} * greatest(c.reltuples, 0)`;
  const due = await db.query<{ relname: string; vacuum: boolean; analyze: boolean }>(
    `select s.relname,
        ${rule('n_dead_tup', AUTOVACUUM.dead)} or ${rule('n_ins_since_vacuum', AUTOVACUUM.inserted)} as vacuum,
        ${rule('n_mod_since_analyze', AUTOVACUUM.changed)} as analyze
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema()
      order by s.relname`,
  );
  const statements: string[] = [];
  for (const { relname, vacuum, analyze } of due.rows) {
    const table = `"${relname.replace(/"/g, '""')}"`;
    if (vacuum) statements.push(`vacuum (analyze) ${table}`);
    else if (analyze) statements.push(`analyze ${table}`);
  }
  // One at a time: VACUUM cannot run inside the implicit transaction of a multi-statement script.
  for (const sql of statements) await db.exec(sql);
  return statements;
}
