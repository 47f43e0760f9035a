// `npm test`: every suite (typecheck, lint, format, unit, schemas, server, e2e), then one line totalling them: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });
const runStarted = performance.now();
const runStartedAt = Date.now();
const only = process.argv.slice(2);
const want = (suite) => only.length === 0 || only.includes(suite);
const totals = [];
/** Wall time of each suite (or group of suites run at once), printed at the end. */
const walls = [];
const started = (label) => {
  const t0 = performance.now();
  return () => walls.push({ label, seconds: (performance.now() - t0) / 1000 });
};

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

// Static checks first: each is one suite that passes only when all its commands exit 0. Each command is
// single-threaded, so the three suites run at once (on 2 cores ~1 min instead of ~2), their output shown
// suite by suite when all are done.
const node = (script, ...args) => [join(root, 'node_modules', script), ...args];
const CHECKS = {
  typecheck: [node('typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit')],
  lint: [
    node('eslint/bin/eslint.js', '.', '--max-warnings', '0'),
    [join(root, 'scripts', 'check-cycles.mjs')],
  ],
  format: [node('prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn')],
};
/** Runs `args` with node, its output kept: resolves to its exit status and output. */
function runQuietly(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: String(error) }));
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output).toString() }));
  });
}
const checksDone = started(`${Object.keys(CHECKS).filter(want).join(' + ')} (at once)`);
const checks = await Promise.all(
  Object.entries(CHECKS)
    .filter(([suite]) => want(suite))
    .map(async ([suite, commands]) => {
      const results = [];
      for (const args of commands) results.push(await runQuietly(args));
      return { suite, results };
    }),
);
if (checks.length > 0) checksDone();
for (const { suite, results } of checks) {
  console.log(`\n> ${suite}`);
  for (const r of results) process.stdout.write(r.output);
  const ok = results.every((r) => r.status === 0);
  totals.push({ suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

// Vitest: unit, schemas and server projects in one run, counted per project from its JSON report.
const VITEST_SUITES = ['unit', 'schemas', 'server'];
if (VITEST_SUITES.some(want)) {
  const report = join(out, 'vitest.json');
  rmSync(report, { force: true });
  // `unit*`: the unit suite is two projects (vitest.config.ts: files that need a worker of their own).
  const projects = VITEST_SUITES.filter(want).flatMap((p) => ['--project', p === 'unit' ? 'unit*' : p]);
  const vitestDone = started(`${VITEST_SUITES.filter(want).join(' + ')} (vitest, one run)`);
  const status = run(process.execPath, [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  vitestDone();
  const counts = Object.fromEntries(VITEST_SUITES.map((suite) => [suite, { passed: 0, failed: 0 }]));
  const fileSeconds = Object.fromEntries(VITEST_SUITES.map((suite) => [suite, 0]));
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    for (const file of json.testResults) {
      const suite = file.name.includes('/tests/server/')
        ? 'server'
        : file.name.includes('/tests/schemas/')
          ? 'schemas'
          : 'unit';
      // Files run two at a time: their summed durations tell which project the run's time went to.
      if (file.endTime && file.startTime) fileSeconds[suite] += (file.endTime - file.startTime) / 1000;
      for (const t of file.assertionResults) {
        if (t.status === 'passed') counts[suite].passed++;
        else if (t.status === 'failed') counts[suite].failed++;
      }
      // A file that failed to load has no assertions but must not pass silently.
      if (file.status === 'failed' && file.assertionResults.length === 0) counts[suite].failed++;
    }
  }
  for (const suite of VITEST_SUITES.filter(want)) {
    totals.push({ suite, ...counts[suite] });
    walls.push({ label: `  ${suite}: its files' durations summed`, seconds: fileSeconds[suite] });
  }
  // The runner failed without any failing test (a crash, an unhandled error): that is a failure too.
  if (status !== 0 && totals.every((t) => t.failed === 0))
    totals.push({ suite: 'vitest', passed: 0, failed: 1 });
}

if (want('e2e')) {
  const report = join(out, 'e2e.json');
  rmSync(report, { force: true });
  const e2eDone = started('e2e');
  // The server suite's globalSetup seeded the demo world into this dump earlier in this run (its time says
  // so), from the same code: the e2e template is loaded from it instead of seeded again (tests/e2e/globalSetup.ts).
  const fixture = join(out, 'server-fixture.tar.gz');
  const status = run(process.execPath, [join(root, 'scripts', 'e2e.mjs')], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    ...(existsSync(fixture) && statSync(fixture).mtimeMs >= runStartedAt
      ? { E2E_TEMPLATE_DUMP: fixture }
      : {}),
  });
  e2eDone();
  const c = { suite: 'e2e', passed: 0, failed: 0 };
  if (existsSync(report)) {
    const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    c.passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    c.failed = stats.unexpected ?? 0;
  }
  if (status !== 0 && c.failed === 0) c.failed = 1;
  totals.push(c);
}

console.log('\nwall time');
for (const w of walls) console.log(`${w.seconds.toFixed(0).padStart(6)} s  ${w.label}`);
console.log(`${((performance.now() - runStarted) / 1000).toFixed(0).padStart(6)} s  npm test in all`);
console.log('\nsuite     passed  failed');
for (const t of totals)
  console.log(`${t.suite.padEnd(9)} ${String(t.passed).padStart(6)}  ${String(t.failed).padStart(6)}`);
const passed = totals.reduce((n, t) => n + t.passed, 0);
const failed = totals.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
