import { expect, type Page } from '@playwright/test';

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
