import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { defineConfig } from '@playwright/test';
// @ts-expect-error -- plain ESM helper shared with the scripts
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.mjs';

/**
 * Each worker starts its own reference server (port E2E_PORT + worker index) on its own copy of the seeded
 * template database in the worker-scoped `portal` fixture of tests/e2e/fixtures.ts. Every spec file is a
 * project of its own, and Playwright never reuses a worker across projects: a spec file's data are never
 * touched by another file, so the order of files does not matter. One worker per core: the suite is
 * CPU-bound (a worker's server, browser and test process together keep about one core busy), so a machine
 * with more cores finishes it sooner. E2E_WORKERS overrides the count.
 */
const workers = Number(process.env.E2E_WORKERS ?? cpus().length);
/**
 * Each spec file's summed test time in a recent run (tests/e2e/durations.json, written by
 * scripts/e2e-durations.mjs): the files start longest first, so the run does not end with one long file
 * alone on a half-idle machine (walk.spec.ts ran last and alone for ~3 minutes when files went in name
 * order). A file not listed yet goes first: it may be long.
 */
const durations = JSON.parse(
  readFileSync(new URL('tests/e2e/durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;
const specFiles = readdirSync(new URL('tests/e2e', import.meta.url))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort((a, b) => (durations[b] ?? Infinity) - (durations[a] ?? Infinity) || a.localeCompare(b));

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  projects: specFiles.map((file) => ({ name: file.replace(/\.spec\.ts$/, ''), testMatch: file })),
  workers,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    locale: 'zh-CN',
    // The portal turns antd's motion off for it (src/AntdRoot.tsx): no click lands in an overlay still opening.
    reducedMotion: 'reduce',
    viewport: { width: 1480, height: 900 },
    launchOptions: {
      executablePath: (findChromium({ headlessShell: true }) as string | null) ?? undefined,
      args: [
        ...CHROMIUM_ARGS,
        // No optimising JIT tiers in the page: an e2e page lives seconds, and V8's background Maglev and
        // TurboFan compiles of the portal's bundles were a third of a list page load's browser CPU (7.7 ->
        // 4.5 CPU-s for three loads, measured with /proc per thread). The bench keeps the JIT (scripts/bench.mjs).
        '--js-flags=--no-opt --no-maglev',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
