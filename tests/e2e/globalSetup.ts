import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM helper shared with the scripts
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';

/**
 * Once per e2e run, before the workers start their servers (tests/e2e/fixtures.ts): builds the portal if
 * needed (not by each worker's server at once), and makes the run's data directory under E2E_DATA_DIR (or the
 * system's temp directory), which the workers inherit as E2E_RUN_DIR. The returned teardown removes it.
 */
export default function globalSetup(): () => void {
  (buildIfNeeded as () => boolean)();
  const parent = process.env.E2E_DATA_DIR ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  const runDir = mkdtempSync(join(parent, 'scf-e2e-'));
  process.env.E2E_RUN_DIR = runDir;
  return () => rmSync(runDir, { recursive: true, force: true });
}
