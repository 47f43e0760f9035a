// Render bench of the schema renderer against the same pages written by hand with antd, in one
// Chromium run (shared/PERFORMANCE.md's method): mount of a 200-field form and of 100- and 1000-row
// lists, keystroke latency at 200 and 1000 fields, validate-all at 200 fields, and the JS a schema
// page loads. It drives /cv3/bench/render, which exists only in builds made with VITE_BENCH=1
// (e.g. `VITE_BENCH=1 DIST_DIR=dist-bench npm run bench`); on another build it says so.
import { gzipSync } from 'node:zlib';
import { TRACED, traceFigures } from './render-trace.mjs';

const ROUNDS = 5;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (v) => `${v.toFixed(1)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;

async function openBench(browser, baseUrl, query = '') {
  const page = await browser.newPage({ viewport: { width: 1480, height: 900 } });
  await page.goto(`${baseUrl}/cv3/bench/render${query}`);
  const ready = await page
    .getByTestId('bench-ready')
    .waitFor({ timeout: 60_000 })
    .then(() => true)
    .catch(() => false);
  return { page, ready };
}

const mount = (page, kind, n) =>
  page.evaluate(([k, count]) => window.__renderBench.mount(k, count), [kind, n]);

/** Median mount times of `kinds` (interleaved rounds, after one warm-up each). */
async function mounts(page, kinds, n, rounds = ROUNDS) {
  for (const kind of kinds) await mount(page, kind, n);
  const times = Object.fromEntries(kinds.map((k) => [k, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const kind of kinds) times[kind].push(await mount(page, kind, n));
  }
  await page.evaluate(() => window.__renderBench.unmount());
  return Object.fromEntries(kinds.map((k) => [k, median(times[k])]));
}

/** Median keystroke latency typing into the first text input of a mounted form. */
async function keystroke(page, kind, n) {
  await mount(page, kind, n);
  await page.evaluate(() => window.__renderBench.armKeystrokes());
  const input = page.locator('input[type="text"], input:not([type])').first();
  await input.click();
  await page.keyboard.type('abcdefghijkl', { delay: 60 });
  await page.waitForTimeout(200);
  const times = await page.evaluate(() => window.__renderBench.keystrokes());
  return median(times.slice(2));
}

async function validateAll(page, kind, n) {
  const times = [];
  for (let round = 0; round < 3; round += 1) {
    await mount(page, kind, n);
    times.push(await page.evaluate(([k, count]) => window.__renderBench.validateAll(k, count), [kind, n]));
  }
  return median(times);
}

/** Gzip bytes of every script a page requested. */
async function scriptBytes(browser, baseUrl, query) {
  const page = await browser.newPage();
  const bodies = new Map();
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script') return;
    try {
      bodies.set(new URL(r.url()).pathname, await r.body());
    } catch {
      /* redirect without body */
    }
  });
  await page.goto(`${baseUrl}/cv3/bench/render${query}`);
  await page.getByTestId('bench-ready').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  let gzip = 0;
  for (const body of bodies.values()) gzip += gzipSync(body, { level: 9 }).length;
  return gzip;
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl e.g. http://127.0.0.1:18700
 * @returns {Promise<Array<{figure: string, value: string, target: string, baseline: string}>>}
 */
export async function renderBench(browser, baseUrl) {
  const rows = [];
  const row = (figure, value, target, baseline = '') => rows.push({ figure, value, target, baseline });
  const { page, ready } = await openBench(browser, baseUrl);
  if (!ready) {
    await page.close();
    row('schema render bench', 'n/a', '', 'build with VITE_BENCH=1 for /cv3/bench/render');
    return rows;
  }
  try {
    const form = await mounts(page, ['antdForm', 'schemaForm'], 200);
    row(
      'schema form N=200: mount',
      `${ms(form.schemaForm)} ${ratio(form.schemaForm, form.antdForm)}`,
      '≤ 0.8× antd',
      `antd by hand ${ms(form.antdForm)}`,
    );
    const list = await mounts(page, ['antdList', 'schemaList'], 100);
    row(
      'schema list R=100: mount',
      `${ms(list.schemaList)} ${ratio(list.schemaList, list.antdList)}`,
      '≤ 1.0× antd',
      `antd Table ${ms(list.antdList)}`,
    );
    const big = await mounts(page, ['antdList', 'schemaList'], 1000, 3);
    row(
      'schema list R=1000: mount',
      `${ms(big.schemaList)} ${ratio(big.schemaList, big.antdList)}`,
      '≤ 1.0× antd',
      `antd Table ${ms(big.antdList)}`,
    );
    const k200 = await keystroke(page, 'schemaForm', 200);
    const a200 = await keystroke(page, 'antdForm', 200);
    row('schema form N=200: keystroke', ms(k200), '≤ 10 ms', `antd by hand ${ms(a200)}`);
    const k1000 = await keystroke(page, 'schemaForm', 1000);
    const a1000 = await keystroke(page, 'antdForm', 1000);
    row('schema form N=1000: keystroke', ms(k1000), '≤ 10 ms', `antd by hand ${ms(a1000)}`);
    const vs = await validateAll(page, 'schemaForm', 200);
    const va = await validateAll(page, 'antdForm', 200);
    row(
      'schema form N=200: validate all',
      `${ms(vs)} ${ratio(vs, va)}`,
      '≤ 0.15× antd',
      `antd by hand ${ms(va)}`,
    );
  } finally {
    await page.close();
  }
  // The same figures as main-thread CPU from a timeline trace (render-trace.mjs): unlike the latencies
  // above they hardly move with the machine's load, so a change can be judged on a busy machine.
  const cpu = await traceFigures(browser, baseUrl);
  const threadMs = (r) => r.task - r.autofill;
  for (const [n, what] of TRACED) {
    const schema = threadMs(cpu[`schemaForm N=${n} ${what}`]);
    const antd = threadMs(cpu[`antdForm N=${n} ${what}`]);
    row(
      `schema form N=${n}: ${what === 'validate' ? 'validate all' : what} (main-thread CPU)`,
      `${ms(schema)} ${ratio(schema, antd)}`,
      '',
      `antd by hand ${ms(antd)}`,
    );
  }
  const empty = await scriptBytes(browser, baseUrl, '?only=none');
  const formPage = await scriptBytes(browser, baseUrl, '?only=form');
  const listPage = await scriptBytes(browser, baseUrl, '?only=list');
  const shellNote = `portal entry (React, router, request layer) ${kB(empty)} not counted`;
  row(
    'schema form page JS (gzip)',
    kB(formPage - empty),
    '≤ 280 kB',
    `${kB(formPage)} with the ${shellNote}`,
  );
  row('schema list page JS (gzip)', kB(listPage - empty), '≤ 280 kB', `${kB(listPage)} with the entry`);
  return rows;
}

// `node scripts/bench/render.mjs [baseUrl]`: runs the render bench alone against a running portal.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_ARGS, findChromium } = await import('../browser.mjs');
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    for (const r of await renderBench(browser, process.argv[2] ?? 'http://127.0.0.1:8080')) {
      console.log(`${r.figure.padEnd(36)} ${r.value.padEnd(22)} ${r.target.padEnd(12)} ${r.baseline}`);
    }
  } finally {
    await browser.close();
  }
}
