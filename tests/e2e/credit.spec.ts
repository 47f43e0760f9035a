import { expect, test } from '@playwright/test';
import {
  cell,
  chinaDate,
  choose,
  confirm,
  fillAccount,
  follow,
  giveReason,
  money,
  pickDate,
  row,
  succeeded,
  type,
} from './creditUi';
import { useSigningAgent } from './signingAgent';
import { expectNoErrors, watchPage } from './fixtures';

/**
 * The credit-voucher lifecycle through the schema pages, each step as the user of that step, UKEY
 * signatures through the reference signing agent: issue → director (UKEY) → final review → supplier
 * accepts (UKEY) → split transfer → director (UKEY) → receiver accepts (UKEY) → finance → cash of a
 * seeded matured voucher; a refusal with its reason in the operation log; uploads of every document type.
 * Unique amounts keep the assertions exact on a database that other e2e files share.
 */
test.describe.configure({ mode: 'serial' });

const ISSUE = '762431.58';
const SPLIT = '200000.25';
const AFTER_SPLIT = '562431.33'; // 762,431.58 − 200,000.25
const FINANCE = '300000.17';
const LOAN = '270000.15'; // 300,000.17 × 90 %, rounded half up
const AFTER_FINANCE = '262431.16'; // 562,431.33 − 300,000.17

let rootNo = '';

const keys = useSigningAgent();
const as = keys.as;

test('core_operator applies to issue 762,431.58 to supplier 1', async ({ browser }) => {
  const page = await as('core_operator', browser);
  const watch = watchPage(page);
  await page.goto('/cv3/credit/core/issue/apply');
  await choose(page, 'field-supplierCorpId', '华建建材供应有限公司');
  await page.getByRole('button', { name: '添加对账单' }).click();
  await type(page, 'field-statements.0.statementNo', 'DZ-CREDIT-E2E-01');
  await pickDate(page, 'field-statements.0.statementDate', chinaDate(-5));
  await type(page, 'field-statements.0.statementAmount', '800000');
  await type(page, 'field-statements.0.billAmount', ISSUE);
  await pickDate(page, 'field-statements.0.expectedPayDate', chinaDate(120));
  await page.getByTestId('action-step-next').click();
  await expect(page.getByTestId('field-amount').locator('input')).toHaveValue(money(ISSUE));
  await pickDate(page, 'field-dueDate', chinaDate(120));
  await type(page, 'field-remark', '信用凭证端到端生命周期');
  await page.getByTestId('action-form-submit').click();
  await confirm(page, '确认提交签发申请？');
  await follow(page, /\/cv3\/credit\/core\/issue\/query\?tab=2$/);
  const applied = row(page, money(ISSUE));
  await expect(cell(applied, 'supplierName')).toHaveText('华建建材供应有限公司');
  await expect(cell(applied, 'status')).toHaveText('待签发');
  await expectNoErrors(watch);
});

test('core_director approves it with the UKEY', async ({ browser }) => {
  const page = await as('core_director', browser);
  const watch = watchPage(page);
  await page.goto('/cv3/credit/core/index/director');
  await row(page, money(ISSUE)).getByTestId('action-row-review').click();
  await follow(page, /\/credit\/core\/issue\/director-approve\?id=/);
  await expect(page.getByTestId('detail-apply-amount')).toHaveText(money(ISSUE));
  await expect(page.getByTestId('detail-apply-amount-capital')).toHaveText(
    '柒拾陆万贰仟肆佰叁拾壹元伍角捌分',
  );
  keys.insertOnly('core_director-rsa');
  await page.getByTestId('action-approve-approve').click();
  await confirm(page, '确认通过该签发申请？');
  await succeeded(page, '审核通过，已提交终审');
  await expect(page.getByTestId('detail-apply-status')).toHaveText('签发审核中');
  await expectNoErrors(watch);
});

test('core_final approves it: the voucher goes to the supplier', async ({ browser }) => {
  const page = await as('core_final', browser);
  const watch = watchPage(page);
  await page.goto('/cv3/credit/core/index/final-approve');
  await row(page, money(ISSUE)).getByTestId('action-row-final').click();
  await follow(page, /\/credit\/core\/issue\/issue\?id=/);
  await page.getByTestId('action-detail-finalApprove').click();
  await confirm(page, '确认终审通过？');
  await succeeded(page, '终审通过，等待供应商签收');
  await expect(page.getByTestId('detail-apply-status')).toHaveText('供应商待签收');
  await expect(page.getByTestId('audit-log')).toContainText('终审通过');
  await expectNoErrors(watch);
});

test('chain_operator accepts it with the UKEY: the voucher is held with its full amount', async ({
  browser,
}) => {
  const page = await as('chain_operator', browser);
  const watch = watchPage(page);
  await page.goto('/cv3/credit/chain/index/operator');
  keys.insertOnly('chain_director-sm2');
  await row(page, money(ISSUE)).getByTestId('action-row-accept').click();
  await confirm(page, '确认签收该信用凭证？');
  await succeeded(page, '签收成功，凭证已到账');
  await page.goto('/cv3/credit/chain/index/query');
  const voucher = row(page, money(ISSUE));
  await expect(cell(voucher, 'availableAmount')).toHaveText(money(ISSUE));
  await expect(cell(voucher, 'holderName')).toHaveText('华建建材供应有限公司');
  await expect(cell(voucher, 'status')).toHaveText('已签发');
  rootNo = (await cell(voucher, 'voucherNo').innerText()).trim();
  expect(rootNo).toMatch(/^CV\d{14}$/);
  await expectNoErrors(watch);
});

test('chain_operator transfers 200,000.25 of it to the project department', async ({ browser }) => {
  const page = await as('chain_operator', browser);
  const watch = watchPage(page);
  await page.goto('/cv3/credit/chain/index/query');
  await row(page, rootNo).getByTestId('action-row-transfer').click();
  await follow(page, /\/credit\/chain\/transfer\/apply\?voucherId=/);
  await expect(page.getByTestId('field-sourceVoucherId')).toContainText(rootNo);
  await choose(page, 'field-lines.0.receiverCorpId', '华建一局第三项目部');
  await type(page, 'field-lines.0.amount', SPLIT);
  await type(page, 'field-lines.0.accountNo', '6227000012345678902');
  await type(page, 'field-lines.0.accountName', '华建一局第三项目部');
  await type(page, 'field-lines.0.bankName', '中国建设银行成都分行');
  await type(page, 'field-lines.0.bankCode', '105651000011');
  await expect(page.getByTestId('field-totalAmount').locator('input')).toHaveValue(money(SPLIT));
  await expect(page.getByTestId('capital-amount')).toHaveText('贰拾万元贰角伍分');
  await page.getByTestId('action-form-submit').click();
  await confirm(page, '确认提交转让申请？');
  await follow(page, /\/credit\/chain\/transfer\/split-approve$/);
  await expect(cell(row(page, money(SPLIT)), 'status')).toHaveText('转让待复核');
  // The amount is reserved on the source voucher at once.
  await page.goto('/cv3/credit/chain/index/query');
  const parent = row(page, rootNo).filter({ has: page.getByTestId('cell-voucherNo').getByText(rootNo) });
  await expect(cell(parent, 'availableAmount')).toHaveText(money(AFTER_SPLIT));
  await expect(cell(parent, 'frozenAmount')).toHaveText(money(SPLIT));
  await expectNoErrors(watch);
});

test('chain_director approves the split with the UKEY', async ({ browser }) => {
  const page = await as('chain_director', browser);
  const watch = watchPage(page);
  await page.goto('/cv3/credit/chain/transfer/split-approve');
  keys.insertOnly('chain_director-sm2');
  await row(page, money(SPLIT)).getByTestId('action-row-approve').click();
  await confirm(page, '确认复核通过该转让申请？');
  await succeeded(page, '复核通过，等待受让方签收');
  await expectNoErrors(watch);
});

test('the receiver accepts with the UKEY: a child voucher appears, the parent drops exactly', async ({
  browser,
}) => {
  const unit = await as('unit_operator', browser);
  const watch = watchPage(unit);
  await unit.goto('/cv3/credit/chain/transfer/split-approve?tab=2');
  keys.insertOnly('unit_director-rsa');
  await row(unit, money(SPLIT)).getByTestId('action-row-accept').click();
  await confirm(unit, '确认签收该转让？');
  await succeeded(unit, '签收成功，子凭证已生成');
  await unit.goto('/cv3/credit/chain/index/query');
  const held = row(unit, rootNo).filter({ hasText: money(SPLIT) });
  await expect(cell(held, 'holderName')).toHaveText('华建一局第三项目部');
  await expect(cell(held, 'availableAmount')).toHaveText(money(SPLIT));
  await expectNoErrors(watch);

  const page = await as('chain_operator', browser);
  await page.goto('/cv3/credit/chain/index/query');
  const child = row(page, rootNo).filter({ has: page.getByTestId('cell-parentNo').getByText(rootNo) });
  await expect(child).toHaveCount(1);
  await expect(cell(child, 'amount')).toHaveText(money(SPLIT));
  await expect(cell(child, 'holderName')).toHaveText('华建一局第三项目部');
  await expect(cell(child, 'status')).toHaveText('已签发');
  const parent = row(page, rootNo).filter({ has: page.getByTestId('cell-voucherNo').getByText(rootNo) });
  await expect(cell(parent, 'amount')).toHaveText(money(ISSUE));
  await expect(cell(parent, 'availableAmount')).toHaveText(money(AFTER_SPLIT));
  await expect(cell(parent, 'frozenAmount')).toHaveText('0.00');
});

test('a finance application of 300,000.17 goes through to the factor', async ({ browser }) => {
  // Four users in turn, two of them signing: a minute on a quiet machine, more on a busy one.
  test.setTimeout(180_000);
  // The supplier's operator applies and submits: the amount is reserved on the voucher.
  const op = await as('chain_operator', browser);
  await op.goto('/cv3/credit/chain/index/query');
  await row(op, rootNo)
    .filter({ has: op.getByTestId('cell-voucherNo').getByText(rootNo) })
    .getByTestId('action-row-finance')
    .click();
  await follow(op, /\/credit\/chain\/finance\/apply\?voucherId=/);
  await expect(op.getByTestId('field-voucherId')).toContainText(rootNo);
  await choose(op, 'field-finCorpId', '建信商业保理有限公司');
  await type(op, 'field-financeAmount', FINANCE);
  await type(op, 'field-monthlyRate', '0.0045');
  await fillAccount(op, '华建建材供应有限公司');
  await op.getByTestId('action-form-submit').click();
  await confirm(op, '确认提交融资申请？');
  await follow(op, /\/credit\/chain\/finance\/detail\?id=/);
  const financeUrl = op.url().replace(/^.*\/cv3/, '/cv3');
  const financeId = new URL(op.url()).searchParams.get('id')!;
  await expect(op.getByTestId('detail-apply-status')).toHaveText('融资审核中（链条企业）');
  await expect(op.getByTestId('detail-terms-financeAmount')).toHaveText(money(FINANCE));
  await expect(op.getByTestId('detail-terms-loanAmount')).toHaveText(money(LOAN));
  await op.goto('/cv3/credit/chain/index/query');
  const parent = row(op, rootNo).filter({ has: op.getByTestId('cell-voucherNo').getByText(rootNo) });
  await expect(cell(parent, 'availableAmount')).toHaveText(money(AFTER_FINANCE));
  await expect(cell(parent, 'frozenAmount')).toHaveText(money(FINANCE));

  // The supplier's director approves with the UKEY.
  const director = await as('chain_director', browser);
  await director.goto('/cv3/credit/chain/finance/approve');
  await row(director, money(FINANCE)).getByTestId('action-row-review').click();
  await follow(director, /\/credit\/chain\/finance\/detail\?id=/);
  keys.insertOnly('chain_director-sm2');
  await director.getByTestId('action-detail-approve').click();
  await confirm(director, '确认通过该融资申请？');
  await succeeded(director, '审核通过，已提交金融机构');
  await expect(director.getByTestId('detail-apply-status')).toHaveText('融资审核中（平台）');

  // The factor: product manager (platform check), client manager (UKEY approval, loan), product manager (UKEY).
  const product = await as('fin_product_manager', browser);
  await product.goto('/cv3/credit/core/supplier/finance-query?tab=2');
  await row(product, money(FINANCE)).getByTestId('action-row-platformApprove').click();
  await confirm(product, '确认该融资申请符合产品要求？');
  await succeeded(product, '平台审核通过，已转客户经理审批');

  const client = await as('fin_client_manager', browser);
  const watch = watchPage(client);
  await client.goto('/cv3/credit/core/supplier/finance-query?tab=3');
  await row(client, money(FINANCE)).getByTestId('action-row-detail').click();
  await follow(client, new RegExp(`/credit/core/supplier/finance-detail\\?id=${financeId}$`));
  keys.insertOnly('fin-soft');
  await client.getByTestId('action-detail-finApprove').click();
  await confirm(client, '确认审批通过该融资申请？');
  await succeeded(client, '审批通过，等待放款');
  await expect(client.getByTestId('detail-apply-status')).toHaveText('金融机构待放款');
  await client.getByTestId('action-detail-loan').click();
  await confirm(client, '确认已按放款金额放款？');
  await succeeded(client, '已登记放款，等待产品经理复核');
  await expect(client.getByTestId('detail-apply-status')).toHaveText('放款审核中');
  await expect(client.getByTestId('audit-log')).toContainText('审批通过');
  await expectNoErrors(watch);

  await product.goto(`/cv3/credit/core/supplier/finance-detail?id=${financeId}`);
  await product.getByTestId('action-detail-loanApprove').click();
  await confirm(product, '确认放款复核通过？');
  await succeeded(product, '放款复核通过，融资完成');
  await expect(product.getByTestId('detail-apply-status')).toHaveText('已融资');
  const financed = product.getByTestId('section-vouchers').locator('tr[data-testid^="row-"]');
  await expect(cell(financed, 'amount')).toHaveText(money(FINANCE));
  await expect(cell(financed, 'holderName')).toHaveText('建信商业保理有限公司');

  // The supplier sees the financed part as a child voucher; what it still holds is exact.
  await op.goto(financeUrl);
  await expect(op.getByTestId('detail-apply-status')).toHaveText('已融资');
  await op.goto('/cv3/credit/chain/index/query');
  await expect(cell(parent, 'availableAmount')).toHaveText(money(AFTER_FINANCE));
  await expect(cell(parent, 'frozenAmount')).toHaveText('0.00');
  const part = row(op, rootNo).filter({ hasText: money(FINANCE) });
  await expect(cell(part, 'holderName')).toHaveText('建信商业保理有限公司');
  await expect(cell(part, 'status')).toHaveText('已融资');
});

test('a seeded matured voucher is paid: cash apply → submit → the director pays with the UKEY', async ({
  browser,
}) => {
  const page = await as('core_operator', browser);
  const watch = watchPage(page);
  await page.goto('/cv3/credit/core/cash/cash-apply');
  const matured = page.waitForResponse(
    (r) => r.url().includes('/models/creditVoucher/records') && r.url().includes('dueDateTo='),
  );
  const answer = (await (await matured).json()) as {
    data: { list: Array<{ voucherNo: string; availableAmount: string; holderName: string }> };
  };
  const voucher = answer.data.list[0];
  expect(voucher, 'the seed has a matured voucher').toBeTruthy();
  await choose(page, 'field-voucherId', voucher!.voucherNo);
  await fillAccount(page, voucher!.holderName);
  await page.getByTestId('action-form-submit').click();
  await confirm(page, '确认提交兑付申请？');
  await follow(page, /\/credit\/core\/cash\/cash-query$/);
  const line = row(page, voucher!.voucherNo);
  await expect(cell(line, 'cashAmount')).toHaveText(money(voucher!.availableAmount));
  await expect(cell(line, 'status')).toHaveText('还款审核中');
  await expectNoErrors(watch);

  const director = await as('core_director', browser);
  await director.goto('/cv3/credit/core/cash/cash-query?tab=3');
  await row(director, voucher!.voucherNo).getByTestId('action-row-review').click();
  await follow(director, /\/credit\/core\/cash\/director-approve\?id=/);
  await expect(director.getByTestId('detail-cash-cashAmount')).toHaveText(money(voucher!.availableAmount));
  keys.insertOnly('core_director-rsa');
  await director.getByTestId('action-approve-approve').click();
  await confirm(director, '确认兑付？');
  await succeeded(director, '兑付完成');
  await expect(director.getByTestId('detail-cash-status')).toHaveText('已还款');
  await expect(director.getByTestId('detail-cash-cashDate')).toHaveText(chinaDate(0));
  await director.goto('/cv3/credit/core/index/query');
  await director.getByTestId('query-voucherNo').locator('input').fill(voucher!.voucherNo);
  await director.getByTestId('action-query-search').click();
  const paid = row(director, voucher!.voucherNo);
  await expect(cell(paid, 'status')).toHaveText('已还款');
  await expect(cell(paid, 'availableAmount')).toHaveText('0.00');
});

test('a refusal with its reason: the reason shows in the operation log, the director confirms it', async ({
  browser,
}) => {
  const page = await as('chain_operator', browser);
  const watch = watchPage(page);
  const listed = page.waitForResponse((r) => r.url().includes('/models/creditIssue/records'));
  await page.goto('/cv3/credit/chain/index/operator');
  const pending = (
    (await (await listed).json()) as { data: { list: Array<{ id: string; issueNo: string }> } }
  ).data.list;
  const issue = pending[0];
  expect(issue, 'a seeded issue waits for supplier 1').toBeTruthy();
  await row(page, issue!.issueNo).getByTestId('action-row-refuse').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('请输入拒签原因')).toBeVisible();
  await giveReason(page, '对账单金额与实际发货不符');
  await succeeded(page, '已拒签，等待主管岗确认');
  await expect(row(page, issue!.issueNo)).toHaveCount(0);
  await page.goto(`/cv3/credit/core/issue/issue?id=${issue!.id}`);
  await expect(page.getByTestId('detail-apply-status')).toHaveText('供应商拒收中');
  await expect(page.getByTestId('detail-apply-refuseReason')).toHaveText('对账单金额与实际发货不符');
  const log = page.getByTestId('audit-log').locator('tr', { hasText: '拒签' });
  await expect(log).toContainText('对账单金额与实际发货不符');
  await expect(log).toContainText('陈立新');
  await expectNoErrors(watch);

  const director = await as('chain_director', browser);
  await director.goto('/cv3/credit/chain/index/director');
  keys.insertOnly('chain_director-sm2');
  await row(director, issue!.issueNo).getByTestId('action-row-confirmRefuse').click();
  await confirm(director, '确认拒收该信用凭证？');
  await succeeded(director, '已确认拒收');
  await director.goto(`/cv3/credit/core/issue/issue?id=${issue!.id}`);
  await expect(director.getByTestId('detail-apply-status')).toHaveText('供应商已拒收');
  await expect(director.getByTestId('audit-log')).toContainText('确认拒收');
});
