import { expect } from '@playwright/test';
import { chinaDate, follow, money } from './creditUi';
import { schemaPage } from './pageObjects';
import { useSigningAgent } from './signingAgent';
import { expectNoErrors, test, watchPage } from './fixtures';

/**
 * The credit-voucher lifecycle through the schema pages, each step as the user of that step, UKEY
 * signatures through the reference signing agent: issue → director (UKEY) → final review → supplier
 * accepts (UKEY) → split transfer → director (UKEY) → receiver accepts (UKEY) → finance → cash of a
 * seeded matured voucher; a refusal with its reason in the operation log; uploads of every document type.
 * Unique amounts keep the assertions exact on a database that other e2e files share. Every schema page
 * is driven through its page object (tests/e2e/pageObjects.ts): fields, buttons, columns, tabs and detail
 * values by the titles the schemas give them, no selectors.
 */
test.describe.configure({ mode: 'serial' });

const ISSUE = '762431.58';
const SPLIT = '200000.25';
const AFTER_SPLIT = '562431.33'; // 762,431.58 − 200,000.25
const FINANCE = '300000.17';
const LOAN = '270000.15'; // 300,000.17 × 90 %, rounded half up
const AFTER_FINANCE = '262431.16'; // 562,431.33 − 300,000.17

let rootNo = '';

// Each test opens its own page first: a saved session is checked by an API call, not the home page.
const keys = useSigningAgent({ blank: true });
const as = keys.as;

test('core_operator applies to issue 762,431.58 to supplier 1', async ({ browser }) => {
  const page = await as('core_operator', browser, { to: '/cv3/credit/core/issue/apply' });
  const watch = watchPage(page);
  const apply = schemaPage(page, '/credit/core/issue/apply');
  await apply.fill('供应商', '华建建材供应有限公司');
  await apply.click('添加对账单');
  await apply.fillAll({
    '对账单.对账单编号': 'DZ-CREDIT-E2E-01',
    '对账单.对账日期': chinaDate(-5),
    '对账单.对账单金额（元）': '800000',
    '对账单.开单金额（元）': ISSUE,
    '对账单.预计付款日期': chinaDate(120),
  });
  await apply.click('下一步');
  await expect(apply.input('凭证金额（元）')).toHaveValue(money(ISSUE));
  await apply.fill('到期日', chinaDate(120));
  await apply.fill('备注', '信用凭证端到端生命周期');
  await apply.click('提交');
  await apply.confirm('确认提交签发申请？');
  await follow(page, /\/cv3\/credit\/core\/issue\/query\?tab=2$/);
  const query = schemaPage(page, '/credit/core/issue/query');
  await query.expectRow(query.row(money(ISSUE)), { 供应商: '华建建材供应有限公司', 状态: '待签发' });
  await expectNoErrors(watch);
});

test('core_director approves it with the UKEY', async ({ browser }) => {
  const page = await as('core_director', browser, { to: '/cv3/credit/core/index/director' });
  const watch = watchPage(page);
  const todo = schemaPage(page, '/credit/core/index/director');
  await todo.click('审核', todo.row({ '凭证金额（元）': money(ISSUE) }));
  await follow(page, /\/credit\/core\/issue\/director-approve\?id=/);
  const approve = schemaPage(page, '/credit/core/issue/director-approve');
  await expect(approve.detail('凭证金额（元）')).toHaveText(money(ISSUE));
  await expect(approve.detail('大写金额')).toHaveText('柒拾陆万贰仟肆佰叁拾壹元伍角捌分');
  keys.insertOnly('core_director-rsa');
  await approve.click('通过');
  await approve.confirm('确认通过该签发申请？');
  await approve.succeeded('审核通过，已提交终审');
  await expect(approve.detail('状态')).toHaveText('签发审核中');
  await expectNoErrors(watch);
});

test('core_final approves it: the voucher goes to the supplier', async ({ browser }) => {
  const page = await as('core_final', browser, { to: '/cv3/credit/core/index/final-approve' });
  const watch = watchPage(page);
  const todo = schemaPage(page, '/credit/core/index/final-approve');
  await todo.click('终审', todo.row({ '凭证金额（元）': money(ISSUE) }));
  await follow(page, /\/credit\/core\/issue\/issue\?id=/);
  const issue = schemaPage(page, '/credit/core/issue/issue');
  await issue.click('终审通过');
  await issue.confirm('确认终审通过？');
  await issue.succeeded('终审通过，等待供应商签收');
  await expect(issue.detail('状态')).toHaveText('供应商待签收');
  await expect(issue.auditEntry('终审通过')).not.toHaveCount(0);
  await expectNoErrors(watch);
});

test('chain_operator accepts it with the UKEY: the voucher is held with its full amount', async ({
  browser,
}) => {
  const page = await as('chain_operator', browser, { to: '/cv3/credit/chain/index/operator' });
  const watch = watchPage(page);
  const todo = schemaPage(page, '/credit/chain/index/operator');
  keys.insertOnly('chain_director-sm2');
  await todo.click('签收', todo.row({ '凭证金额（元）': money(ISSUE) }));
  await todo.confirm('确认签收该信用凭证？');
  await todo.succeeded('签收成功，凭证已到账');
  const vouchers = schemaPage(page, '/credit/chain/index/query');
  await vouchers.goto();
  const voucher = vouchers.row({ '凭证金额（元）': money(ISSUE) });
  await vouchers.expectRow(voucher, {
    '剩余可用金额（元）': money(ISSUE),
    当前持有人: '华建建材供应有限公司',
    状态: '已签发',
  });
  rootNo = (await vouchers.rowObject(voucher)).凭证编号 ?? '';
  expect(rootNo).toMatch(/^CV\d{14}$/);
  await expectNoErrors(watch);
});

test('chain_operator transfers 200,000.25 of it to the project department', async ({ browser }) => {
  const page = await as('chain_operator', browser, { to: '/cv3/credit/chain/index/query' });
  const watch = watchPage(page);
  const vouchers = schemaPage(page, '/credit/chain/index/query');
  await vouchers.click('转让', vouchers.row({ 凭证编号: rootNo }));
  await follow(page, /\/credit\/chain\/transfer\/apply\?voucherId=/);
  const transfer = schemaPage(page, '/credit/chain/transfer/apply');
  await expect(transfer.field('转让凭证')).toContainText(rootNo);
  await transfer.fillAll({
    '转让明细.受让方': '华建一局第三项目部',
    '转让明细.转让金额（元）': SPLIT,
    '转让明细.收款账号': '6227000012345678902',
    '转让明细.户名': '华建一局第三项目部',
    '转让明细.开户行': '中国建设银行成都分行',
    '转让明细.联行号': '105651000011',
  });
  await expect(transfer.input('转让金额合计（元）')).toHaveValue(money(SPLIT));
  await expect(page.getByTestId('capital-amount')).toHaveText('贰拾万元贰角伍分');
  await transfer.click('提交');
  await transfer.confirm('确认提交转让申请？');
  await follow(page, /\/credit\/chain\/transfer\/split-approve$/);
  const transfers = schemaPage(page, '/credit/chain/transfer/split-approve');
  await transfers.expectRow(transfers.row({ '转让金额（元）': money(SPLIT) }), { 状态: '转让待复核' });
  // The amount is reserved on the source voucher at once.
  await vouchers.goto();
  await vouchers.expectRow(vouchers.row({ 凭证编号: rootNo }), {
    '剩余可用金额（元）': money(AFTER_SPLIT),
    '冻结金额（元）': money(SPLIT),
  });
  await expectNoErrors(watch);
});

test('chain_director approves the split with the UKEY', async ({ browser }) => {
  const page = await as('chain_director', browser, { to: '/cv3/credit/chain/transfer/split-approve' });
  const watch = watchPage(page);
  const transfers = schemaPage(page, '/credit/chain/transfer/split-approve');
  keys.insertOnly('chain_director-sm2');
  await transfers.click('复核通过', transfers.row({ '转让金额（元）': money(SPLIT) }));
  await transfers.confirm('确认复核通过该转让申请？');
  await transfers.succeeded('复核通过，等待受让方签收');
  await expectNoErrors(watch);
});

test('the receiver accepts with the UKEY: a child voucher appears, the parent drops exactly', async ({
  browser,
}) => {
  const unit = await as('unit_operator', browser, { to: '/cv3/credit/chain/transfer/split-approve' });
  const watch = watchPage(unit);
  const transfers = schemaPage(unit, '/credit/chain/transfer/split-approve');
  await transfers.tab('待签收');
  keys.insertOnly('unit_director-rsa');
  await transfers.click('签收', transfers.row({ '转让金额（元）': money(SPLIT) }));
  await transfers.confirm('确认签收该转让？');
  await transfers.succeeded('签收成功，子凭证已生成');
  const held = schemaPage(unit, '/credit/chain/index/query');
  await held.goto();
  await held.expectRow(held.row({ 父凭证编号: rootNo, '凭证金额（元）': money(SPLIT) }), {
    当前持有人: '华建一局第三项目部',
    '剩余可用金额（元）': money(SPLIT),
  });
  await expectNoErrors(watch);

  const page = await as('chain_operator', browser, { to: '/cv3/credit/chain/index/query' });
  const vouchers = schemaPage(page, '/credit/chain/index/query');
  const child = vouchers.row({ 父凭证编号: rootNo });
  await expect(child).toHaveCount(1);
  await vouchers.expectRow(child, {
    '凭证金额（元）': money(SPLIT),
    当前持有人: '华建一局第三项目部',
    状态: '已签发',
  });
  await vouchers.expectRow(vouchers.row({ 凭证编号: rootNo }), {
    '凭证金额（元）': money(ISSUE),
    '剩余可用金额（元）': money(AFTER_SPLIT),
    '冻结金额（元）': '0.00',
  });
});

test('a finance application of 300,000.17 goes through to the factor', async ({ browser }) => {
  // Four users in turn, two of them signing: a minute on a quiet machine, more on a busy one.
  test.setTimeout(180_000);
  // The supplier's operator applies and submits: the amount is reserved on the voucher.
  const op = await as('chain_operator', browser, { to: '/cv3/credit/chain/index/query' });
  const vouchers = schemaPage(op, '/credit/chain/index/query');
  await vouchers.click('融资', vouchers.row({ 凭证编号: rootNo }));
  await follow(op, /\/credit\/chain\/finance\/apply\?voucherId=/);
  const apply = schemaPage(op, '/credit/chain/finance/apply');
  await expect(apply.field('融资凭证')).toContainText(rootNo);
  // The 金融机构 picker offers financial institutions only, never the core enterprise the server refuses.
  await apply.field('金融机构').locator('.ant-select').click();
  const offered = op.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(offered.first()).toBeVisible();
  const institutions = await offered.allTextContents();
  expect(institutions.some((label) => label.startsWith('建信商业保理有限公司'))).toBe(true);
  expect(institutions.filter((label) => label.includes('华建'))).toEqual([]);
  await op.keyboard.press('Escape');
  await expect(op.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await apply.fillAll({
    金融机构: '建信商业保理有限公司',
    '融资金额（元）': FINANCE,
    月利率: '0.45',
    收款账号: '6227000012345678901',
    户名: '华建建材供应有限公司',
    开户行: '中国建设银行北京西城支行',
    联行号: '105100000017',
  });
  await apply.click('提交');
  await apply.confirm('确认提交融资申请？');
  await follow(op, /\/credit\/chain\/finance\/detail\?id=/);
  const financeId = new URL(op.url()).searchParams.get('id')!;
  const detail = schemaPage(op, '/credit/chain/finance/detail');
  await expect(detail.detail('状态')).toHaveText('融资审核中（链属企业）');
  await expect(detail.detail('融资金额（元）')).toHaveText(money(FINANCE));
  await expect(detail.detail('放款金额（元）')).toHaveText(money(LOAN));
  await vouchers.goto();
  const parent = vouchers.row({ 凭证编号: rootNo });
  await vouchers.expectRow(parent, {
    '剩余可用金额（元）': money(AFTER_FINANCE),
    '冻结金额（元）': money(FINANCE),
  });

  // The supplier's director approves with the UKEY.
  const director = await as('chain_director', browser, { to: '/cv3/credit/chain/finance/approve' });
  const approvals = schemaPage(director, '/credit/chain/finance/approve');
  await approvals.click('审核', approvals.row({ '融资金额（元）': money(FINANCE) }));
  await follow(director, /\/credit\/chain\/finance\/detail\?id=/);
  const review = schemaPage(director, '/credit/chain/finance/detail');
  keys.insertOnly('chain_director-sm2');
  await review.click('通过');
  await review.confirm('确认通过该融资申请？');
  await review.succeeded('审核通过，已提交金融机构');
  await expect(review.detail('状态')).toHaveText('融资审核中（平台）');

  // The factor: product manager (platform check), client manager (UKEY approval, loan), product manager (UKEY).
  const product = await as('fin_product_manager', browser, { to: '/cv3/credit/core/supplier/finance-query' });
  const platform = schemaPage(product, '/credit/core/supplier/finance-query');
  await platform.tab('待平台审核');
  await platform.click('平台审核通过', platform.row({ '融资金额（元）': money(FINANCE) }));
  await platform.confirm('确认该融资申请符合产品要求？');
  await platform.succeeded('平台审核通过，已转客户经理审批');

  const client = await as('fin_client_manager', browser, { to: '/cv3/credit/core/supplier/finance-query' });
  const watch = watchPage(client);
  const institution = schemaPage(client, '/credit/core/supplier/finance-query');
  await institution.tab('待金融机构审批');
  await institution.click('详情', institution.row({ '融资金额（元）': money(FINANCE) }));
  await follow(client, new RegExp(`/credit/core/supplier/finance-detail\\?id=${financeId}$`));
  const finance = schemaPage(client, '/credit/core/supplier/finance-detail');
  keys.insertOnly('fin-soft');
  await finance.click('审批通过');
  await finance.confirm('确认审批通过该融资申请？');
  await finance.succeeded('审批通过，等待放款');
  await expect(finance.detail('状态')).toHaveText('金融机构待放款');
  await finance.click('放款');
  await finance.confirm('确认已按放款金额放款？');
  await finance.succeeded('已登记放款，等待产品经理复核');
  await expect(finance.detail('状态')).toHaveText('放款审核中');
  await expect(finance.auditEntry('审批通过')).not.toHaveCount(0);
  await expectNoErrors(watch);

  const loan = schemaPage(product, '/credit/core/supplier/finance-detail');
  await loan.goto({ id: financeId });
  await loan.click('放款复核通过');
  await loan.confirm('确认放款复核通过？');
  await loan.succeeded('放款复核通过，融资完成');
  await expect(loan.detail('状态')).toHaveText('已融资');
  await expect
    .poll(() => loan.rowObjects(loan.section('融资凭证')))
    .toEqual([
      expect.objectContaining({ '凭证金额（元）': money(FINANCE), 当前持有人: '建信商业保理有限公司' }),
    ]);

  // The supplier sees the financed part as a child voucher; what it still holds is exact.
  await detail.goto({ id: financeId });
  await expect(detail.detail('状态')).toHaveText('已融资');
  await vouchers.goto();
  await vouchers.expectRow(parent, { '剩余可用金额（元）': money(AFTER_FINANCE), '冻结金额（元）': '0.00' });
  await vouchers.expectRow(vouchers.row({ 父凭证编号: rootNo, '凭证金额（元）': money(FINANCE) }), {
    当前持有人: '建信商业保理有限公司',
    状态: '已融资',
  });
});

test('a seeded matured voucher is paid: cash apply → submit → the director pays with the UKEY', async ({
  browser,
}) => {
  const page = await as('core_operator', browser);
  const watch = watchPage(page);
  const apply = schemaPage(page, '/credit/core/cash/cash-apply');
  const matured = page.waitForResponse(
    (r) => r.url().includes('/models/creditVoucher/records') && r.url().includes('dueDateTo='),
  );
  await apply.goto();
  const answer = (await (await matured).json()) as {
    data: { list: Array<{ voucherNo: string; availableAmount: string; holderName: string }> };
  };
  const voucher = answer.data.list[0];
  expect(voucher, 'the seed has a matured voucher').toBeTruthy();
  await apply.fillAll({
    兑付凭证: voucher!.voucherNo,
    收款账号: '6227000012345678901',
    户名: voucher!.holderName,
    开户行: '中国建设银行北京西城支行',
    联行号: '105100000017',
  });
  await apply.click('提交');
  await apply.confirm('确认提交兑付申请？');
  await follow(page, /\/credit\/core\/cash\/cash-query$/);
  const cash = schemaPage(page, '/credit/core/cash/cash-query');
  await cash.expectRow(cash.row({ 凭证编号: voucher!.voucherNo }), {
    '待兑付金额（元）': money(voucher!.availableAmount),
    状态: '还款审核中',
  });
  await expectNoErrors(watch);

  const director = await as('core_director', browser, { to: '/cv3/credit/core/cash/cash-query' });
  const review = schemaPage(director, '/credit/core/cash/cash-query');
  await review.tab('还款审核中');
  await review.click('审核', review.row({ 凭证编号: voucher!.voucherNo }));
  await follow(director, /\/credit\/core\/cash\/director-approve\?id=/);
  const approve = schemaPage(director, '/credit/core/cash/director-approve');
  await expect(approve.detail('待兑付金额（元）')).toHaveText(money(voucher!.availableAmount));
  keys.insertOnly('core_director-rsa');
  await approve.click('通过');
  await approve.confirm('确认兑付？');
  await approve.succeeded('兑付完成');
  await expect(approve.detail('状态')).toHaveText('已还款');
  await expect(approve.detail('兑付日期')).toHaveText(chinaDate(0));
  const vouchers = schemaPage(director, '/credit/core/index/query');
  await vouchers.goto();
  await vouchers.search({ 凭证编号: voucher!.voucherNo });
  await vouchers.expectRow(vouchers.row({ 凭证编号: voucher!.voucherNo }), {
    状态: '已还款',
    '剩余可用金额（元）': '0.00',
  });
});

test('a refusal with its reason: the reason shows in the operation log, the director confirms it', async ({
  browser,
}) => {
  const page = await as('chain_operator', browser);
  const watch = watchPage(page);
  const todo = schemaPage(page, '/credit/chain/index/operator');
  // The login lands on this same page: let its list answer first, or its response (whose body is gone once
  // goto navigates) is the one awaited below.
  await page.waitForLoadState('networkidle');
  const listed = page.waitForResponse((r) => r.url().includes('/models/creditIssue/records'));
  await todo.goto();
  const pending = (
    (await (await listed).json()) as { data: { list: Array<{ id: string; issueNo: string }> } }
  ).data.list;
  const issue = pending[0];
  expect(issue, 'a seeded issue waits for supplier 1').toBeTruthy();
  const line = todo.row({ 申请编号: issue!.issueNo });
  await todo.click('拒签', line);
  await todo.ok();
  await expect(page.getByText('请输入拒签原因')).toBeVisible();
  await todo.giveReason('对账单金额与实际发货不符');
  await todo.succeeded('已拒签，等待主管岗确认');
  await expect(line).toHaveCount(0);
  const detail = schemaPage(page, '/credit/core/issue/issue');
  await detail.goto({ id: issue!.id });
  await expect(detail.detail('状态')).toHaveText('供应商拒收中');
  await expect(detail.detail('拒绝原因')).toHaveText('对账单金额与实际发货不符');
  const log = detail.auditEntry('拒签');
  await expect(log).toContainText('对账单金额与实际发货不符');
  await expect(log).toContainText('陈立新');
  await expectNoErrors(watch);

  const director = await as('chain_director', browser, { to: '/cv3/credit/chain/index/director' });
  const confirmations = schemaPage(director, '/credit/chain/index/director');
  keys.insertOnly('chain_director-sm2');
  await confirmations.click('确认拒收', confirmations.row({ 申请编号: issue!.issueNo }));
  await confirmations.confirm('确认拒收该信用凭证？');
  await confirmations.succeeded('已确认拒收');
  const after = schemaPage(director, '/credit/core/issue/issue');
  await after.goto({ id: issue!.id });
  await expect(after.detail('状态')).toHaveText('供应商已拒收');
  await expect(after.auditEntry('确认拒收')).not.toHaveCount(0);
});
