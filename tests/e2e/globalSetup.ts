import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM helper shared with the scripts
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';

/** The seeded demo database every spec file's server starts from a copy of (tests/e2e/fixtures.ts). */
export const TEMPLATE_DIR = 'template';

/**
 * Once per e2e run, before the workers start their servers (tests/e2e/fixtures.ts): makes the run's data
 * directory under E2E_DATA_DIR (or the system's temp directory), which the workers inherit as E2E_RUN_DIR;
 * seeds the demo world once into its `template` (scripts/seed-db.mjs, through the engine, or loaded from
 * E2E_TEMPLATE_DUMP when `npm test` hands over the server suite's fixture) while the portal is built if needed. The returned teardown removes the directory.
 */
export default async function globalSetup(): Promise<() => void> {
  const parent = process.env.E2E_DATA_DIR ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  const runDir = mkdtempSync(join(parent, 'scf-e2e-'));
  process.env.E2E_RUN_DIR = runDir;
  // `npm test` hands over the server suite's seeded fixture, made minutes earlier from the same code.
  const dump = process.env.E2E_TEMPLATE_DUMP;
  const seeding = spawn(process.execPath, ['scripts/seed-db.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: join(runDir, TEMPLATE_DIR),
      ...(dump && existsSync(dump) ? { FROM_DUMP: dump } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seeded = new Promise<number | null>((resolve) => seeding.once('exit', resolve));
  (buildIfNeeded as () => boolean)();
  const status = await seeded;
  if (status !== 0) throw new Error(`seeding the e2e template database failed (exit ${status})`);
  return () => rmSync(runDir, { recursive: true, force: true });
}
