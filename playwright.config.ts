import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
// @ts-expect-error -- plain ESM helper shared with the scripts
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.mjs';

/** Port of the server the e2e suite starts (a fresh database in a temp directory each run). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'scf-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1480, height: 900 },
    launchOptions: { executablePath: (findChromium() as string | null) ?? undefined, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/cv3/`,
    // Migrations and the demo world (built through the engine) take ~20 s of CPU; more on a busy machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG: 'false',
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      // A list of a few dozen rows is enough to go through the download centre (tests/e2e/lists.spec.ts).
      EXPORT_JOB_THRESHOLD: '20',
      // The test-only endpoints: the emulated SMS gateway's outbox (tests/e2e/register.spec.ts) and the
      // one-time links sent by SMS (server/publicLinks, tests/e2e/factoring-reverse.spec.ts).
      TEST_MODE: 'true',
    },
  },
});
