// Finds a Chromium for Playwright: CHROMIUM_PATH, the system Chromium, or Playwright's own browser.
// Dependency-free apart from Playwright itself; used by the e2e runner, the bench and the screenshot tool.
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The second demo brand lives on abs.localhost; resolve it to loopback whatever the system resolver does.
  '--host-resolver-rules=MAP abs.localhost 127.0.0.1',
];

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** @returns {string | null} */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const candidate of SYSTEM_CANDIDATES) if (existsSync(candidate)) return candidate;
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache)
      .filter((d) => d.startsWith('chromium'))
      .sort()
      .reverse()) {
      for (const rel of ['chrome-linux/chrome', 'chrome-linux64/chrome']) {
        const p = join(cache, dir, rel);
        if (existsSync(p)) return p;
      }
    }
  }
  return null;
}

export const INSTALL_HINT =
  'No Chromium found. Install one of: Debian/Ubuntu `sudo apt-get install chromium fonts-wqy-microhei`; ' +
  'or `npx playwright install chromium` where downloads are allowed; or set CHROMIUM_PATH=/path/to/chrome.';
