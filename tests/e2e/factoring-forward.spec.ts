import { expect, type Page } from '@playwright/test';
import { toCents } from '@renderer/core/format';
import {
  cell,
  chinaDate,
  choose,
  confirm,
  fillAccount,
  follow,
  money,
  pickDate,
  row,
  succeeded,
  type,
} from './creditUi';
import { useSigningAgent } from './signingAgent';
import { expectNoErrors, test, watchPage } from './fixtures';

/**
 * Standard factoring (正向保理) through the schema pages, each step as the user of that step, UKEY
 * signatures through the reference signing agent with the demo keys (the factor's product manager has
 * one in the demo world): receivable registered and reviewed → loan application (利息前置) reviewed →
 * the factor reviews, approves and signs → the contract confirmed and signed by creditor and debtor
 * (the contract PDF downloaded) → 放款 → 回款. Unique amounts keep assertions exact on a shared database.
 */
test.describe.configure({ mode: 'serial' });

const RECEIVABLE = '523416.78';
const FINANCE = '418733.42';
// 120 days at 7.25 % a year over 360 days: 418,733.42 × 0.0725 × 120 / 360 = 10,119.390… → 10,119.39
const INTEREST = '10119.39';
const LENT = '408614.03'; // 利息前置: finance − interest
const DEBTOR = '华建集团第一工程局有限公司';

// Each test opens its own page first: a saved session is checked by an API call, not the home page.
const keys = useSigningAgent({ blank: true });
const as = keys.as;

/** Runs a row action of the loan with FINANCE on `url` (after `tab`), answering its confirmation. */
async function loanStep(
  page: Page,
  url: string,
  tab: string | null,
  action: string,
  question: string,
  success: string,
): Promise<void> {
  await page.goto(url);
  if (tab) await page.getByTestId(`tab-${tab}`).click();
  await row(page, money(FINANCE)).getByTestId(`action-row-${action}`).click();
  await confirm(page, question);
  await succeeded(page, success);
}

test('chain_operator registers a receivable of 523,416.78 on the core group and submits it', async ({
  browser,
}) => {
  const page = await as('chain_operator', browser, { to: '/cv3/factoring/forward/asset/receivable/create' });
  const watch = watchPage(page);
  await choose(page, 'field-debtorCorpId', DEBTOR);
  await type(page, 'field-amount', RECEIVABLE);
  await expect(page.getByTestId('capital-amount')).toHaveText('伍拾贰万叁仟肆佰壹拾陆元柒角捌分');
  await pickDate(page, 'field-dueDate', chinaDate(120));
  await type(page, 'field-contractNo', 'JC-E2E-FORWARD-01');
  await type(page, 'field-contractName', '钢材采购合同');
  await page.getByTestId('action-form-save').click();
  await succeeded(page, '应收账款已登记');
  await follow(page, /\/factoring\/forward\/asset\/receivable\/list$/);
  await page.getByTestId('tab-draft').click();
  const line = row(page, money(RECEIVABLE));
  await expect(cell(line, 'debtorName')).toHaveText(DEBTOR);
  await expect(cell(line, 'status')).toHaveText('待提交');
  await line.getByTestId('action-row-submit').click();
  await confirm(page, '确认提交该应收账款？');
  await succeeded(page, '应收账款已提交，等待主管岗复核');
  await expectNoErrors(watch);
});

test('chain_director approves the receivable', async ({ browser }) => {
  const page = await as('chain_director', browser, { to: '/cv3/factoring/forward/asset/receivable/list' });
  const watch = watchPage(page);
  await page.getByTestId('tab-review').click();
  await row(page, money(RECEIVABLE)).getByTestId('action-row-approve').click();
  await confirm(page, '确认该应收账款真实有效？');
  await succeeded(page, '复核通过，可申请保理融资');
  await page.getByTestId('tab-available').click();
  await expect(cell(row(page, money(RECEIVABLE)), 'status')).toHaveText('可融资');
  await expectNoErrors(watch);
});

test('chain_operator applies for 418,733.42 with interest up front: the server computes the terms', async ({
  browser,
}) => {
  const page = await as('chain_operator', browser, { to: '/cv3/factoring/forward/asset/receivable/list' });
  const watch = watchPage(page);
  await page.getByTestId('tab-available').click();
  await row(page, money(RECEIVABLE)).getByTestId('action-row-apply').click();
  await follow(page, /\/factoring\/forward\/loan\/apply\/create\?receivableId=/);
  await choose(page, 'field-factorCorpId', '建信商业保理有限公司');
  await type(page, 'field-financeAmount', FINANCE);
  await type(page, 'field-annualRate', '7.25');
  await page.getByTestId('field-interestMode').getByText('利息前置').click();
  await page.getByTestId('field-recourse').getByText('无追索').click();
  await fillAccount(page, '华建建材供应有限公司');
  await page.getByTestId('action-form-submit').click();
  await confirm(page, '确认提交融资申请？');
  await succeeded(page, '融资申请已提交，等待主管岗复核');
  await follow(page, /\/factoring\/forward\/loan\/apply\/detail\?id=/);
  await expect(page.getByTestId('detail-apply-status')).toHaveText('待复核');
  await expect(page.getByTestId('detail-terms-financeAmount-capital')).toHaveText(
    '肆拾壹万捌仟柒佰叁拾叁元肆角贰分',
  );
  await expect(page.getByTestId('detail-terms-financeDays')).toHaveText('120');
  await expect(page.getByTestId('detail-terms-interest')).toHaveText(money(INTEREST));
  await expect(page.getByTestId('detail-terms-loanAmount')).toHaveText(money(LENT));
  await expect(page.getByTestId('detail-terms-repayAmount')).toHaveText(money(FINANCE));
  await expectNoErrors(watch);
});

test('chain_director approves the application, the factor reviews it', async ({ browser }) => {
  const director = await as('chain_director', browser);
  await loanStep(
    director,
    '/cv3/factoring/forward/loan/apply/list',
    'creditor',
    'approve',
    '确认复核通过该融资申请？',
    '复核通过，已提交保理商',
  );
  const client = await as('fin_client_manager', browser);
  const watch = watchPage(client);
  await loanStep(
    client,
    '/cv3/factoring/forward/loan/apply/list',
    'factor',
    'review',
    '确认该融资申请审核通过？',
    '审核通过，等待产品经理审批',
  );
  await expectNoErrors(watch);
});

test('fin_product_manager approves and signs with the UKEY: the contract exists', async ({ browser }) => {
  const page = await as('fin_product_manager', browser);
  const watch = watchPage(page);
  keys.insertOnly('fin_product_manager-sm2');
  await loanStep(
    page,
    '/cv3/factoring/forward/loan/apply/list',
    'factor',
    'factorApprove',
    '确认审批通过并使用UKEY签署国内商业保理合同？',
    '审批通过，合同已生成，等待债权人确认',
  );
  await page.getByTestId('tab-contract').click();
  await expect(cell(row(page, money(FINANCE)), 'status')).toHaveText('待债权人确认合同');
  await expectNoErrors(watch);
});

test('chain_operator opens the contract PDF (查看合同 shows it, not saves it) and confirms it', async ({
  browser,
}) => {
  const page = await as('chain_operator', browser, { to: '/cv3/factoring/forward/contract/confirm/list' });
  const watch = watchPage(page);
  const line = row(page, money(FINANCE));
  const [pdf] = await Promise.all([
    page.context().waitForEvent('response', (r) => r.url().includes('/biz/v1/factoring/documents/contract/')),
    line.getByTestId('action-row-contractPdf').click(),
  ]);
  expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
  expect(decodeURIComponent(pdf.headers()['content-disposition']!)).toMatch(/国内商业保理合同-FL\d{14}\.pdf/);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await line.getByTestId('action-row-confirm').click();
  await confirm(page, '确认已阅读并同意国内商业保理合同及应收账款转让申请暨确认书？');
  await succeeded(page, '合同已确认，等待债务人确认');
  await expectNoErrors(watch);
});

test('core_operator confirms the assignment as the debtor', async ({ browser }) => {
  const page = await as('core_operator', browser);
  const watch = watchPage(page);
  await loanStep(
    page,
    '/cv3/factoring/forward/contract/confirm/owner/list',
    null,
    'ownerConfirm',
    '确认应收账款真实有效并知悉转让事宜？',
    '已确认应收账款转让，等待债权人签署',
  );
  await expectNoErrors(watch);
});

test('chain_director and core_director sign with their UKEYs', async ({ browser }) => {
  const creditor = await as('chain_director', browser);
  keys.insertOnly('chain_director-sm2');
  await loanStep(
    creditor,
    '/cv3/factoring/forward/contract/sign/list',
    null,
    'sign',
    '确认使用UKEY签署国内商业保理合同？',
    '合同已签署，等待债务人签署',
  );
  const debtor = await as('core_director', browser);
  const watch = watchPage(debtor);
  keys.insertOnly('core_director-rsa');
  await loanStep(
    debtor,
    '/cv3/factoring/forward/contract/sign/owner/list',
    null,
    'ownerSign',
    '确认使用UKEY签署应收账款转让申请暨确认书？',
    '确认书已签署，等待保理商放款',
  );
  await expectNoErrors(watch);
});

test('fin_client_manager lends and registers the repayment', async ({ browser }) => {
  const page = await as('fin_client_manager', browser);
  const watch = watchPage(page);
  const list = '/cv3/factoring/forward/loan/apply/list';
  const repaid = await ledgerFigure(page, 'repaid');
  await loanStep(page, list, 'loan', 'lend', '确认已按实际放款金额放款？', '已登记放款');
  await loanStep(page, list, 'lent', 'repay', '确认已收到应回款金额？', '已登记回款，业务办结');
  await page.getByTestId('tab-done').click();
  const line = row(page, money(FINANCE));
  await expect(cell(line, 'status')).toHaveText('已回款');
  await expect(cell(line, 'interest')).toHaveText(money(INTEREST));
  await line.getByTestId('action-row-detail').click();
  await follow(page, /\/factoring\/forward\/loan\/apply\/detail\?id=/);
  await expect(page.getByTestId('audit-log')).toContainText('登记回款');
  await expect(page.getByTestId('detail-terms-loanAmount')).toHaveText(money(LENT));
  // 台账统计: 利息前置, so the whole finance amount came back and 已回款金额 grew by exactly that.
  expect((await ledgerFigure(page, 'repaid')) - repaid).toBe(toCents(FINANCE));
  await expectNoErrors(watch);
});

/** A figure of 台账统计 in cents, once the server's aggregate has answered. */
async function ledgerFigure(page: Page, key: string): Promise<bigint> {
  await page.goto('/cv3/factoring/forward/ledger-statistics');
  const value = page.getByTestId(`figure-${key}`).locator('.figure-value');
  await expect(value).toHaveText(/^[\d,]+\.\d{2}$/);
  return toCents((await value.textContent())!.replace(/,/g, ''));
}
