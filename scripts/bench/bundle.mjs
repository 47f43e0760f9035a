// Bundle figures: JS a page loads in Chromium (raw and gzip), and every chunk of the build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
/** A file's gzip size as the bench counts it (level 9). */
export const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;
const gz = gzipSize;
/** PERFORMANCE.md: the login page's first-load JS, gzip (asserted by tests/e2e/login.spec.ts). */
export const LOGIN_FIRST_LOAD_BUDGET = 115 * 1024;

/** Every script the page requested while loading `path` (until network idle). */
export async function pageScripts(browser, baseUrl, path, waitFor) {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script') return;
    try {
      scripts.set(new URL(r.url()).pathname, await r.body());
    } catch {
      /* body not available (redirect) */
    }
  });
  await page.goto(baseUrl + path);
  if (waitFor) await page.waitForSelector(waitFor);
  await page.waitForLoadState('networkidle');
  await page.close();
  let raw = 0;
  let gzip = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gzip += gz(body);
  }
  return { files: [...scripts.keys()], raw, gzip };
}

/** Every JS chunk of dist/assets with its size, largest first. */
export function chunkTable(distDir) {
  const dir = join(distDir, 'assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const body = readFileSync(join(dir, f));
      return { file: f, raw: body.length, gzip: gz(body) };
    })
    .sort((a, b) => b.raw - a.raw);
}
