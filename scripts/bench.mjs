// `npm run bench`: performance figures printed next to the targets of shared/PERFORMANCE.md (never asserted).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from './browser.mjs';
import { buildIfNeeded, distDir } from './build-if-needed.mjs';
import { chunkTable, kB, pageScripts } from './bench/bundle.mjs';
import { httpBench } from './bench/http.mjs';
import { modelsBench } from './bench/models.mjs';
import { renderBench } from './bench/render.mjs';
import { startServer } from './bench/server.mjs';

const executablePath = findChromium();
if (!executablePath) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
buildIfNeeded();
const server = await startServer();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const rows = [];
const row = (figure, value, target, baseline = '') => rows.push({ figure, value, target, baseline });

try {
  const login = await pageScripts(browser, server.url, '/cv3/login/login', '[data-testid="login-submit"]');
  row('login page first-load JS (gzip)', kB(login.gzip), '≤ 180 kB', 'antd form by hand 216 kB');
  row('login page first-load JS (raw)', kB(login.raw), '', '');
  row('login page scripts requested', String(login.files.length), '', '');
  if (process.argv.includes('--verbose')) for (const f of login.files) console.log('  login loads', f);
  rows.push(...(await renderBench(browser, server.url)));
  rows.push(...(await httpBench(server.url)));
  rows.push(...(await modelsBench()));
} finally {
  await browser.close();
  server.stop();
}

console.log('\nfigure                                   value        target       baseline (PERFORMANCE.md)');
for (const r of rows)
  console.log(`${r.figure.padEnd(40)} ${r.value.padEnd(12)} ${r.target.padEnd(12)} ${r.baseline}`);

console.log('\nroute chunks (dist/assets)                         raw         gzip');
for (const c of chunkTable(distDir))
  console.log(`${c.file.padEnd(48)} ${kB(c.raw).padStart(10)} ${kB(c.gzip).padStart(10)}`);
process.exit(0);
