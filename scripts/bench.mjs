// `npm run bench`: performance figures printed next to the targets of shared/PERFORMANCE.md (never asserted).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from './browser.mjs';
import { buildIfNeeded, distDir } from './build-if-needed.mjs';
import { chunkTable, kB, LOGIN_FIRST_LOAD_BUDGET, pageScripts } from './bench/bundle.mjs';
import { httpBench, listBench } from './bench/http.mjs';
import { modelsBench } from './bench/models.mjs';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { renderBench } from './bench/render.mjs';
import { flatBench, scaleBench } from './bench/scale.mjs';
import { startServer } from './bench/server.mjs';
import { freePort, postgresBin, startPostgres } from './pg-server.ts';

const executablePath = findChromium();
if (!executablePath) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
buildIfNeeded();
// `npm run bench -- --render`: only the login bundle and the renderer's render figures (a few minutes less).
const renderOnly = process.argv.includes('--render');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load();
const server = await startServer(await freePort());
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const rows = [];
const row = (figure, value, target, baseline = '') => rows.push({ figure, value, target, baseline });

try {
  const login = await pageScripts(browser, server.url, '/cv3/login/login', '[data-testid="login-submit"]');
  row(
    'login page first-load JS (gzip)',
    kB(login.gzip),
    `≤ ${LOGIN_FIRST_LOAD_BUDGET / 1024} kB`,
    'antd form by hand 216 kB',
  );
  row('login page first-load JS (raw)', kB(login.raw), '', '');
  row('login page scripts requested', String(login.files.length), '', '');
  if (process.argv.includes('--verbose')) for (const f of login.files) console.log('  login loads', f);
  rows.push(...(await renderBench(browser, server.url)));
  if (!renderOnly) {
    rows.push(...(await httpBench(server.url, { label: 'embedded', pid: server.child.pid })));
    rows.push(...(await listBench(server.url, { label: 'embedded', pid: server.child.pid })));
    rows.push(...(await modelsBench()));
  }
} finally {
  await browser.close();
  server.stop();
}

// PostgreSQL: the same requests on one instance and on three behind one port (npm run start:cluster), then
// 1,000,000 vouchers (skip with --no-scale: it takes minutes).
if (!renderOnly && postgresBin()) {
  const pg = await startPostgres(['max_connections=100']);
  try {
    for (const [label, script, args] of [
      ['PostgreSQL', 'start.mjs', []],
      ['3 instances', 'start-cluster.mjs', ['--instances', '3']],
    ]) {
      const s = await startServer(await freePort(), { DATABASE_URL: pg.url }, script, args);
      try {
        // PostgreSQL's own CPU too (the postmaster and its backends), beside the server's.
        const dbPid = Number(readFileSync(join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        rows.push(...(await httpBench(s.url, { label, pid: s.child.pid, dbPid })));
        rows.push(...(await listBench(s.url, { label, pid: s.child.pid, dbPid })));
      } finally {
        s.stop();
        await new Promise((r) => s.child.once('exit', r));
      }
    }
  } finally {
    pg.stop();
  }
  if (!process.argv.includes('--no-scale')) {
    rows.push(
      ...(await scaleBench({
        explain: process.argv.includes('--explain'),
        compare: process.argv.includes('--compare'),
      })),
    );
    // Cost follows the enterprise: the same lists at 100k, 1M and 3M vouchers, the supplier's own fixed.
    if (!process.argv.includes('--no-flat')) rows.push(...(await flatBench()));
  }
} else if (!renderOnly) {
  console.log('no PostgreSQL server binaries: PostgreSQL figures skipped');
}

console.log(
  `\nload average (1/5/15 min): ${loadAtStart} at start, ${load()} at end, ${availableParallelism()} cores`,
);
console.log(`${'figure'.padEnd(52)} value        target       baseline (PERFORMANCE.md)`);
for (const r of rows)
  console.log(`${r.figure.padEnd(52)} ${r.value.padEnd(12)} ${r.target.padEnd(12)} ${r.baseline}`);

console.log('\nroute chunks (dist/assets)                         raw         gzip');
for (const c of chunkTable(distDir))
  console.log(`${c.file.padEnd(48)} ${kB(c.raw).padStart(10)} ${kB(c.gzip).padStart(10)}`);
process.exit(0);
