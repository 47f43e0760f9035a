import { expect, type Page } from '@playwright/test';
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
 * Joint factoring (联合保理) through the schema pages: supplier 1 registers a receivable, applies for a
 * deal shared 60/40 by the two factors (建信 leads), its director approves, each factor's product manager
 * approves its own share with its UKEY (the deal waits for the second); each funder's contract (its share)
 * is confirmed and signed by the supplier, and signed by that funder with its UKEY; then the lead lends.
 */
test.describe.configure({ mode: 'serial' });

const RECEIVABLE = '312345.60';
const FINANCE = '250000.05';
const LEAD_SHARE = '150000.03'; // 60 %
const SECOND_SHARE = '100000.02'; // 40 %: the remainder
const LIST = '/cv3/factoring/joint/finance-management/loan/apply/list';
const CONTRACTS_CONFIRM = '/cv3/factoring/joint/contract/confirm/list';
const FUNDER_SIGN = '/cv3/factoring/joint/contract/sign/funder/list';

// Each test opens its own page first: a saved session is checked by an API call, not the home page.
const keys = useSigningAgent({ blank: true });
const as = keys.as;

async function rowAction(page: Page, tab: string, action: string): Promise<void> {
  await page.goto(LIST);
  await page.getByTestId(`tab-${tab}`).click();
  await row(page, money(FINANCE)).getByTestId(`action-row-${action}`).click();
}

test('supplier 1 registers a receivable of 312,345.60 and its director approves it', async ({ browser }) => {
  const op = await as('chain_operator', browser, { to: '/cv3/factoring/forward/asset/receivable/create' });
  await choose(op, 'field-debtorCorpId', '华建集团第一工程局有限公司');
  await type(op, 'field-amount', RECEIVABLE);
  await pickDate(op, 'field-dueDate', chinaDate(150));
  await type(op, 'field-contractNo', 'JC-E2E-JOINT-01');
  await type(op, 'field-contractName', '钢结构分包合同');
  await op.getByTestId('action-form-save').click();
  await succeeded(op, '应收账款已登记');
  await follow(op, /\/factoring\/forward\/asset\/receivable\/list$/);
  await op.getByTestId('tab-draft').click();
  await row(op, money(RECEIVABLE)).getByTestId('action-row-submit').click();
  await confirm(op, '确认提交该应收账款？');
  await succeeded(op, '应收账款已提交，等待主管岗复核');
  const director = await as('chain_director', browser, {
    to: '/cv3/factoring/forward/asset/receivable/list',
  });
  await director.getByTestId('tab-review').click();
  await row(director, money(RECEIVABLE)).getByTestId('action-row-approve').click();
  await confirm(director, '确认该应收账款真实有效？');
  await succeeded(director, '复核通过，可申请保理融资');
});

test('chain_operator applies for a joint deal of 250,000.05 shared 60/40', async ({ browser }) => {
  const page = await as('chain_operator', browser, { to: '/cv3/factoring/joint/accounts/receivable/list' });
  const watch = watchPage(page);
  await row(page, money(RECEIVABLE)).getByTestId('action-row-apply').click();
  await follow(page, /\/factoring\/joint\/finance-management\/loan\/apply\/create\?receivableId=/);
  await type(page, 'field-financeAmount', FINANCE);
  await choose(page, 'field-funders.0.funderCorpId', '建信商业保理有限公司');
  await type(page, 'field-funders.0.ratio', '60');
  // The first row's dropdown must be gone before the second one opens (two option lists match otherwise).
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await choose(page, 'field-funders.1.funderCorpId', '中融联合商业保理有限公司');
  await type(page, 'field-funders.1.ratio', '30');
  await type(page, 'field-annualRate', '6.8');
  await fillAccount(page, '华建建材供应有限公司');
  // 60 + 30: the form refuses what the server would (the model's sumTo), before anything is asked or sent.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/models/factoringJointLoan/')) posts.push(r.url());
  });
  await page.getByTestId('action-form-submit').click();
  await expect(page.getByTestId('field-funders')).toContainText(
    '各参与机构份额比例合计须为100%，当前合计90%',
  );
  expect(posts).toEqual([]);
  await type(page, 'field-funders.1.ratio', '40');
  await page.getByTestId('action-form-submit').click();
  await confirm(page, '确认提交联合保理融资申请？');
  await succeeded(page, '融资申请已提交，等待主管岗复核');
  await follow(page, /\/factoring\/joint\/finance-management\/loan\/apply\/detail\?id=/);
  const funders = page.getByTestId('section-funders');
  await expect(funders).toContainText('建信商业保理有限公司');
  await expect(funders).toContainText(money(LEAD_SHARE));
  await expect(funders).toContainText('中融联合商业保理有限公司');
  await expect(funders).toContainText(money(SECOND_SHARE));
  await expect(page.getByTestId('detail-apply-status')).toHaveText('待复核');
  await expectNoErrors(watch);
});

test('chain_director approves: both funders are to approve their shares', async ({ browser }) => {
  const page = await as('chain_director', browser);
  await rowAction(page, 'creditor', 'approve');
  await confirm(page, '确认复核通过？');
  await succeeded(page, '复核通过，等待各参与机构审批');
});

test('each funder approves its own share with its UKEY; the deal waits for the second', async ({
  browser,
}) => {
  // The second funder opens its list before the lead approves: its row is then an old version.
  const second = await as('fin2_product_manager', browser, { to: LIST });
  const secondWatch = watchPage(second);
  await second.getByTestId('tab-funders').click();
  await expect(cell(row(second, money(FINANCE)), 'status')).toHaveText('参与机构审批中');

  const lead = await as('fin_product_manager', browser);
  const watch = watchPage(lead);
  keys.insertOnly('fin_product_manager-sm2');
  await rowAction(lead, 'funders', 'funderApprove');
  await confirm(lead, '确认使用UKEY审批通过本机构份额？');
  await succeeded(lead, '本机构份额已审批');
  // Still waiting for the other funder, and no second approval for this one.
  const line = row(lead, money(FINANCE));
  await expect(cell(line, 'status')).toHaveText('参与机构审批中');
  await expect(line.getByTestId('action-row-funderApprove')).toHaveCount(0);
  await expectNoErrors(watch);

  // Its approval of the old version is refused, and the list loads the record again and says so (no manual
  // refresh); approved again, the deal moves on, and the list shows it without a reload.
  keys.insertOnly('fin2_product_manager-sm2');
  await row(second, money(FINANCE)).getByTestId('action-row-funderApprove').click();
  await confirm(second, '确认使用UKEY审批通过本机构份额？');
  await expect(
    second.locator('.ant-message').getByText('数据已被他人修改，已刷新为最新数据，请核对后再操作'),
  ).toBeVisible({ timeout: 20_000 });
  await row(second, money(FINANCE)).getByTestId('action-row-funderApprove').click();
  await confirm(second, '确认使用UKEY审批通过本机构份额？');
  await succeeded(second, '本机构份额已审批');
  await expect(row(second, money(FINANCE))).toHaveCount(0);
  await second.getByTestId('tab-loan').click();
  await expect(cell(row(second, money(FINANCE)), 'status')).toHaveText('待放款');
  await expectNoErrors(secondWatch);

  // The lead's list, opened again, shows the deal waiting for its loan.
  await lead.goto(LIST);
  await lead.getByTestId('tab-loan').click();
  await expect(cell(row(lead, money(FINANCE)), 'status')).toHaveText('待放款');
});

/** Runs a row action of a funder's contract (found by its share amount) on a contract list page. */
async function contractStep(
  page: Page,
  list: string,
  share: string,
  action: string,
  question: string,
  success: string,
): Promise<void> {
  await page.goto(list);
  await row(page, money(share)).getByTestId(`action-row-${action}`).click();
  await confirm(page, question);
  await succeeded(page, success);
}

test("chain_operator sees each funder's contract with its share, downloads one and confirms both", async ({
  browser,
}) => {
  const page = await as('chain_operator', browser, { to: CONTRACTS_CONFIRM });
  const watch = watchPage(page);
  for (const [funder, ratio, share] of [
    ['建信商业保理有限公司', '60', LEAD_SHARE],
    ['中融联合商业保理有限公司', '40', SECOND_SHARE],
  ] as const) {
    const line = row(page, money(share));
    await expect(cell(line, 'funderName')).toHaveText(funder);
    await expect(cell(line, 'ratio')).toHaveText(ratio);
    await expect(cell(line, 'financeAmount')).toHaveText(money(FINANCE));
    await expect(cell(line, 'status')).toHaveText('待债权人确认');
  }
  // 查看合同 shows the contract in the browser (inline), it does not save it.
  const [pdf] = await Promise.all([
    page.context().waitForEvent('response', (r) => r.url().includes('/biz/v1/factoring/joint-contracts/')),
    row(page, money(SECOND_SHARE)).getByTestId('action-row-contractPdf').click(),
  ]);
  expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
  expect(decodeURIComponent(pdf.headers()['content-disposition']!)).toMatch(
    /国内商业保理合同-LBL\d{14}\.pdf/,
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  for (const share of [LEAD_SHARE, SECOND_SHARE])
    await contractStep(
      page,
      CONTRACTS_CONFIRM,
      share,
      'confirm',
      '确认已阅读并同意本参与机构的国内商业保理合同（含份额比例及份额金额）？',
      '合同已确认，等待主管岗签署',
    );
  await expectNoErrors(watch);
});

test('chain_director signs both contracts with the UKEY', async ({ browser }) => {
  const page = await as('chain_director', browser);
  const watch = watchPage(page);
  keys.insertOnly('chain_director-sm2');
  for (const share of [LEAD_SHARE, SECOND_SHARE])
    await contractStep(
      page,
      '/cv3/factoring/joint/contract/sign/list',
      share,
      'sign',
      '确认使用UKEY签署该参与机构的国内商业保理合同？',
      '合同已签署，等待参与机构签署',
    );
  await expectNoErrors(watch);
});

test('the lead cannot lend before every contract is signed: 放款 is disabled and says why', async ({
  browser,
}) => {
  const manager = await as('fin_client_manager', browser, { to: LIST });
  await manager.getByTestId('tab-loan').click();
  const line = row(manager, money(FINANCE));
  // factoringJointLoan lend `requires` every contract signed (ADR 0014): the server answers it as blocked.
  await expect(line.getByTestId('action-row-lend')).toBeDisabled();
  await line.getByTestId('action-row-lend-blocked').hover();
  await expect(manager.locator('.ant-tooltip:visible')).toContainText(
    '各参与机构的保理合同均签署完成后才能放款，尚未签署的合同：LBL',
  );
});

test('each funder signs its own contract with its UKEY (a funder sees only its own)', async ({ browser }) => {
  const lead = await as('fin_product_manager', browser);
  const watch = watchPage(lead);
  keys.insertOnly('fin_product_manager-sm2');
  await lead.goto(FUNDER_SIGN);
  // Only its own contract (60 %), not the other funder's.
  await expect(row(lead, money(LEAD_SHARE))).toBeVisible();
  await expect(lead.getByText(money(SECOND_SHARE))).toHaveCount(0);
  await contractStep(
    lead,
    FUNDER_SIGN,
    LEAD_SHARE,
    'funderSign',
    '确认使用UKEY签署本机构的国内商业保理合同？',
    '合同已签署',
  );
  await expectNoErrors(watch);

  const second = await as('fin2_product_manager', browser);
  keys.insertOnly('fin2_product_manager-sm2');
  await contractStep(
    second,
    FUNDER_SIGN,
    SECOND_SHARE,
    'funderSign',
    '确认使用UKEY签署本机构的国内商业保理合同？',
    '合同已签署',
  );
  await second.getByTestId('tab-all').click();
  await expect(cell(row(second, money(SECOND_SHARE)), 'status')).toHaveText('已签署');
});

test("the supplier sees both funders' contracts signed", async ({ browser }) => {
  const supplier = await as('chain_operator', browser, { to: CONTRACTS_CONFIRM });
  await supplier.getByTestId('tab-all').click();
  for (const share of [LEAD_SHARE, SECOND_SHARE])
    await expect(cell(row(supplier, money(share)), 'status')).toHaveText('已签署');
});

test('the lead funder lends', async ({ browser }) => {
  const page = await as('fin_client_manager', browser);
  const watch = watchPage(page);
  await rowAction(page, 'loan', 'lend');
  await confirm(page, '确认各参与机构已按份额放款？');
  await succeeded(page, '已登记放款');
  await page.getByTestId('tab-lent').click();
  await row(page, money(FINANCE)).getByTestId('action-row-detail').click();
  await follow(page, /\/factoring\/joint\/finance-management\/loan\/apply\/detail\?id=/);
  await expect(page.getByTestId('detail-apply-status')).toHaveText('已放款');
  await expect(page.getByTestId('audit-log')).toContainText('审批本机构份额');
  await expectNoErrors(watch);
});

test("台账统计: the second funder's shares are its own only, the supplier's are every funder's", async ({
  browser,
}) => {
  const LEDGER = '/cv3/factoring/joint/ledger-statistics';
  const funder = await as('fin2_client_manager', browser, { to: LEDGER });
  const watch = watchPage(funder);
  const own = funder.getByTestId('chart-byFunder');
  await expect(own).toContainText('中融联合商业保理有限公司');
  await expect(own).not.toContainText('建信商业保理有限公司');
  await expect(funder.getByTestId('figure-lent')).toContainText(/[1-9]/);
  await expectNoErrors(watch);
  const supplier = await as('chain_operator', browser, { to: LEDGER });
  for (const name of ['中融联合商业保理有限公司', '建信商业保理有限公司'])
    await expect(supplier.getByTestId('chart-byFunder')).toContainText(name);
});
