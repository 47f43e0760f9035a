import { readFileSync } from 'node:fs';
import { expect, type Browser, type Page } from '@playwright/test';
import {
  cell,
  chinaDate,
  choose,
  confirm,
  follow,
  money,
  pickDate,
  row,
  succeeded,
  type,
  userPage,
} from './creditUi';
import { expectNoErrors, test, watchPage } from './fixtures';
import { schemaPage } from './pageObjects';
import { useSigningAgent } from './signingAgent';

/**
 * Reverse factoring through the UI: the core registers a payable, its director cannot confirm it
 * before the operator uploads its 确权函 (上传确权材料), then confirms it → the supplier
 * signs it through the one-time link of its SMS in a logged-out browser → a second use of the link is
 * refused → the supplier finances it, its director submits, the factor approves → the core confirms the
 * assignment through its own link → the factor's product manager signs the contract with the UKEY and lends →
 * its client manager registers 回款. The supplier's director signs its review with the UKEY too (the demo keys
 * through the reference signing agent). SMS messages are read from the server's test outbox.
 */
test.describe.configure({ mode: 'serial' });

const AMOUNT = '345678.91';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
const FINANCE = '300000.00';
const B = '/cv3/factoring/reverse';
let signLink = '';
let payableNo = '';

// Starts the signing agent and closes each test's pages (closePages) after it.
const keys = useSigningAgent();

/** The newest SMS whose text contains `text` (the server's test outbox). */
async function sms(page: Page, text: string): Promise<{ text: string; url: string }> {
  let found: { text: string; url: string } | undefined;
  await expect(async () => {
    const res = await page.request.get('/api/web/test/v1/public-link-outbox');
    const list = (await res.json()).data as Array<{ text: string; url: string }>;
    found = list.find((m) => m.text.includes(text));
    expect(found).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** A browser context with no session at all (the counterparty has no account). */
async function loggedOut(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('core_operator registers a payable to supplier 1 and submits it', async ({ browser }) => {
  const page = await userPage(browser, 'core_operator', { to: `${B}/accounts-payable/create` });
  const watch = watchPage(page);
  await choose(page, 'field-supplierCorpId', '华建建材供应有限公司');
  await choose(page, 'field-factorCorpId', '建信商业保理有限公司');
  await type(page, 'field-contractNo', 'HJ-REVERSE-E2E-01');
  await type(page, 'field-invoiceNo', '24587123');
  await type(page, 'field-amount', AMOUNT);
  await expect(page.getByTestId('field-amountCapital')).toContainText('叁拾肆万伍仟陆佰柒拾捌元玖角壹分');
  await pickDate(page, 'field-dueDate', chinaDate(90));
  await page.getByTestId('action-form-submit').click();
  await confirm(page, '确认提交该应付账款？');
  await follow(page, /\/accounts-payable\/detail\?id=/);
  await expect(page.getByTestId('schema-page')).toContainText('待复核');
  await page.goto(`${B}/accounts-payable/list?tab=2`);
  const line = row(page, money(AMOUNT));
  await expect(cell(line, 'status')).toHaveText('待复核');
  payableNo = (await cell(line, 'payableNo').textContent())!.trim();
  expect(payableNo).toMatch(/^RP\d{14}$/);
  await expectNoErrors(watch);
});

test('core_director cannot confirm it before its 确权函 is filed; core_operator uploads it', async ({
  browser,
}) => {
  const director = await userPage(browser, 'core_director', { to: `${B}/accounts-payable/review` });
  await row(director, money(AMOUNT)).getByTestId('action-row-confirm').click();
  await confirm(director, '确认该笔应付账款真实有效？');
  await expect(
    director.locator('.ant-message').getByText(`应付账款${payableNo}尚未上传确权函，请先上传确权材料再确认`),
  ).toBeVisible({ timeout: 20_000 });
  await director.reload();
  await expect(cell(row(director, money(AMOUNT)), 'status')).toHaveText('待复核');

  const page = await userPage(browser, 'core_operator', { to: `${B}/accounts-payable/list?tab=2` });
  const watch = watchPage(page);
  await row(page, money(AMOUNT)).getByTestId('action-row-detail').click();
  await follow(page, /\/accounts-payable\/detail\?id=/);
  await page.getByTestId('action-detail-upload').click();
  await follow(page, /\/accounts-payable\/upload\?id=/);
  await page.getByTestId('action-upload-pick-confirmation').click();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: `确权函-${payableNo}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('slot-confirmation')).toContainText(`确权函-${payableNo}.pdf`);
  await expectNoErrors(watch);
});

test('core_director confirms it: the supplier gets a one-time sign link by SMS', async ({ browser }) => {
  const page = await userPage(browser, 'core_director', { to: `${B}/accounts-payable/review` });
  const watch = watchPage(page);
  await row(page, money(AMOUNT)).getByTestId('action-row-confirm').click();
  await confirm(page, '确认该笔应付账款真实有效？');
  await succeeded(page, '已确认，签署链接已发送给供应商');
  const message = await sms(page, payableNo);
  expect(message.text).toContain(money(AMOUNT));
  expect(message.url).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/cv3\/factoring\/reverse\/accounts-payable-sign\?id=[\w-]+&token=[\w-]{43}$/,
  );
  signLink = message.url;
  await expectNoErrors(watch);

  // The supplier's operator, whose phone it went to, finds it on the message centre's 短信 tab, unread,
  // with the absolute link a phone can open.
  const supplier = await userPage(browser, 'chain_operator', { to: '/cv3/my/message/index' });
  const supplierWatch = watchPage(supplier);
  await supplier.getByRole('tab', { name: '短信' }).click();
  const line = supplier
    .locator('.ant-tabs-tabpane-active tr[data-testid^="row-"]')
    .filter({ hasText: payableNo });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(message.url);
  await expect(line).toContainText('未读');
  expect(message.text).toContain(message.url);
  await expectNoErrors(supplierWatch);
});

test('the supplier signs through the link without logging in; a second use is refused', async ({
  browser,
}) => {
  const page = await loggedOut(browser);
  const watch = watchPage(page);
  await page.goto(signLink);
  await expect(page.getByTestId('public-field-payableNo')).toHaveText(payableNo);
  await expect(page.getByTestId('public-field-amount')).toHaveText(`${money(AMOUNT)} 元`);
  await expect(page.getByTestId('public-link-page')).toContainText('叁拾肆万伍仟陆佰柒拾捌元玖角壹分');
  await expect(page.getByTestId('public-link-page')).not.toContainText('Demo');
  // The platform's brand is on the page; on a 390 px phone no amount breaks inside its number.
  await expect(page.getByTestId('public-link-brand')).toContainText('供应链金融服务平台');
  await expect(page.getByTestId('brand-footer')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const amount = page.getByTestId('public-field-amount');
  // Read once the page has laid out at the new width (the resize re-renders it).
  await expect.poll(() => amount.evaluate((el) => el.getClientRects().length)).toBe(1);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const before = (await page.getByTestId('public-link-status').textContent()) ?? '';
  // 签署 without a name says so at the name field.
  await page.getByTestId('public-submit').click();
  await expect(page.getByTestId('public-signer-error')).toHaveText('请填写签署人姓名');
  // Nothing is sent without the agreement.
  await page.getByTestId('public-signer').fill('陈立新');
  await page.getByTestId('public-submit').click();
  await expect(page.getByTestId('public-link-form-error')).toHaveText('请阅读并勾选同意后再提交');
  await page.getByTestId('public-agree').check();
  await page.getByTestId('public-submit').click();
  await expect(page.getByTestId('public-link-done')).toContainText('签署成功');
  // The status above it is the record's new one.
  await expect(page.getByTestId('public-link-status')).not.toHaveText(before);
  await expectNoErrors(watch);

  await page.goto(signLink);
  await expect(page.getByTestId('public-link-error')).toContainText('该链接已使用，不能重复操作');
  const other = await loggedOut(browser);
  await other.goto(signLink.replace(/token=[\w-]+/, `token=${'x'.repeat(43)}`));
  await expect(other.getByTestId('public-link-error')).toContainText('链接无效');
  await other.context().close();
  await page.context().close();
});

test('supplier 1 finances the signed receivable; its director submits it', async ({ browser }) => {
  const op = await userPage(browser, 'chain_operator', { to: `${B}/accounts-receivable/list` });
  const watch = watchPage(op);
  const line = row(op, payableNo);
  await expect(cell(line, 'status')).toHaveText('已确权');
  await line.getByTestId('action-row-finance').click();
  await follow(op, /\/finance-application\/apply\?payableId=/);
  await expect(op.getByTestId('field-payableId')).toContainText(payableNo);
  await type(op, 'field-financeAmount', FINANCE);
  await op.getByTestId('field-interestMode').getByText('利息前置').click();
  await op.getByTestId('action-form-submit').click();
  await confirm(op, '确认提交融资申请？');
  await follow(op, /\/finance-application\/detail\?id=/);
  const detail = op.getByTestId('schema-page');
  await expect(detail).toContainText('待复核');
  // 300,000.00 × 0.005 × 90 / 30 = 4,500.00, deducted in advance.
  await expect(detail).toContainText('4,500.00');
  await expect(detail).toContainText('295,500.00');
  await expectNoErrors(watch);

  const director = await keys.as('chain_director', browser);
  keys.insertOnly('chain_director-sm2');
  await director.goto(`${B}/accounts-receivable/review`);
  await row(director, payableNo).getByTestId('action-row-submit').click();
  await confirm(director, '确认复核通过该融资申请并使用UKEY签署融资申请暨应收账款转让申请？');
  await succeeded(director, '已签署，已提交保理商审核');
});

test('the factor approves; the core confirms the assignment through its link; the factor lends', async ({
  browser,
}) => {
  const client = await userPage(browser, 'fin_client_manager', { to: `${B}/finance-application/review` });
  await row(client, payableNo).getByTestId('action-row-approve').click();
  await confirm(client, '确认审核通过该融资申请？');
  await succeeded(client, '审核通过，已通知核心企业确认');
  const message = await sms(client, payableNo);
  expect(message.url).toContain('/cv3/factoring/reverse/accounts-payable-confirm?');

  const core = await loggedOut(browser);
  await core.goto(message.url);
  await expect(core.getByTestId('public-field-financeAmount')).toHaveText(`${money(FINANCE)} 元`);
  await core.getByTestId('public-signer').fill('张建国');
  await core.getByTestId('public-agree').check();
  await core.getByTestId('public-submit').click();
  await expect(core.getByTestId('public-link-done')).toContainText('确认成功');
  await core.context().close();

  const product = await keys.as('fin_product_manager', browser);
  const watch = watchPage(product);
  keys.insertOnly('fin_product_manager-sm2');
  await product.goto(`${B}/finance-application/review?tab=3`);
  await row(product, payableNo).getByTestId('action-row-loan').click();
  await confirm(product, '确认使用UKEY签署国内商业保理合同并向融资申请人放款？');
  await succeeded(product, '合同已签署，已放款');
  await product.goto(`${B}/contract/list`);
  const contract = row(product, payableNo);
  await expect(cell(contract, 'status')).toHaveText('已放款');
  await expect(cell(contract, 'confirmerName')).toHaveText('张建国');
  await expectNoErrors(watch);

  const supplier = await userPage(browser, 'chain_query', { to: `${B}/accounts-receivable/list?tab=3` });
  await expect(cell(row(supplier, payableNo), 'status')).toHaveText('已融资');
});

test('the factor registers 回款 of the finance amount (interest was deducted up front): the loan is closed', async ({
  browser,
}) => {
  const client = await userPage(browser, 'fin_client_manager', {
    to: `${B}/finance-application/review?tab=4`,
  });
  const watch = watchPage(client);
  await row(client, payableNo).getByTestId('action-row-repay').click();
  await confirm(client, '确认已收到应回款金额？');
  await succeeded(client, '已登记回款，业务办结');
  await client.goto(`${B}/contract/list`);
  const contract = row(client, payableNo);
  await expect(cell(contract, 'status')).toHaveText('已回款');
  await expect(cell(contract, 'repayDate')).toHaveText(chinaDate(0));
  const contractNo = (await cell(contract, 'contractNo').innerText()).trim();
  expect(contractNo).toMatch(/^BLHT\d{14}$/);
  // Its documents are generated from the record and downloaded from the contract list.
  for (const [key, title] of [
    ['contractPdf', '国内商业保理合同'],
    ['assignmentPdf', '应收账款转让申请暨确认书'],
    ['noticePdf', '付款通知书'],
  ]) {
    const [download] = await Promise.all([
      client.waitForEvent('download'),
      contract.getByTestId(`action-row-${key}`).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${title}-RF\\d{14}\\.pdf$`));
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }
  await contract.getByTestId('action-row-detail').click();
  await follow(client, /\/finance-application\/detail\?id=/);
  const detail = client.getByTestId('schema-page');
  // 利息前置: 295,500.00 lent, the whole 300,000.00 comes back.
  await expect(detail).toContainText('应回款金额');
  await expect(detail).toContainText('300,000.00');
  await expect(client.getByTestId('audit-log')).toContainText('登记回款');
  await expectNoErrors(watch);

  const supplier = await userPage(browser, 'chain_query', { to: `${B}/accounts-receivable/list?tab=3` });
  const supplierWatch = watchPage(supplier);
  await expect(cell(row(supplier, payableNo), 'status')).toHaveText('已结清');
  // 协议管理 lists the reverse contract (BLHT…) too, signed on its China day.
  const protocols = schemaPage(supplier, '/my/protocol/index');
  await protocols.goto();
  const agreement = protocols.row({ 协议编号: contractNo });
  await expect(protocols.cell(agreement, '签署时间')).toHaveText(new RegExp(`^${chinaDate(0)} `));
  await expectNoErrors(supplierWatch);
});
