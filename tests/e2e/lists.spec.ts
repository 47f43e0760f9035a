import { expect, type Browser, type Page } from '@playwright/test';
import { expectNoErrors, test, watchPage } from './fixtures';
import { closePages, confirm, userPage } from './creditUi';
import { exportNow, expectJobWritten, expectSheetMatchesRows } from './exports';

/**
 * The renderer's list features on the final-review list of credit issues (schemas/credit/core/index/
 * final-approve.json): column settings that survive a reload and an Excel export compared cell by
 * cell with the list (tab 待终审), batch approval answered per row, and a large export (tab 全部)
 * through the download centre (the e2e server runs with EXPORT_JOB_THRESHOLD=20, playwright.config.ts).
 */
const LIST = '/cv3/credit/core/index/final-approve';

test.afterEach(closePages);
// Two users log in and the list reloads; a loaded machine needs more than the default minute.
test.describe.configure({ timeout: 150_000 });

const rows = (page: Page) => page.locator('tr[data-testid^="row-"]');

/** The list's header titles in the order shown (data columns only). */
/** The final reviewer on the list (`?tab=`), its rows shown, console errors watched. */
async function openList(browser: Browser, tab = ''): Promise<{ page: Page; watch: { errors: string[] } }> {
  const page = await userPage(browser, 'core_final', { to: `${LIST}${tab}` });
  const watch = watchPage(page);
  await expect(rows(page).first()).toBeVisible();
  return { page, watch };
}

async function headers(page: Page): Promise<string[]> {
  return page.locator('th[data-testid^="column-"]').allInnerTexts();
}

test('column settings survive a reload, and the Excel export matches the list cell by cell', async ({
  browser,
}) => {
  const { page, watch } = await openList(browser);
  await expect(page.getByTestId('summary-amount')).toBeVisible();
  const before = await headers(page);
  expect(before).toEqual([
    '申请编号',
    '供应商',
    '凭证金额（元）',
    '对账单编号',
    '申请日期',
    '到期日',
    '状态',
  ]);

  await page.getByTestId('list-settings').click();
  await page.getByTestId('column-setting-supplierName').getByRole('checkbox').uncheck();
  await page.getByTestId('column-setting-dueDate').getByRole('button', { name: '上移到期日' }).click();
  await page.getByTestId('list-density').getByText('紧凑').click();
  const arranged = ['申请编号', '凭证金额（元）', '对账单编号', '到期日', '申请日期', '状态'];
  await expect.poll(() => headers(page)).toEqual(arranged);

  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect.poll(() => headers(page)).toEqual(arranged);
  await expect(page.locator('.ant-table-small')).toBeVisible();

  // Export the query and read the file the server wrote.
  const sheet = await exportNow(page, page.getByTestId('action-toolbar-export'));
  expect(sheet.getRow(1).values).toEqual([undefined, ...arranged]);
  const total = Number((await page.locator('.ant-pagination-total-text').innerText()).match(/\d+/)![0]);
  expect(sheet.rowCount).toBe(total + 1);

  // Every cell of the page shown equals its cell in the file (amounts: numbers shown #,##0.00).
  const fields = ['issueNo', 'amount', 'statementNos', 'dueDate', 'applyDate', 'status'];
  await expectSheetMatchesRows(page.locator('.ant-table').first(), sheet, fields, 2);
  await expectNoErrors(watch);
});

test('batch final approval of 3 checked rows: one changed meanwhile is refused, the user sees which and why', async ({
  browser,
}) => {
  const { page, watch } = await openList(browser);
  expect(await rows(page).count()).toBeGreaterThanOrEqual(3);
  const numbers = await Promise.all(
    [0, 1, 2].map((i) => page.getByTestId(`row-${i}`).getByTestId('cell-issueNo').innerText()),
  );
  for (const i of [0, 1, 2]) await page.getByTestId(`row-${i}`).getByRole('checkbox').check();
  await expect(page.locator('.schema-list-selected')).toHaveText('已选 3 条');

  // Meanwhile a colleague approves the third one on its own page.
  const other = await userPage(browser, 'core_final', { to: LIST });
  await other
    .locator('tr[data-testid^="row-"]')
    .filter({ hasText: numbers[2]! })
    .getByTestId('action-row-final')
    .click();
  await other.getByTestId('action-detail-finalApprove').click();
  await confirm(other, '确认终审通过？');
  await expect(other.getByTestId('detail-apply-status')).toHaveText('供应商待签收');

  await page.getByTestId('action-batch-finalApprove').click();
  await confirm(page, '确认对所选申请终审通过？');
  const answer = page.getByTestId('batch-result');
  await expect(answer).toBeVisible();
  await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: '批量终审通过' })).toHaveText(
    '批量终审通过：成功 2 条，未通过 1 条',
  );
  await expect(answer.locator('li')).toHaveText([
    `申请编号 ${numbers[0]}：成功`,
    `申请编号 ${numbers[1]}：成功`,
    `申请编号 ${numbers[2]}：当前状态为“供应商待签收”，不能执行“终审通过”操作`,
  ]);
  await page.getByRole('button', { name: /知道了/ }).click();
  // The list reloads: none of the three waits for final review any more.
  for (const no of numbers) await expect(rows(page).filter({ hasText: no })).toHaveCount(0);
  await expectNoErrors(watch);
});

test('an export over the threshold becomes a download-centre job with its progress', async ({ browser }) => {
  const { page, watch } = await openList(browser, '?tab=2');
  const total = Number((await page.locator('.ant-pagination-total-text').innerText()).match(/\d+/)![0]);
  expect(total).toBeGreaterThan(20);
  await page.getByTestId('action-toolbar-export').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(
    `共 ${total} 条数据，正在后台生成 Excel 文件`,
  );
  await page.getByRole('button', { name: /前往下载中心/ }).click();
  await expectJobWritten(page, total, 30_000);
  await expectNoErrors(watch);
});
