import { expect } from '@playwright/test';
import { cell, chinaDate, choose, confirm, follow, money, pickDate, row, succeeded, type } from './creditUi';
import { useSigningAgent } from './signingAgent';
import { expectNoErrors, test, watchPage } from './fixtures';

/**
 * ABCP on a series: the same models, effects and pages as ABS with product abcp. The plan manager sets
 * up series 第7期 with its 兑付日; the core operator issues a receivable into it with the single-add
 * form; engineer confirmation, transfer with documents, the supplier's and the core's UKEY signatures and
 * the packet review follow as in ABS; the lent receivable carries its series and 兑付日.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 }); // several users per test on a loaded machine

const SERIES = '华建一局供应链资产支持商业票据（第7期）';
const AMOUNT = '864209.75';
const PAY_DATE = chinaDate(180);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');

// Each test opens its own page first: a saved session is checked by an API call, not the home page. (A
// 单笔新增 form opened so, cold, once lost its typed 应收账款金额 to a select taking the focus back late:
// renderer/react/widgets/KeptFocusSelect.tsx.)
const keys = useSigningAgent({ blank: true });
const as = keys.as;

test('the plan manager sets up series 7 with its 兑付日', async ({ browser }) => {
  const page = await as('fin_product_manager', browser, {
    to: '/cv3/abcp/product/distribute-product-manage',
  });
  const watch = watchPage(page);
  await page.getByTestId('action-toolbar-addPlan').click();
  const dialog = page.getByTestId('dialog-addPlan');
  await expect(dialog).toBeVisible();
  await type(page, 'field-planName', SERIES);
  await choose(page, 'field-coreCorpId', '华建集团第一工程局有限公司');
  await type(page, 'field-issueSize', '50000000');
  await choose(page, 'field-venue', '银行间市场');
  await pickDate(page, 'field-setupDate', chinaDate(-1));
  await pickDate(page, 'field-expectedDueDate', chinaDate(360));
  await type(page, 'field-seriesNo', '7');
  await pickDate(page, 'field-payDate', PAY_DATE);
  await page.getByTestId('action-dialog-submit').click();
  await succeeded(page, '已设立');
  const series = row(page, SERIES);
  await expect(cell(series, 'seriesNo')).toHaveText('7');
  await expect(cell(series, 'payDate')).toHaveText(PAY_DATE);
  await expect(cell(series, 'status')).toHaveText('募集中');
  await expectNoErrors(watch);
});

test('core_operator issues a receivable into the series (single add)', async ({ browser }) => {
  const page = await as('core_operator', browser, { to: '/cv3/abcp/core/issue/engineer/single-add' });
  const watch = watchPage(page);
  await choose(page, 'field-planId', SERIES);
  await choose(page, 'field-supplierCorpId', '华建建材供应有限公司');
  await type(page, 'field-debtorName', '华建一局第二项目公司');
  await type(page, 'field-confirmNo', 'FQ-ABCP-E2E-1');
  await choose(page, 'field-contractType', '采购合同');
  await type(page, 'field-amount', AMOUNT);
  await pickDate(page, 'field-dueDate', chinaDate(150));
  await page.getByTestId('action-form-save').click();
  await confirm(page, '确认发行该笔资产？');
  await follow(page, /\/cv3\/abcp\/core\/issue\/receivable$/);
  const line = row(page, money(AMOUNT));
  await expect(cell(line, 'planName')).toHaveText(SERIES);
  await expect(cell(line, 'seriesNo')).toHaveText('7');
  await expect(cell(line, 'payDate')).toHaveText(PAY_DATE);
  await expect(cell(line, 'status')).toHaveText('待工程师确认');
  await expectNoErrors(watch);
});

test('engineer confirmation, transfer with documents and both UKEY signatures', async ({ browser }) => {
  test.setTimeout(150_000); // four users and two signatures
  const engineer = await as('core_purchase', browser, { to: '/cv3/abcp/core/issue/engineer' });
  await row(engineer, money(AMOUNT)).getByTestId('action-row-confirm').click();
  await confirm(engineer, '确认该笔资产的项目进度属实？');
  await succeeded(engineer, '工程师已确认，等待供应商转让');

  const supplier = await as('chain_operator', browser, { to: '/cv3/abcp/chain/index/operator' });
  const watch = watchPage(supplier);
  await row(supplier, money(AMOUNT)).getByTestId('action-row-transfer').click();
  await follow(supplier, /\/abcp\/chain\/transfer\/apply-detail\?id=/);
  for (const slot of ['contract', 'invoice']) {
    await supplier.getByTestId(`action-upload-pick-${slot}`).click();
    await supplier
      .getByTestId('upload-input')
      .setInputFiles({ name: `${slot}-ABCP.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await expect(supplier.getByTestId(`slot-${slot}`)).toContainText(`${slot}-ABCP.pdf`);
  }
  await supplier.getByTestId('action-upload-transfer').click();
  await confirm(supplier, '确认提交该笔资产的转让申请？');
  await succeeded(supplier, '转让申请已提交，等待主管岗复核');
  await expect(supplier).toHaveURL(/\/abcp\/chain\/transfer\/apply$/);
  await expectNoErrors(watch);

  const director = await as('chain_director', browser, { to: '/cv3/abcp/chain/index/director' });
  keys.insertOnly('chain_director-sm2');
  await row(director, money(AMOUNT)).getByTestId('action-row-approveTransfer').click();
  await confirm(director, '确认复核通过该笔转让？');
  await succeeded(director, '复核通过，等待核心企业确认');

  const core = await as('core_director', browser, { to: '/cv3/abcp/core/index/director' });
  keys.insertOnly('core_director-rsa');
  await row(core, money(AMOUNT)).getByTestId('action-row-coreApprove').click();
  await confirm(core, '确认该笔资产转让入专项计划？');
  await succeeded(core, '已确认，等待专项计划封包');
});

test('the packet review of series 7 lends the receivable, which keeps its 兑付日', async ({ browser }) => {
  const page = await as('fin_product_manager', browser, {
    to: '/cv3/abcp/product/distribute-product-manage',
  });
  const watch = watchPage(page);
  keys.insertOnly('fin-soft');
  await row(page, SERIES).getByTestId('action-row-review').click();
  await confirm(page, '确认专项计划封包？');
  await succeeded(page, '封包审核通过，资产已放款');
  await page.goto('/cv3/abcp/product/distribute-product-manage?tab=2');
  const series = row(page, SERIES);
  await expect(cell(series, 'assetAmount')).toHaveText(money(AMOUNT));
  await expect(cell(series, 'assetCount')).toHaveText('1');
  await expectNoErrors(watch);

  const supplier = await as('chain_query', browser, { to: '/cv3/abcp/chain/index/query' });
  const lent = row(supplier, money(AMOUNT));
  await expect(cell(lent, 'status')).toHaveText('已放款');
  await expect(cell(lent, 'payDate')).toHaveText(PAY_DATE);
  // ABS lists do not show ABCP records.
  await supplier.goto('/cv3/abs/chain/index/query');
  await expect(supplier.getByTestId('schema-page')).toHaveCount(1);
  await expect(row(supplier, money(AMOUNT))).toHaveCount(0);
});
