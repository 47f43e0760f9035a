import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';
import { API } from '../../contract/api';
import { encryptPassword } from '../../server/auth/passwordKey';
import { STORAGE_KEYS } from '../../src/api/constants';
import { signedCallHeaders } from '../../src/api/signature';
import { TEMPLATE_DIR } from './globalSetup';

/** The first worker's portal port; worker n (its parallel index) has its own server on E2E_PORT + n. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);

/**
 * The loopback ports of the helper processes a spec file starts, as offsets from its worker's portal port.
 * Two workers' ports of one helper are one apart, so the offsets leave room for three workers; no agent takes
 * the portal's default agent port (18180 = the default E2E_PORT + 100), which pages without an agent of their
 * own would reach.
 */
export const HELPER_PORT_OFFSETS = { studio: 5, ukeyAgent: 101, creditSignAgent: 104, signingAgent: 107 };

/** The reference server of one Playwright worker: its own process, port and data directory. */
export interface Portal {
  readonly port: number;
  /** e.g. http://127.0.0.1:18080 */
  readonly origin: string;
  /** The port of a helper process (signing agent, studio) that talks to this portal. */
  helperPort(helper: keyof typeof HELPER_PORT_OFFSETS): number;
}

/** The server's environment in the e2e suite. */
const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG: 'false',
  DIST_DIR: process.env.DIST_DIR ?? 'dist',
  // A list of a few dozen rows is enough to go through the download centre (tests/e2e/lists.spec.ts).
  EXPORT_JOB_THRESHOLD: '20',
  // The test-only endpoints: the emulated SMS gateway's outbox (tests/e2e/register.spec.ts) and the
  // one-time links sent by SMS (server/publicLinks, tests/e2e/factoring-reverse.spec.ts).
  TEST_MODE: 'true',
  // The emulated back office approves a product-opening application after 2 s (register.spec.ts).
  PRODUCT_APPROVAL_SECONDS: '2',
};

/**
 * Writes data the engine no longer makes (records of before a rule, e.g. a plan sealed while its assets
 * were mid-flow) straight into a worker's copy of the database, before its server opens it.
 */
async function writeLegacyData(dataDir: string, statements: readonly string[]): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite({ dataDir });
  try {
    for (const sql of statements) {
      const r = await pg.query(sql);
      if (!r.affectedRows) throw new Error(`legacy data: changed nothing: ${sql}`);
    }
  } finally {
    await pg.close();
  }
}

/**
 * Starts `scripts/start.mjs` for a worker on its own copy of the run's seeded template database
 * (tests/e2e/globalSetup.ts). Each spec file is a project of its own (playwright.config.ts), so its
 * workers serve it alone: its data are what the seed made plus what its own tests did, whatever ran before.
 * The copy is kept if the worker restarts after a failure, so the file's later tests find the world as
 * one server would have left it. Resolves when the portal answers.
 */
async function startPortal(
  index: number,
  specFile: string,
  serverEnv: Readonly<Record<string, string>>,
  legacySql: readonly string[],
): Promise<{ portal: Portal; stop: () => Promise<void> }> {
  const port = E2E_PORT + index;
  const origin = `http://127.0.0.1:${port}`;
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is unset: run the e2e suite through playwright.config.ts');
  const dataDir = join(runDir, `${specFile}-${index}`);
  if (!existsSync(dataDir)) {
    cpSync(join(runDir, TEMPLATE_DIR), dataDir, { recursive: true });
    if (legacySql.length) await writeLegacyData(dataDir, legacySql);
  }
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      ...serverEnv,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Opening a copy of the seeded database and building the app take ~4 s; more on a busy machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the e2e server on port ${port} exited (${child.exitCode}):\n${stderr}`);
    const res = await fetch(`${origin}/cv3/`).catch(() => undefined);
    if (res?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the e2e server on port ${port} did not answer:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const portal: Portal = {
    port,
    origin,
    helperPort: (helper) => port + HELPER_PORT_OFFSETS[helper],
  };
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    // SIGTERM closes the database cleanly (server/main.ts); wait so a restarted worker can reopen it.
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killed);
  };
  return { portal, stop };
}

/**
 * Playwright's test with the worker's own reference server as `portal` and `baseURL`. A spec file may give
 * its server more settings with `test.use({ serverEnv: {...} })` (e.g. PRODUCT_DIRS), and data of before a
 * rule with `test.use({ legacySql: [...] })` (SQL run on its copy of the seed; each must change a row).
 */
export const test = base.extend<
  object,
  { portal: Portal; serverEnv: Record<string, string>; legacySql: string[] }
>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  legacySql: [[], { scope: 'worker', option: true }],
  portal: [
    async ({ serverEnv, legacySql }, use, workerInfo) => {
      const { portal, stop } = await startPortal(
        workerInfo.parallelIndex,
        workerInfo.project.name,
        serverEnv,
        legacySql,
      );
      await use(portal);
      await stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.origin),
});

export { expect };

/** Resolves when `url` answers 2xx (a helper process started and listening); fails after `timeout` ms. */
export async function untilAnswers(url: string, timeout = 20_000): Promise<void> {
  await expect
    .poll(async () => (await fetch(url).catch(() => undefined))?.ok ?? false, {
      message: `${url} did not answer`,
      timeout,
      intervals: [100, 200],
    })
    .toBe(true);
}

/** Stops a helper process and resolves when it has exited, so its port is free for the next one. */
export async function stopProcess(child: ChildProcess | null | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killed);
}

export const PASSWORD = 'Demo@2026';

/**
 * Follows `to` (an address under /cv3/) inside the portal as a link would: the router's history, no page
 * load (about a quarter of a page load's browser CPU).
 */
export async function followInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** What {@link loginAs} does besides typing the user's name and password. */
export interface LoginOptions {
  /** The password (the demo users' {@link PASSWORD} by default). */
  password?: string;
  /**
   * The page (an address under /cv3/) to open signed in: the login page is opened with `?redirect=` to it,
   * so the portal goes straight there after the login (src/pages/login/LoginPage.tsx) instead of through its
   * home page and a second page load (about 2 CPU-s of the browser's less per login). Resolves once there.
   */
  to?: string;
  /** Called just before the login is sent (e.g. to start watching the page that follows). */
  beforeSubmit?: () => void;
}

/** Logs in through the login page as a user would; `options` is the password, or {@link LoginOptions}. */
export async function loginAs(
  page: Page,
  username: string,
  options: string | LoginOptions = {},
): Promise<void> {
  const {
    password = PASSWORD,
    to,
    beforeSubmit,
  } = typeof options === 'string' ? { password: options } : options;
  const login = to ? `/cv3/login/login?redirect=${encodeURIComponent(to)}` : '/cv3/login/login';
  const current = new URL(page.url(), 'http://localhost');
  const onLogin = current.pathname.startsWith('/cv3/login/');
  if (!onLogin || (to && current.searchParams.get('redirect') !== to)) await page.goto(login);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  beforeSubmit?.();
  await page.getByTestId('login-submit').click();
  if (to) await page.waitForURL((url) => url.pathname + url.search === to);
}

/**
 * Opens the header menu's group `title` by hovering it, until `leaf` (a menu item's path, `menu-<path>`)
 * shows. The header menu lays itself out again once the page has loaded (its overflow item), so a first
 * hover can land on a neighbour or on an item about to move (seen in CI: the neighbouring group opened, and
 * a submenu never showed).
 */
export async function hoverHeaderMenu(page: Page, title: string, leaf: string): Promise<Locator> {
  const item = page.getByTestId('header-menu').getByText(title, { exact: true });
  const shown = page.getByTestId(`menu-${leaf}`);
  await expect(async () => {
    await item.hover();
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return shown;
}

const OVERLAYS =
  '.ant-modal-wrap, .ant-modal-root, .ant-popover, .ant-drawer, .ant-dropdown, .ant-select-dropdown';

/**
 * Starts recording the motions played in overlays (modal, popover, drawer, dropdown): rc-motion's
 * `-appear-active`, `-enter-active` and `-leave-active` classes; the returned function reads them. There are
 * none while the browser asks for reduced motion, as every e2e context does (playwright.config.ts), so no
 * click lands in an overlay still zooming open.
 */
export async function recordOverlayMotions(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate((selector) => {
    const seen: string[] = [];
    (window as unknown as { __overlayMotions: string[] }).__overlayMotions = seen;
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        const el = m.target as Element;
        const motion = /\S+-(appear|enter|leave)-active\b/.exec(el.className);
        if (motion && el.closest(selector)) seen.push(motion[0]);
      }
    }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['class'] });
  }, OVERLAYS);
  return () => page.evaluate(() => (window as unknown as { __overlayMotions: string[] }).__overlayMotions);
}

/**
 * Watches that {@link startWatch} began for a page before it opened the page's first screen (userPage's `to`,
 * tests/e2e/creditUi.ts); the next {@link watchPage} of that page takes it over, so what that screen's load
 * said counts, as when a test watched the page and then opened the screen itself.
 */
const started = new WeakMap<Page, { errors: string[] }>();

/** Starts watching `page` now, for the next {@link watchPage} of it to take over. */
export function startWatch(page: Page): void {
  started.set(page, newWatch(page));
}

/**
 * Fails the test on any console error or CSP violation on the page: the errors from now on, or from when
 * {@link startWatch} began watching it.
 */
export function watchPage(page: Page): { errors: string[] } {
  const begun = started.get(page);
  if (begun) {
    started.delete(page);
    return begun;
  }
  return newWatch(page);
}

function newWatch(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { errors };
}

export async function expectNoErrors(watch: { errors: string[] }): Promise<void> {
  expect(watch.errors, watch.errors.join('\n')).toEqual([]);
}

/**
 * A GET of the portal's API as the page's logged-in user sends it: session cookie, CSRF token from
 * localStorage, terminal code and a fresh x-vrandom signature (every session read is checked, ADR 0001).
 */
export async function apiGet(
  page: Page,
  path: string,
  query: Record<string, string> = {},
): Promise<APIResponse> {
  const csrf = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.csrfToken);
  return signedGet(page.request, csrf, path, query);
}

/**
 * A GET of the portal's API through `request` (a page's or a browser context's, which carries the session
 * cookie) with the session's CSRF token `csrf`, signed as the portal signs it (see {@link apiGet}).
 */
export async function signedGet(
  request: APIRequestContext,
  csrf: string,
  path: string,
  query: Record<string, string> = {},
): Promise<APIResponse> {
  const rawQuery = new URLSearchParams(query).toString();
  const fullPath = `/api/web${path}`;
  return request.get(rawQuery ? `${fullPath}?${rawQuery}` : fullPath, {
    headers: signedCallHeaders({ method: 'GET', path: fullPath, rawQuery, body: '', csrfToken: csrf }),
  });
}

/**
 * Signs `username` in through the portal's API as its login page does (spec section 7: `GET /login` for the
 * anonymous session's CSRF token, the password key, `POST /uaa/login` with the password encrypted by it), on
 * `request`'s cookies (a browser context's: the session cookie lands in the context). Returns the portal's
 * origin and the signed-in session's CSRF token. The login page itself is tested in login.spec.ts.
 */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password = PASSWORD,
): Promise<{ origin: string; csrf: string }> {
  let origin = '';
  const call = async <T>(method: 'GET' | 'POST', path: string, csrf: string, body?: unknown): Promise<T> => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const fullPath = `/api/web${path}`;
    const res = await request.fetch(fullPath, {
      method,
      data: text || undefined,
      headers: {
        ...signedCallHeaders({ method, path: fullPath, rawQuery: '', body: text, csrfToken: csrf }),
        ...(text ? { 'Content-Type': 'application/json' } : {}),
      },
    });
    origin = new URL(res.url()).origin;
    const answer = (await res.json()) as { code: string; message?: string; data: T };
    if (answer.code !== '0')
      throw new Error(`${method} ${path} for ${username}: ${answer.code} ${answer.message}`);
    return answer.data;
  };
  const anonymous = await call<{ csrfToken: string }>('GET', API.bootstrap.path, '');
  const { publicKey } = await call<{ publicKey: string }>('GET', API.passwordKey.path, anonymous.csrfToken);
  const { csrfToken } = await call<{ csrfToken: string }>('POST', API.login.path, anonymous.csrfToken, {
    username,
    password: encryptPassword(publicKey, password),
  });
  return { origin, csrf: csrfToken };
}

/** The latest code the emulated SMS gateway delivered to a phone (test mode only). */
export async function smsCodeOf(page: Page, mobile: string): Promise<string> {
  let code: string | null = null;
  await expect(async () => {
    const res = await page.request.get(`/api/web/test/sms?mobile=${mobile}`);
    code = ((await res.json()) as { data: { code: string } | null }).data?.code ?? null;
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  return code!;
}

/**
 * Picks the option `label` of the antd `select` (typing `search` first, if given) and waits until the select
 * shows it. A click landing while the dropdown still opens can be lost on a busy machine (seen at load 14 on
 * 2 cores before e2e asked for reduced motion: the form then said the field was required), so it tries again.
 */
export async function selectOption(
  page: Page,
  select: Locator,
  label: string,
  search?: string,
): Promise<void> {
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .first();
  await expect(async () => {
    if (!(await option.isVisible())) {
      await select.click();
      if (search) await select.locator('input').fill(search);
    }
    // A multiple select keeps its dropdown open: a second click would take the option out again.
    if ((await option.getAttribute('aria-selected', { timeout: 3000 })) !== 'true')
      await option.click({ timeout: 3000 });
    await expect(select).toContainText(label, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens the select of form field `field` in `scope` and picks the option with `label` (typing `search` first). */
export async function pick(
  page: Page,
  scope: Locator,
  field: string,
  label: string,
  search?: string,
): Promise<void> {
  const select = scope.getByTestId(`field-${field}`).locator('.ant-select');
  await expect(select).not.toHaveClass(/ant-select-disabled/);
  await selectOption(page, select, label, search);
}
