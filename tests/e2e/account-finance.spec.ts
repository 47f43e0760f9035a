import { expect, test } from '@playwright/test';
import { useSigningAgent } from './signingAgent';
import { expectNoErrors, watchPage } from './fixtures';
import { cell, choose, confirm, row, succeeded, type, userPage } from './creditUi';

/**
 * The account centre's finance part (issue 13) through the UI: the electronic account opened by the
 * project department's operator and activated by its director with the UKEY; the transaction list
 * filtered on the server; the invoice info edited, a bad 税号 refused with its message first.
 */
test.describe.configure({ timeout: 120_000 });

test.describe('electronic account', () => {
  const keys = useSigningAgent();

  test('the operator opens it, the director activates it with the UKEY, the enterprise earns its points', async ({
    browser,
  }) => {
    const operator = await userPage(browser, 'unit_operator');
    const watch = watchPage(operator);
    await operator.goto('/cv3/my/enterprise-info/electronic-account');
    await expect(operator.getByTestId('page-title')).toHaveText('电子账户');
    await operator.getByTestId('action-toolbar-open').click();
    const dialog = operator.getByRole('dialog', { name: '电子账户开户' });
    await type(operator, 'field-bindAccountName', '华建一局第三项目部');
    // A bad 联行号 and phone are refused on the form with the rules' words.
    await type(operator, 'field-bindAccountNo', '51050142610000000303');
    await type(operator, 'field-bindBankName', '中国建设银行成都高新支行');
    await type(operator, 'field-bindBankCode', '10565100030');
    await type(operator, 'field-mobile', '1380003000');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(dialog).toContainText('请输入正确的联行号（12位数字）');
    await expect(dialog).toContainText('请输入正确的手机号码');
    await type(operator, 'field-bindBankCode', '105651000303');
    await type(operator, 'field-mobile', '13800030003');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await succeeded(operator, '开户申请已提交，请主管岗激活');
    const opened = row(operator, '华建一局第三项目部');
    await expect(cell(opened, 'status')).toHaveText('待激活');
    await expect(cell(opened, 'balance')).toHaveText('0.00');
    // The operator cannot activate; that is the director's, with the UKEY.
    await expect(opened.getByTestId('action-row-activate')).toHaveCount(0);
    await expectNoErrors(watch);

    const director = await keys.as('unit_director', browser);
    const directorWatch = watchPage(director);
    keys.insertOnly('unit_director-rsa');
    await director.goto('/cv3/my/enterprise-info/electronic-account');
    const pending = row(director, '华建一局第三项目部');
    await pending.getByTestId('action-row-activate').click();
    await confirm(director, '确认激活该电子账户？');
    await succeeded(director, '电子账户已激活');
    await expect(cell(row(director, '华建一局第三项目部'), 'status')).toHaveText('已开户');

    await director.goto('/cv3/my/score/query');
    const points = row(director, '开通电子账户');
    await expect(cell(points, 'points')).toHaveText('100');
    await expectNoErrors(directorWatch);
  });
});

test('the transaction list filters on the server by result and direction', async ({ browser }) => {
  const page = await userPage(browser, 'chain_query');
  const watch = watchPage(page);
  await page.goto('/cv3/my/enterprise-info/electronic-account-query');
  await expect(page.locator('tr[data-testid^="row-"]')).toHaveCount(7);
  const listed = page.waitForResponse(
    (r) => r.url().includes('/accountTx/records') && r.url().includes('TX2'),
  );
  await choose(page, 'query-status', '失败');
  await page.keyboard.press('Escape');
  await page.getByTestId('action-query-search').click();
  await listed;
  const rows = page.locator('tr[data-testid^="row-"]');
  await expect(rows).toHaveCount(1);
  await expect(cell(rows.first(), 'amount')).toHaveText('99,999,999.99');
  await expect(cell(rows.first(), 'failReason')).toHaveText('账户余额不足');
  // The query post sees no action of the operator.
  await expect(page.getByTestId('action-toolbar-transfer')).toHaveCount(0);

  await page.getByTestId('action-query-reset').click();
  await choose(page, 'query-direction', '转入');
  await page.keyboard.press('Escape');
  await page.getByTestId('action-query-search').click();
  await expect(rows).toHaveCount(3);
  for (const line of await rows.all()) await expect(cell(line, 'direction')).toHaveText('转入');
  await expectNoErrors(watch);
});

test('the invoice info is edited; a bad 税号 is refused with its message first', async ({ browser }) => {
  const page = await userPage(browser, 'chain_operator');
  const watch = watchPage(page);
  await page.goto('/cv3/my/enterprise-info/invoice-info');
  const line = row(page, '华建建材供应有限公司');
  await expect(cell(line, 'taxNo')).toHaveText('911100001000044477');
  await line.getByTestId('action-row-edit').click();
  const dialog = page.getByRole('dialog', { name: '修改开票信息' });
  await type(page, 'field-taxNo', '911100001000044478');
  await type(page, 'field-registerPhone', '010-6925');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog).toContainText('请输入正确的税号（18位统一社会信用代码，或15位、20位旧税号）');
  await expect(dialog).toContainText('请输入正确的电话号码（固定电话如010-12345678，或11位手机号码）');
  await type(page, 'field-taxNo', '911100001000044477');
  await type(page, 'field-registerPhone', '010-69250099');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await succeeded(page, '开票信息已修改');
  await expect(cell(row(page, '华建建材供应有限公司'), 'registerPhone')).toHaveText('010-69250099');
  await expectNoErrors(watch);
});
