import { expect, type APIResponse, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS, TERMINAL_CODE } from '../../src/api/constants';
import { signRequest } from '../../src/api/signature';

export const PASSWORD = 'Demo@2026';

/** Logs in through the login page as a user would. */
export async function loginAs(
  page: Page,
  username: string,
  password = PASSWORD,
  path = '/cv3/login/login',
): Promise<void> {
  if (!page.url().includes('/cv3/login/')) await page.goto(path);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Fails the test on any console error or CSP violation on the page. */
export function watchPage(page: Page): { errors: string[] } {
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
  const rawQuery = new URLSearchParams(query).toString();
  const fullPath = `/api/web${path}`;
  return page.request.get(rawQuery ? `${fullPath}?${rawQuery}` : fullPath, {
    headers: {
      'X-CSRF-TOKEN': csrf,
      'X-CCBSCF-TERMINAL-CODE': TERMINAL_CODE,
      'x-vrandom': signRequest({ method: 'GET', path: fullPath, rawQuery, body: '', csrfToken: csrf }),
    },
  });
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

/** Opens a select of `scope` and picks the option with `label` (typing `search` first, if given). */
export async function pick(
  page: Page,
  scope: Locator,
  field: string,
  label: string,
  search?: string,
): Promise<void> {
  const select = scope.getByTestId(`field-${field}`).locator('.ant-select');
  await expect(select).not.toHaveClass(/ant-select-disabled/);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label });
  // A click landing while the dropdown still opens can be lost on a busy machine: try again until chosen.
  await expect(async () => {
    if (!(await option.isVisible())) {
      await select.click();
      if (search) await select.locator('input').fill(search);
    }
    await option.click({ timeout: 3000 });
    await expect(select).toContainText(label, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}
