import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies every `migrations/NNN_name.sql` not applied yet, each in its own transaction, in name order. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const applied: string[] = [];
  for (const file of await pendingMigrations(db)) {
    const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
    await db.transaction(async (tx) => {
      // Serialises concurrent starters on a shared PostgreSQL (a no-op cost on PGlite).
      await tx.query('select pg_advisory_xact_lock(7340001)');
      const again = await tx.query('select 1 from schema_migrations where name = $1', [file]);
      if (again.rows.length) return;
      for (const statement of splitSql(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** The migration files shipped with this server, in name order. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
}

/** The shipped migrations `db` has not applied (readiness: a database behind this server's code is not ready). */
export async function pendingMigrations(db: Queryable, files?: string[]): Promise<string[]> {
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
  );
  return (files ?? (await migrationFiles())).filter((f) => !done.has(f));
}

/** Splits a migration on `;` at line ends (our migrations keep one statement per `;`-terminated block). */
function splitSql(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
