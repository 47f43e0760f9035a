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

/**
 * Debian's "old headless" Chromium (package chromium-headless-shell): the same engine without the full
 * browser's UI layers. The e2e suite runs on it: the same two spec files took 25% less CPU (server and
 * runner included) than on the full Chromium in headless mode, 48 s against 64 s. The bench keeps the full
 * browser, so its figures stay comparable with the baselines in ../shared/PERFORMANCE.md.
 */
const HEADLESS_SHELL_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/lib/chromium/chromium-headless-shell',
];

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * @param {{ headlessShell?: boolean }} [options] headlessShell: prefer the headless shell when installed
 *   (tests); CHROMIUM_PATH wins either way.
 * @returns {string | null}
 */
export function findChromium({ headlessShell = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const candidates = headlessShell ? [...HEADLESS_SHELL_CANDIDATES, ...SYSTEM_CANDIDATES] : SYSTEM_CANDIDATES;
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
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
  'No Chromium found. Install one of: Debian/Ubuntu `sudo apt-get install chromium chromium-headless-shell fonts-wqy-microhei`; ' +
  'or `npx playwright install chromium` where downloads are allowed; or set CHROMIUM_PATH=/path/to/chrome.';
