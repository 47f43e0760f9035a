// Usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [--login user]
// Takes a headless-Chromium screenshot of a portal page (for looking at what was built).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from './browser.mjs';

const [url, out, width = '1480', height = '900'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const loginAt = process.argv.indexOf('--login');
const user = loginAt > 0 ? process.argv[loginAt + 1] : null;
const executablePath = findChromium();
if (!executablePath) throw new Error(INSTALL_HINT);
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
if (user) {
  const origin = new URL(url).origin;
  await page.goto(`${origin}/cv3/login/login`);
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(process.env.PASSWORD ?? 'Demo@2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/cv3/login'));
}
await page.goto(url);
await page.waitForLoadState('networkidle');
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(out);
