import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../pdfText';
import { useSigningAgent } from './signingAgent';
import { expectNoErrors, test, watchPage } from './fixtures';
import { cell, chinaDate, choose, confirm, money, row, succeeded, type, userPage } from './creditUi';
import { schemaPage } from './pageObjects';

/**
 * The account centre's finance part through the UI: the electronic account opened by the
 * project department's operator and activated by its director with the UKEY; the transaction list
 * filtered on the server; the invoice info edited, a bad 税号 refused with its message first; a bill
 * issued, paid, its invoice issued and red-flushed (a second 红冲 refused), bill and invoice as PDF.
 */
test.describe.configure({ timeout: 120_000 });

test.describe('electronic account', () => {
  const keys = useSigningAgent();

  test('the operator opens it, the director activates it with the UKEY, the enterprise earns its points', async ({
    browser,
  }) => {
    const operator = await userPage(browser, 'unit_operator', {
      to: '/cv3/my/enterprise-info/electronic-account',
    });
    const watch = watchPage(operator);
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
  const page = await userPage(browser, 'chain_query', {
    to: '/cv3/my/enterprise-info/electronic-account-query',
  });
  const watch = watchPage(page);
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
  const page = await userPage(browser, 'chain_operator', { to: '/cv3/my/enterprise-info/invoice-info' });
  const watch = watchPage(page);
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

/** Clicks a download button and answers the downloaded file's name and the text of its PDF. */
async function downloadPdf(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return { name: download.suggestedFilename(), text: await pdfText(bytes) };
}

test('a bill is issued and paid; its invoice is issued, downloaded and red-flushed once', async ({
  browser,
}) => {
  const AMOUNT = '13579.24';
  const fin = await userPage(browser, 'fin_client_manager', { to: '/cv3/my/account/bill' });
  const watch = watchPage(fin);
  const bills = schemaPage(fin, '/my/account/bill');
  await bills.click('出具账单');
  const form = fin.getByRole('dialog', { name: '出具账单' });
  await expect(form).toBeVisible();
  await bills.fillAll({
    付款企业: '华建建材供应有限公司',
    账单类型: '平台服务费',
    账期: '2026-11',
    账单金额: AMOUNT,
    应付日期: chinaDate(30),
  });
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await bills.succeeded('账单已出具');
  const issued = bills.row({ '账单金额（元）': money(AMOUNT) });
  await bills.expectRow(issued, {
    付款企业: '华建建材供应有限公司',
    账单类型: '平台服务费',
    账单状态: '待支付',
  });
  const billNo = (await bills.cell(issued, '账单编号').innerText()).trim();
  const bill = await downloadPdf(fin, bills.action('下载账单', issued));
  expect(bill.name).toBe(`账单-${billNo}.pdf`);
  expect(bill.text).toContain(`¥${money(AMOUNT)}`);
  expect(bill.text).toContain('华建建材供应有限公司');

  // The supplier's operator pays it from the electronic account; the invoice waits to be issued.
  const chain = await userPage(browser, 'chain_operator', { to: '/cv3/my/enterprise-info/bill' });
  const chainWatch = watchPage(chain);
  const own = schemaPage(chain, '/my/enterprise-info/bill');
  await own.click('支付', own.row(billNo));
  await own.confirm('确认从本企业电子账户支付该账单？');
  await own.succeeded('账单已支付');
  await own.tab('已支付');
  await own.expectRow(own.row(billNo), { 账单状态: '已支付', 支付日期: chinaDate(0) });
  await expectNoErrors(chainWatch);

  // Two screens of the client manager: one issues and red-flushes, the other still shows 已开具.
  const invoices = schemaPage(fin, '/my/account/invoice-manage');
  await invoices.goto();
  const invoice = invoices.row(billNo);
  await invoices.expectRow(invoice, { '价税合计（元）': money(AMOUNT), 发票状态: '待开具' });
  await expect(invoices.action('下载', invoice)).toHaveCount(0);
  await invoices.click('开具', invoice);
  await invoices.confirm('确认开具该发票？');
  await invoices.succeeded('发票已开具');
  await invoices.expectRow(invoice, { 发票状态: '已开具', 开票日期: chinaDate(0) });
  const invoiceNo = (await invoices.cell(invoice, '发票号码').innerText()).trim();
  expect(invoiceNo).toMatch(/^\d{8}$/);
  const pdf = await downloadPdf(fin, invoices.action('下载', invoice));
  expect(pdf.name).toBe(`电子发票-${invoiceNo}.pdf`);
  expect(pdf.text).toContain(`¥${money(AMOUNT)}`);
  expect(pdf.text).toContain(billNo);

  const second = await fin.context().newPage();
  const stale = schemaPage(second, '/my/account/invoice-manage');
  await stale.goto();
  await stale.expectRow(stale.row(billNo), { 发票状态: '已开具' });

  await invoices.click('红冲', invoice);
  await invoices.giveReason('开票信息有误，重新开具');
  await invoices.succeeded('发票已红冲');
  await invoices.expectRow(invoice, { 发票状态: '已红冲', 红冲原因: '开票信息有误，重新开具' });
  await expect(invoices.action('红冲', invoice)).toHaveCount(0);
  const flushed = await downloadPdf(fin, invoices.action('下载', invoice));
  expect(flushed.text).toContain('红冲原因：开票信息有误，重新开具');

  // The other screen's 红冲 reaches the server, which refuses it by the state it finds; the refusal is shown.
  await stale.click('红冲', stale.row(billNo));
  await stale.giveReason('重复红冲');
  await expect(second.locator('.ant-message')).toContainText('当前状态为“已红冲”，不能执行“红冲”操作');
  await second.reload();
  await stale.expectRow(stale.row(billNo), { 发票状态: '已红冲', 红冲原因: '开票信息有误，重新开具' });
  await expectNoErrors(watch);
});

test('历史额度查询 shows the replaced limit and the adjustments; 协议管理 opens a product agreement as PDF', async ({
  browser,
}) => {
  const core = await userPage(browser, 'core_query', { to: '/cv3/my/limit/old-limit' });
  const watch = watchPage(core);
  const old = schemaPage(core, '/my/limit/old-limit');
  await old.expectRow(old.row('授信到期，已由新额度替换'), {
    授信企业: '华建集团第一工程局有限公司',
    '授信额度（元）': '600,000,000.00',
    状态: '失效',
  });
  await old.tab('调整记录');
  await old.expectRow(old.row('项目部年度采购计划'), {
    分配企业: '华建一局第三项目部',
    '调整后额度（元）': '3,000,000.00',
  });
  await expectNoErrors(watch);

  const chain = await userPage(browser, 'chain_query', { to: '/cv3/my/protocol/index' });
  const chainWatch = watchPage(chain);
  const protocols = schemaPage(chain, '/my/protocol/index');
  const line = protocols.row('到货保理三方协议');
  await expect(line).toHaveCount(1);
  await expect(protocols.cell(line, '产品')).toHaveText('到货保理');
  const number = (await protocols.cell(line, '协议编号').innerText()).trim();
  expect(number).toMatch(/^XY\d{14}$/);
  const pdf = await downloadPdf(chain, protocols.action('下载', line));
  expect(pdf.name).toBe(`到货保理三方协议-${number}.pdf`);
  expect(pdf.text).toContain(number);
  await expectNoErrors(chainWatch);
});
