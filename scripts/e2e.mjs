// `npm run test:e2e`: builds the portal if needed, finds a Chromium, runs Playwright (extra args pass through).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, INSTALL_HINT } from './browser.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
let chromium = findChromium({ headlessShell: true });
if (!chromium && !process.env.CHROMIUM_PATH) {
  console.log("no Chromium found; trying Playwright's own (npx playwright install chromium)...");
  spawnSync(
    process.execPath,
    [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'install', 'chromium'],
    {
      cwd: root,
      stdio: 'inherit',
      timeout: 300000,
    },
  );
  chromium = findChromium({ headlessShell: true });
}
if (!chromium) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
buildIfNeeded();
const r = spawnSync(
  process.execPath,
  [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(r.status ?? 1);
