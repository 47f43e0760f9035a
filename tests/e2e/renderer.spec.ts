import { expect, type Browser, type Page } from '@playwright/test';
import { recordPath } from '@renderer/core/model';
import { apiGet, expectNoErrors, loginAs, test, watchPage } from './fixtures';

/** Records Content-Security-Policy violations in the page (the portal runs without 'unsafe-eval'). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const store = window as unknown as { __csp: string[] };
    store.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      store.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** A new page logged in as `user` (on the page `to`, if given). */
async function userPage(browser: Browser, user: string, { to }: { to?: string } = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, user, { to });
  await expect(page.getByTestId('current-user')).toBeVisible();
  return page;
}

/** A date `days` from today in China, YYYY-MM-DD. */
function chinaDate(days: number): string {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function pickDate(page: Page, testId: string, value: string, nth = 0): Promise<void> {
  const input = page.getByTestId(testId).locator('input').nth(nth);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The application the first test creates; the director decides it in the second. */
let createdIssueId = '';

test.describe('schema pages (renderer)', () => {
  test('an application form with linkage runs under the CSP and is submitted', async ({ page }) => {
    const watch = watchPage(page);
    const violations = await watchCsp(page);
    await loginAs(page, 'core_operator', { to: '/cv3/credit/core/issue/apply' });
    await expect(page.getByTestId('current-user')).toBeVisible();
    await expect(page.getByTestId('schema-page')).toHaveAttribute('data-page-kind', 'form');

    await page.getByTestId('field-supplierCorpId').locator('.ant-select').click();
    // The picker offers what the server accepts: suppliers and units, not the cancelled enterprise.
    await expect(page.locator('.ant-select-item-option', { hasText: '华建一局第三项目部' })).toBeVisible();
    await expect(page.locator('.ant-select-item-option', { hasText: '远达劳务有限公司' })).toHaveCount(0);
    await page.locator('.ant-select-item-option', { hasText: '华建建材供应有限公司' }).click();
    await page.getByRole('button', { name: '添加对账单' }).click();
    await page.getByTestId('field-statements.0.statementNo').locator('input').fill('DZ-E2E-0001');
    await pickDate(page, 'field-statements.0.statementDate', chinaDate(-3));
    await page.getByTestId('field-statements.0.statementAmount').locator('input').fill('1000000');
    await page.getByTestId('field-statements.0.billAmount').locator('input').fill('1000001');
    // Linkage: a bill amount above its statement amount is refused on the spot.
    await expect(page.getByTestId('field-statements.0.billAmount')).toContainText(
      '开单金额不能大于对账单金额',
    );
    await page.getByTestId('field-statements.0.billAmount').locator('input').fill('999999.99');
    await expect(page.getByTestId('field-statements.0.billAmount')).not.toContainText(
      '开单金额不能大于对账单金额',
    );
    await expect(page.getByTestId('field-statements.0.billAmount').locator('input')).toHaveValue(
      '999,999.99',
    );
    await pickDate(page, 'field-statements.0.expectedPayDate', chinaDate(30));
    await page.getByTestId('action-step-next').click();

    // Linkage: the voucher amount is the exact sum of the bill amounts, with its capital text.
    await expect(page.getByTestId('field-amount').locator('input')).toHaveValue('999,999.99');
    await expect(page.getByTestId('capital-amount')).toHaveText('玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
    await expect(page.getByTestId('field-remark')).toBeVisible();
    // The due-date window is the model's (the server refuses the same dates): today and more than a
    // year ahead are refused on the page, before submit.
    const window = '到期日须晚于今天且不超过一年';
    await pickDate(page, 'field-dueDate', chinaDate(0));
    await expect(page.getByTestId('field-dueDate')).toContainText(window);
    await pickDate(page, 'field-dueDate', chinaDate(60));
    await expect(page.getByTestId('field-dueDate')).not.toContainText(window);
    await pickDate(page, 'field-dueDate', chinaDate(366));
    await expect(page.getByTestId('field-dueDate')).toContainText(window);
    // The form is validated before the confirmation question is asked.
    await page.getByTestId('action-form-submit').click();
    await expect(page.getByText('请检查表单中标红的内容')).toBeVisible();
    await expect(page.getByText('确认提交签发申请？')).toHaveCount(0);
    await expect(page).toHaveURL(/\/cv3\/credit\/core\/issue\/apply$/);
    await pickDate(page, 'field-dueDate', chinaDate(60));
    await expect(page.getByTestId('field-dueDate')).not.toContainText(window);
    await page.getByTestId('field-remark').locator('textarea').fill('端到端测试签发申请');

    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/biz\/v1\/models\/creditIssue\/records(\?|$)/.test(r.url()),
    );
    await page.getByTestId('action-form-submit').click();
    await expect(page.getByText('确认提交签发申请？')).toBeVisible();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    const answer = (await (await created).json()) as {
      code: string;
      data: { id: string; status: string; amount: string };
    };
    expect(answer.code).toBe('0');
    expect(answer.data).toMatchObject({ status: 'IS0', amount: '999999.99' });
    createdIssueId = answer.data.id;
    // Where the new application shows: the 待签发 tab of the application list.
    await expect(page).toHaveURL(/\/cv3\/credit\/core\/issue\/query\?tab=2$/);
    await expect(page.getByTestId('row-0')).toBeVisible();

    expect(await violations()).toEqual([]);
    await expectNoErrors(watch);
  });

  test('the director sees the application and rejects it with the required reason', async ({ page }) => {
    test.skip(createdIssueId === '', 'needs the application of the previous test');
    const violations = await watchCsp(page);
    await loginAs(page, 'core_director', {
      to: `/cv3/credit/core/issue/director-approve?id=${createdIssueId}`,
    });
    await expect(page.getByTestId('current-user')).toBeVisible();
    await expect(page.getByTestId('detail-apply-amount')).toHaveText('999,999.99');
    await expect(page.getByTestId('detail-apply-amount-capital')).toHaveText(
      '玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    );
    await expect(page.getByTestId('section-statements')).toContainText('DZ-E2E-0001');
    await page.getByTestId('approve-opinion').fill('对账单与合同不符');
    await page.getByTestId('action-approve-reject').click();
    const reason = page.getByTestId('action-reason');
    await expect(reason).toHaveValue('对账单与合同不符');
    await reason.fill('');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('请输入拒绝原因')).toBeVisible();
    await reason.fill('对账单金额与商务合同不符');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('已拒绝该签发申请')).toBeVisible();
    await expect(page.getByTestId('detail-apply-status')).toHaveText('已废弃');
    await expect(page.getByTestId('detail-apply-refuseReason')).toHaveText('对账单金额与商务合同不符');
    await expect(page.getByTestId('action-approve-approve')).toHaveCount(0);
    expect(await violations()).toEqual([]);
  });

  test('a voucher detail shows its sections and operation log', async ({ page }) => {
    const violations = await watchCsp(page);
    await loginAs(page, 'core_operator', { to: '/cv3/credit/core/index/operator' });
    await expect(page.getByTestId('current-user')).toBeVisible();
    await page.getByTestId('row-0').getByTestId('action-row-detail').click();
    await expect(page).toHaveURL(/\/cv3\/credit\/detail\?id=/);
    await expect(page.getByTestId('section-voucher')).toBeVisible();
    await expect(page.getByTestId('detail-voucher-amount-capital')).toContainText('元');
    await expect(page.getByTestId('audit-log')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('statistics are drawn as SVG from the server aggregates', async ({ page }) => {
    const watch = watchPage(page);
    const violations = await watchCsp(page);
    await loginAs(page, 'chain_operator', { to: '/cv3/credit/chain/statistics' });
    await expect(page.getByTestId('current-user')).toBeVisible();
    await expect(page.getByTestId('figure-total')).toContainText('元');
    await expect(page.getByTestId('chart-byMonth').locator('svg')).toBeVisible();
    await expect(page.getByTestId('chart-byStatus').locator('svg')).toBeVisible();
    expect(await violations()).toEqual([]);
    await expectNoErrors(watch);
  });

  test('a contract is uploaded into its document slot and offered for review', async ({ browser }) => {
    // A finance application of supplier 1: the core's list shows the child voucher it produced.
    const core = await userPage(browser, 'core_operator', { to: '/cv3/credit/core/index/operator' });
    await core.getByTestId('query-status').locator('.ant-select').click();
    await core.locator('.ant-select-item-option', { hasText: '已融资' }).click();
    await core.keyboard.press('Escape');
    const listed = core.waitForResponse(
      (r) => r.url().includes('/models/creditVoucher/records') && r.url().includes('status=FID'),
    );
    await core.getByTestId('action-query-search').click();
    const list = ((await (await listed).json()) as { data: { list: Array<{ financeId?: string }> } }).data
      .list;

    const page = await userPage(browser, 'chain_operator');
    // Supplier 1's finance: spec files that ran before on this worker may have financed other enterprises'
    // vouchers, whose finance supplier 1 cannot see (its upload page would stay disabled).
    let financeId: string | undefined;
    for (const { financeId: id } of list) {
      if (!id) continue;
      const answer = (await (await apiGet(page, recordPath('creditFinance', id))).json()) as { code: string };
      if (answer.code === '0') {
        financeId = id;
        break;
      }
    }
    expect(financeId, 'a financed voucher of supplier 1 in the core list').toBeTruthy();
    const watch = watchPage(page);
    const violations = await watchCsp(page);
    await page.goto(`/cv3/credit/upload/contract?id=${financeId}`);
    await expect(page.getByTestId('slot-contract')).toBeVisible();
    await page.getByTestId('action-upload-pick-contract').click();
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: '合同.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByTestId('upload-error-contract')).toHaveText(
      '不支持的文件类型，请上传 pdf、doc、docx、jpg、jpeg、png 格式的文件',
    );
    await page.getByTestId('action-upload-pick-contract').click();
    await page.getByTestId('upload-input').setInputFiles({
      name: '购销合同.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    const row = page.getByTestId('slot-contract').getByTestId('document-contract-0');
    await expect(row).toContainText('购销合同.pdf');
    await expect(row).toContainText('待审核');
    await row.getByTestId('action-document-submit').click();
    await expect(row).toContainText('初审中');
    expect(await violations()).toEqual([]);
    await expectNoErrors(watch);
  });
});
