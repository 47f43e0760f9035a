import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { BASE_PATH, STORAGE_KEYS } from '../../src/api/constants';
import { apiLogin, loginAs, selectOption, signedGet, startWatch } from './fixtures';

/** UI steps shared by the credit e2e: schema pages addressed by their data-testids (renderer/react/testIds.ts). */

const contexts: BrowserContext[] = [];

/** Closes the contexts {@link userPage} opened (after each test). */
export async function closePages(): Promise<void> {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
}

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
/**
 * The worker's signed-in sessions by user (cookie and CSRF token). A spec file runs on one worker, so its
 * tests share its users' sessions: each user signs in once per worker, through the API ({@link signIn}).
 */
const sessions = new Map<string, Session>();

/**
 * Signs `user` in through the portal's API (fixtures.ts `apiLogin`) in a context of its own, and returns
 * the session as a browser that had logged in would keep it: the session cookie, and the CSRF token in the
 * portal's localStorage. A test that is about the login page logs in through it (`loginAs`).
 */
async function signIn(browser: Browser, user: string): Promise<Session> {
  const context = await browser.newContext();
  try {
    const { origin, csrf } = await apiLogin(context.request, user);
    const { cookies } = await context.storageState();
    return { cookies, origins: [{ origin, localStorage: [{ name: STORAGE_KEYS.csrfToken, value: csrf }] }] };
  } finally {
    await context.close();
  }
}

/** What {@link userPage} does besides signing in. */
export interface UserPageOptions {
  /** The signing agent's address for the portal's localStorage `ukeyAgentUrl`. */
  agentUrl?: string;
  /**
   * Return the page without opening the home page when the session holds (checked with a signed API call):
   * the caller opens the page it tests, one page load instead of two.
   */
  blank?: boolean;
  /**
   * The page (an address under /cv3/) to open signed in, as the page's first screen: one page load. The
   * page is watched from just before that screen opens ({@link watchPage} takes the watch over).
   */
  to?: string;
}

/** Whether the saved session still holds: a signed read of /v2/security with its cookie and CSRF token. */
async function sessionHolds(context: BrowserContext, saved: Session): Promise<boolean> {
  const csrf =
    saved.origins.flatMap((o) => o.localStorage).find((item) => item.name === STORAGE_KEYS.csrfToken)
      ?.value ?? '';
  const res = await signedGet(context.request, csrf, '/v2/security');
  return res.ok() && ((await res.json()) as { code?: string }).code === '0';
}

/**
 * A fresh browser context signed in as `user`, talking to the signing agent at `agentUrl` (if given). The
 * first time in a worker the user signs in through the API; afterwards the context starts with that
 * session. A session ended meanwhile (a password change, a logout) lands on the login page: then it logs
 * in there. It opens `to`, or the home page unless `blank` (see {@link UserPageOptions}).
 */
export async function userPage(
  browser: Browser,
  user: string,
  options: string | UserPageOptions = {},
): Promise<Page> {
  const { agentUrl, blank = false, to } = typeof options === 'string' ? { agentUrl: options } : options;
  const fresh = !sessions.has(user);
  if (fresh) sessions.set(user, await signIn(browser, user));
  const saved = sessions.get(user)!;
  const context = await browser.newContext({ storageState: saved });
  contexts.push(context);
  if (agentUrl)
    await context.addInitScript((url) => window.localStorage.setItem('ukeyAgentUrl', url), agentUrl);
  const page = await context.newPage();
  const signedIn = page.getByTestId('current-user');
  if ((blank || to) && (fresh || (await sessionHolds(context, saved)))) {
    if (to) {
      startWatch(page);
      await page.goto(to);
    }
    return page;
  }
  if (!to) {
    await page.goto('/cv3/');
    await expect(signedIn.or(page.getByTestId('login-username'))).toBeVisible();
    if (await signedIn.isVisible()) return page;
  }
  await loginAs(page, user, {
    to,
    beforeSubmit: () => {
      if (to) startWatch(page);
    },
  });
  await expect(signedIn).toBeVisible();
  sessions.set(user, await context.storageState());
  return page;
}

/** The list row that shows `text` (a unique amount or number), on the page or inside one part of it. */
export function row(page: Page | Locator, text: string): Locator {
  return page.locator('tr[data-testid^="row-"]').filter({ hasText: text });
}

/** Answers the renderer's confirmation question with 确定. */
export async function confirm(page: Page, question?: string): Promise<void> {
  // The dialog asking `question`: a batch answers in another confirm dialog that must not count as this one.
  const dialog = question
    ? page.locator('.ant-modal-confirm').filter({ hasText: question })
    : page.locator('.ant-modal-confirm');
  if (question) await expect(dialog).toContainText(question);
  await answerConfirm(dialog);
}

/**
 * Clicks 确定 of an antd confirmation until the dialog closes: a click that lands while the dialog is
 * still opening can be lost (seen once in CI), and a second click on a closing or loading dialog does nothing.
 */
export async function answerConfirm(dialog: Locator): Promise<void> {
  const ok = dialog.getByRole('button', { name: /确\s*定/ });
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Fills the reason dialog and confirms it. */
export async function giveReason(page: Page, reason: string): Promise<void> {
  const box = page.getByTestId('action-reason');
  await box.fill(reason);
  await page
    .getByRole('dialog')
    .filter({ has: box })
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

/** Waits for the success message of an action (the signing dialog, if any, has closed by then). */
export async function succeeded(page: Page, message: string): Promise<void> {
  // The first of them: a message of the same action a moment before may still be showing.
  await expect(page.locator('.ant-message').getByText(message).first()).toBeVisible({ timeout: 20_000 });
}

/**
 * Reads the agreement of the form field `agreementRead` to its end and ticks 同意: the box stays disabled
 * until the text is scrolled to its end.
 */
export async function agreeAfterReading(page: Page): Promise<void> {
  const agree = page.getByTestId('field-agreementRead').getByRole('checkbox');
  await expect(agree).toBeDisabled();
  await page.getByTestId('agreement-text').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
  await agree.check();
}

/** Picks an option of the antd select inside the form field `testId` (of `within`: a dialog, a row). */
export async function choose(
  page: Page,
  testId: string,
  option: string,
  within: Page | Locator = page,
): Promise<void> {
  await selectOption(page, within.getByTestId(testId).locator('.ant-select'), option);
}

/** Types into the input of the form field `testId` (of `within`: a dialog, a row). */
export async function type(
  page: Page,
  testId: string,
  value: string,
  within: Page | Locator = page,
): Promise<void> {
  await within.getByTestId(testId).locator('input, textarea').first().fill(value);
}

/** Types a date into the date picker of the form field `testId` (of `within`: a dialog, a row). */
export async function pickDate(
  page: Page,
  testId: string,
  value: string,
  within: Page | Locator = page,
): Promise<void> {
  const input = within.getByTestId(testId).locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Fills the four fields of a receiving account (fragment account-fields.json). */
export async function fillAccount(page: Page, name: string): Promise<void> {
  await type(page, 'field-accountNo', '6227000012345678901');
  await type(page, 'field-accountName', name);
  await type(page, 'field-bankName', '中国建设银行北京西城支行');
  await type(page, 'field-bankCode', '105100000017');
}

/** A date `days` from today in China, YYYY-MM-DD. */
export function chinaDate(days: number): string {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** '1234567.8' → '1,234,567.80' (display of a decimal string, no Number arithmetic). */
export function money(value: string): string {
  const [int = '0', dec = ''] = value.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec.padEnd(2, '0')}`;
}

/** The text of a cell of a list row. */
export function cell(line: Locator, field: string): Locator {
  return line.getByTestId(`cell-${field}`);
}

/**
 * Waits for an in-app navigation to `url`; reloads the page if a keepAlive page was left on the way.
 * Workaround: the shell keeps a keepAlive page's slot mounted (hidden) when the user leaves it
 * (src/shell/KeepAliveOutlet.tsx, `data-keep-alive` naming its path), so its test ids would be found twice
 * beside the next page's; a reload starts clean. Without such a slot, the page is the one the app opened.
 */
export async function follow(page: Page, url: RegExp): Promise<void> {
  await expect(page).toHaveURL(url);
  const left = await page
    .locator('[data-keep-alive]')
    .evaluateAll(
      (slots, base) =>
        slots.filter((s) => `${base}${s.getAttribute('data-keep-alive')}` !== window.location.pathname)
          .length,
      BASE_PATH.replace(/\/$/, ''),
    );
  if (left) await page.reload();
  await expect(page.getByTestId('schema-page')).toHaveCount(1);
}
