import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '@server/db/pglite';
import { migrate } from '@server/db/migrate';
import { openEngine } from '@server/engine';
import { seedAll } from '@server/seed';
import { removePgFixture } from './pgFixture';

/** Builds the migrated, seeded demo database once; every test file starts from a copy of it. */
export const FIXTURE = join(process.cwd(), 'test-results', 'server-fixture.tar.gz');

export default async function setup(project: TestProject): Promise<() => void> {
  const db = await openPglite({});
  await migrate(db);
  await seedAll(await openEngine({ db }));
  const dump = await db.dump();
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  writeFileSync(FIXTURE, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  // The seeded PostgreSQL data directory is made on first use only (tests/server/pgFixture.ts): most runs of a
  // few files never ask for it.
  const run = mkdtempSync(join(tmpdir(), 'scf-pg-fixture-'));
  project.provide('pgFixtureRun', run);
  return () => removePgFixture(run);
}
