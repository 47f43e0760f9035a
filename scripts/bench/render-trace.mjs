// Main-thread CPU of the render bench's keystroke, validate-all and form mount, from a Chromium
// timeline trace: thread time per keystroke (or per validate-all, per mount) spent in script, style,
// layout and paint, for the schema form and the hand-written antd form. Thread time, not wall time, so a change can be judged
// on a loaded machine where the latencies of `npm run bench -- --render` move with the load.
// `node scripts/bench/render-trace.mjs [baseUrl]` against a portal built with VITE_BENCH=1.
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../browser.mjs';

const KEYS = 'abcdefghijklmnopqrst';
/** Trace events summed per phase (nested events count in each: a forced layout is script and layout). */
const PHASES = {
  task: ['RunTask'],
  script: ['FunctionCall', 'EvaluateScript', 'RunMicrotasks'],
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'Commit'],
};

/** Thread ms per phase in `traceEvents` of the renderer's main thread, divided by `count`. */
function phases(traceEvents, count) {
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const out = Object.fromEntries(Object.keys(PHASES).map((p) => [p, 0]));
  let autofill = 0;
  for (const e of traceEvents) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X') continue;
    const ms = (e.tdur ?? e.dur ?? 0) / 1000;
    for (const [phase, names] of Object.entries(PHASES)) if (names.includes(e.name)) out[phase] += ms;
    // Chromium's autofill reads every form control after an edit (up to 200 controls): not the page's work.
    if (e.name === 'ThreadControllerImpl::RunTask' && String(e.args?.src_file).includes('autofill'))
      autofill += ms;
  }
  out.autofill = autofill;
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v / count]));
}

async function traced(browser, page, run) {
  await browser.startTracing(page, {
    categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await run();
  return JSON.parse((await browser.stopTracing()).toString()).traceEvents;
}

async function measure(browser, baseUrl, kind, n, what) {
  const page = await browser.newPage({ viewport: { width: 1480, height: 900 } });
  try {
    await page.goto(`${baseUrl}/cv3/bench/render`);
    await page.getByTestId('bench-ready').waitFor({ timeout: 60_000 });
    const mount = () => page.evaluate(([k, c]) => window.__renderBench.mount(k, c), [kind, n]);
    await mount();
    if (what === 'mount') return phases(await traced(browser, page, mount), 1);
    await mount();
    if (what === 'validate') {
      const events = await traced(browser, page, () =>
        page.evaluate(([k, c]) => window.__renderBench.validateAll(k, c), [kind, n]),
      );
      return phases(events, 1);
    }
    await page.locator('input[type="text"], input:not([type])').first().click();
    await page.waitForTimeout(300);
    const events = await traced(browser, page, async () => {
      await page.keyboard.type(KEYS, { delay: 80 });
      await page.waitForTimeout(200);
    });
    return phases(events, KEYS.length);
  } finally {
    await page.close();
  }
}

/** What the bench traces: [fields, what] per form kind. */
export const TRACED = [
  [200, 'mount'],
  [200, 'keystroke'],
  [1000, 'keystroke'],
  [200, 'validate'],
];

/**
 * Main-thread ms per mount, keystroke or validate-all of the schema form and the hand-written antd form
 * (`${kind} N=${n} ${what}` → thread ms per phase). Used by `npm run bench` (scripts/bench/render.mjs) to
 * print the CPU next to the wall-clock figures.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 */
export async function traceFigures(browser, baseUrl) {
  const out = {};
  for (const [n, what] of TRACED)
    for (const kind of ['schemaForm', 'antdForm'])
      out[`${kind} N=${n} ${what}`] = await measure(browser, baseUrl, kind, n, what);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const cell = (v) => v.toFixed(2).padStart(9);
    console.log(
      `${'thread ms'.padEnd(34)}${Object.keys(PHASES)
        .concat('autofill')
        .map((p) => p.padStart(9))
        .join('')}`,
    );
    for (const [key, r] of Object.entries(await traceFigures(browser, baseUrl)))
      console.log(`${key.padEnd(34)}${Object.values(r).map(cell).join('')}`);
  } finally {
    await browser.close();
  }
}
