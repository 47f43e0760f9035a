import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDb } from '@server/db/db';
import { migrate } from '@server/db/migrate';
import { openEngine } from '@server/engine';
import { seedAll } from '@server/seed';
import { startPostgres, type PostgresServer } from '../../scripts/pg-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory of this run (tests/server/globalSetup.ts) where the seeded PostgreSQL fixture is made. */
    pgFixtureRun: string;
  }
}

/** What making the fixture saw: an empty server migrated and seeded, then both again doing nothing. */
export interface PgFixtureBuild {
  dataDir: string;
  migrated: number;
  migratedAgain: string[];
  seeded: boolean;
  seededAgain: boolean;
}

const READY = 'ready.json';
const FAILED = 'failed.txt';
/** How long a file waits for another file's worker to make the fixture. */
const BUILD_TIMEOUT_MS = 300_000;

/** Migrates and seeds an empty PostgreSQL through the engine (what `npm start` does on a new database). */
async function build(run: string): Promise<PgFixtureBuild> {
  const pg = await startPostgres();
  try {
    const db = await openDb({ databaseUrl: pg.url });
    try {
      const migrated = (await migrate(db)).length;
      const migratedAgain = await migrate(db);
      const engine = await openEngine({ db });
      const seeded = await seedAll(engine);
      const seededAgain = await seedAll(engine);
      return { dataDir: pg.dataDir, migrated, migratedAgain, seeded, seededAgain };
    } finally {
      await db.close();
    }
  } catch (e) {
    writeFileSync(join(run, FAILED), String((e as Error).stack ?? e));
    pg.stop();
    throw e;
  } finally {
    pg.halt();
  }
}

/**
 * The seeded PostgreSQL data directory of this run, made once (by whichever test file asks first; the
 * others wait for it) and copied by {@link seededPostgres}: seeding through the engine costs 10–16 s of CPU,
 * a copy well under one.
 */
export async function pgFixture(): Promise<PgFixtureBuild> {
  const run = inject('pgFixtureRun');
  const ready = join(run, READY);
  let claimed = false;
  try {
    mkdirSync(join(run, 'lock'));
    claimed = true;
  } catch {
    // Another file makes it.
  }
  if (claimed) {
    const made = await build(run);
    writeFileSync(ready, JSON.stringify(made));
    return made;
  }
  const until = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(ready)) {
    if (existsSync(join(run, FAILED)))
      throw new Error(`the PostgreSQL fixture failed: ${readFileSync(join(run, FAILED), 'utf8')}`);
    if (Date.now() > until) throw new Error(`no PostgreSQL fixture in ${BUILD_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return JSON.parse(readFileSync(ready, 'utf8')) as PgFixtureBuild;
}

/** A PostgreSQL server of its own on a copy of the seeded fixture (`settings` and `fsync` as startPostgres). */
export async function seededPostgres(
  settings: string[] = [],
  opts: { fsync?: boolean } = {},
): Promise<PostgresServer> {
  return startPostgres(settings, { ...opts, copyOf: (await pgFixture()).dataDir });
}

/** Removes the run's fixture (globalSetup's teardown). */
export function removePgFixture(run: string): void {
  const ready = join(run, READY);
  if (existsSync(ready))
    rmSync((JSON.parse(readFileSync(ready, 'utf8')) as PgFixtureBuild).dataDir, {
      recursive: true,
      force: true,
    });
  rmSync(run, { recursive: true, force: true });
}
