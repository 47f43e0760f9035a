import { expect, type Browser, type Page } from '@playwright/test';
import { cell, chinaDate, choose, confirm, follow, money, pickDate, row, succeeded, type } from './creditUi';
import { expectNoErrors, loginAs, test, watchPage } from './fixtures';

/**
 * A hand-over as the next role sees it (server/models/handovers.ts): supplier 1's operator submits a
 * receivable; its director's bell counts one more unread message, whose 去处理 opens the receivable list
 * on that very record with its 复核 action. Its own receivable (a unique amount) on the worker's database.
 */
test.describe.configure({ mode: 'serial' });

const AMOUNT = '613579.24';
const DEBTOR = '华建集团第一工程局有限公司';

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, username);
  await expect(page.getByTestId('notice-bell')).toBeVisible();
  return page;
}

const unread = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('notice-bell').getAttribute('data-unread'));

test('the director is asked to review what the operator submits, and 去处理 opens it', async ({
  browser,
}) => {
  const director = await signedIn(browser, 'chain_director');
  const watch = watchPage(director);
  // The bell's first answer is in (it shows a count once the messages call answered).
  await expect(director.getByTestId('notice-bell')).toHaveAttribute('data-unread', /\d+/);
  await director.waitForLoadState('networkidle');
  const before = await unread(director);

  const operator = await signedIn(browser, 'chain_operator');
  await operator.goto('/cv3/factoring/forward/asset/receivable/create');
  await choose(operator, 'field-debtorCorpId', DEBTOR);
  await type(operator, 'field-amount', AMOUNT);
  await pickDate(operator, 'field-dueDate', chinaDate(120));
  await type(operator, 'field-contractNo', 'JC-E2E-HANDOVER-01');
  await type(operator, 'field-contractName', '钢材采购合同');
  await operator.getByTestId('action-form-save').click();
  await succeeded(operator, '应收账款已登记');
  await follow(operator, /\/factoring\/forward\/asset\/receivable\/list$/);
  await operator.getByTestId('tab-draft').click();
  const line = row(operator, money(AMOUNT));
  const receivableNo = (await cell(line, 'receivableNo').textContent())!.trim();
  expect(receivableNo).toMatch(/^AR\d{14}$/);
  await line.getByTestId('action-row-submit').click();
  await confirm(operator, '确认提交该应收账款？');
  await succeeded(operator, '应收账款已提交，等待主管岗复核');
  // The operator, who handed it over, is not asked anything.
  await operator.reload();
  await expect(operator.getByTestId('notice-bell')).toBeVisible();

  await director.reload();
  await expect(director.getByTestId('notice-bell')).toHaveAttribute('data-unread', String(before + 1));
  await expect(director.getByTestId('notice-dot')).toBeVisible();
  await director.getByTestId('notice-bell').click();
  const item = director.getByTestId('notice-item').filter({ hasText: receivableNo });
  await expect(item).toContainText('应收账款待复核');
  await item.getByRole('link', { name: '应收账款待复核' }).click();
  await expect(director).toHaveURL(/\/factoring\/forward\/asset\/receivable\/list\?id=[\w-]+$/);
  await expect(director.getByTestId('list-focus')).toBeVisible();
  // The visible list (a keepAlive page the director came from stays mounted, hidden).
  const rows = director.locator('tr[data-testid^="row-"]:visible');
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'receivableNo')).toHaveText(receivableNo);
  await expect(rows.first().getByTestId('action-row-approve')).toBeVisible();
  // Opened from the bell to act on it: it is read, the bell counts as before.
  await expect(director.getByTestId('notice-bell')).toHaveAttribute('data-unread', String(before));
  await expectNoErrors(watch);
});
