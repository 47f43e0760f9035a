import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import {
  agreeAfterReading,
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
import { schemaPage } from './pageObjects';
import { expectNoErrors, test, watchPage } from './fixtures';
import { useSigningAgent } from './signingAgent';

/**
 * Delivery factoring through the UI: the factor approves the project department onto the core's
 * white list → its director reads the tripartite agreement to the end and signs it with the UKEY, then the
 * core's director and the factor's product manager sign it with theirs (the core downloads its text) → the core gives it a supply plan → it accepts and registers the arrival with its
 * waybill → the core's 收货确认岗 confirms receipt → it applies for finance after reading the tripartite
 * agreement to the end, refused until the supplemental agreement is signed too (its director, then the
 * factor) → its director
 * signs the application with the UKEY → the factor approves → its product manager signs the contract with
 * the UKEY and lends → its client manager registers 回款; the creditor and debtor contract lists (with the
 * contract and payment notice as PDF) and the statistics show the closed loan.
 */
test.describe.configure({ mode: 'serial' });

const D = '/cv3/factoring/delivery';
const UNIT = '华建一局第三项目部';
const PLAN = '777777.00';
const ARRIVED = '654321.09';
const FINANCE = '500000.00';
let orderNo = '';

// Starts the signing agent (demo keys) and closes each test's pages after it.
// Each test opens its own page first: a saved session is checked by an API call, not the home page.
const keys = useSigningAgent({ blank: true });

test('the factor approves the project department onto the white list', async ({ browser }) => {
  const page = await userPage(browser, 'fin_client_manager', { to: `${D}/whites/white-list/list?tab=2` });
  const watch = watchPage(page);
  await row(page, UNIT).getByTestId('action-row-approve').click();
  await confirm(page, '确认该供应商进入到货保理白名单？');
  await succeeded(page, '白名单已生效');
  await page.getByTestId('tab-active').click();
  await expect(cell(row(page, UNIT), 'status')).toHaveText('已生效');
  await expectNoErrors(watch);
});

/**
 * The department's director opens an agreement from 协议签署, reads it to its end, agrees and signs it with
 * the UKEY (the demo key through the reference signing agent).
 */
async function signAgreement(director: Page, kind: '三方协议' | '补充协议'): Promise<void> {
  const [key, path, title] =
    kind === '三方协议'
      ? ['signTripartite', 'tripartite', '《到货保理三方协议》']
      : ['signSupplemental', 'supplemental', '《到货保理补充协议》'];
  // The list may be open already (the test looked at it first).
  if (!director.url().endsWith(`${D}/agreement/list`)) await director.goto(`${D}/agreement/list`);
  await row(director, kind).getByTestId(`action-row-${key}`).click();
  await follow(director, new RegExp(`/agreement/${path}\\?id=`));
  // The page names every party of the deal before anything is signed.
  await expect(director.getByTestId('field-supplierName')).toContainText(UNIT);
  await expect(director.getByTestId('field-coreName')).toContainText('华建集团第一工程局有限公司');
  await expect(director.getByTestId('field-factorName')).toContainText('建信商业保理有限公司');
  await agreeAfterReading(director);
  await director.getByTestId('action-form-sign').click();
  await confirm(director, `确认使用UKEY签署${title}？`);
  await succeeded(director, `${title}已签署`);
  await follow(director, /\/agreement\/list$/);
  await expect(cell(row(director, kind), 'status')).toHaveText(
    kind === '三方协议' ? '待核心企业签署' : '待保理商签署',
  );
}

/** The core's director (`coreSign`) or the factor's product manager (`factorSign`) signs with its UKEY. */
async function countersign(
  signer: Page,
  kind: '三方协议' | '补充协议',
  action: 'coreSign' | 'factorSign',
): Promise<void> {
  await signer.goto(`${D}/agreement/list`);
  const line = row(signer, UNIT).filter({ hasText: kind });
  await line.getByTestId(`action-row-${action}`).click();
  const [party, success, status] =
    action === 'coreSign'
      ? ['核心企业', '已签署，待保理商签署', '待保理商签署']
      : ['保理商', '已签署，协议已生效', '已生效'];
  await confirm(signer, `确认已阅读协议文本，并使用UKEY以${party}身份签署该协议？`);
  await succeeded(signer, success);
  // The list reads itself again after the action; a signed agreement moves to the 已生效 tab.
  if (action === 'factorSign') await signer.getByTestId('tab-signed').click();
  await expect(cell(row(signer, UNIT).filter({ hasText: kind }), 'status')).toHaveText(status);
}

test('its director reads the tripartite agreement to the end and signs it, then the core and the factor', async ({
  browser,
}) => {
  test.setTimeout(150_000); // three signatures and a fourth user
  const director = await keys.as('unit_director', browser);
  const watch = watchPage(director);
  keys.insertOnly('unit_director-rsa');
  await director.goto(`${D}/agreement/list`);
  await expect(row(director, '补充协议')).toBeVisible();
  await signAgreement(director, '三方协议');
  await expect(cell(row(director, '三方协议'), 'signDate')).toHaveText(chinaDate(0));
  await expectNoErrors(watch);
  const coreDirector = await keys.as('core_director', browser);
  keys.insertOnly('core_director-rsa');
  await countersign(coreDirector, '三方协议', 'coreSign');
  const factor = await keys.as('fin_product_manager', browser);
  keys.insertOnly('fin_product_manager-sm2');
  await countersign(factor, '三方协议', 'factorSign');

  // The core sees every party's signature and downloads the agreement's text.
  const core = await userPage(browser, 'core_query', { to: `${D}/agreement/list?tab=2` });
  const line = row(core, UNIT).filter({ hasText: '三方协议' });
  await expect(cell(line, 'status')).toHaveText('已生效');
  for (const field of ['signDate', 'coreSignDate', 'factorSignDate'])
    await expect(cell(line, field)).toHaveText(chinaDate(0));
  const [download] = await Promise.all([
    core.waitForEvent('download'),
    line.getByTestId('action-row-text').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^到货保理三方协议-XY\d{14}\.pdf$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('the core gives it a supply plan; it accepts and registers the arrival with its waybill', async ({
  browser,
}) => {
  const core = await userPage(browser, 'core_operator', { to: `${D}/supply-plan/create` });
  const watch = watchPage(core);
  await choose(core, 'field-supplierCorpId', UNIT);
  await type(core, 'field-projectName', '城东安置房项目');
  await type(core, 'field-goodsName', 'HRB400螺纹钢');
  await type(core, 'field-quantity', '150吨');
  await type(core, 'field-planAmount', PLAN);
  await pickDate(core, 'field-deliveryDate', chinaDate(7));
  await core.getByTestId('action-form-submit').click();
  await confirm(core, '确认下达该供货计划？');
  await follow(core, /\/supply-plan\/core-business\?tab=2$/);
  await expect(cell(row(core, money(PLAN)), 'status')).toHaveText('待供应商确认');
  await expectNoErrors(watch);

  const unit = await userPage(browser, 'unit_operator', { to: `${D}/supply-plan/supplier` });
  await row(unit, money(PLAN)).getByTestId('action-row-accept').click();
  await confirm(unit, '确认按该计划供货？');
  await succeeded(unit, '已确认供货');
  await unit.getByTestId('tab-doing').click();
  await row(unit, money(PLAN)).getByTestId('action-row-arrive').click();
  await follow(unit, /\/confirm-order\/create\?planId=/);
  await type(unit, 'field-deliveredAmount', ARRIVED);
  await type(unit, 'field-waybillNo', 'YD-DELIVERY-E2E-01');
  await type(unit, 'field-carrier', '顺达物流有限公司');
  await pickDate(unit, 'field-arrivalDate', chinaDate(0));
  await unit.getByTestId('action-form-submit').click();
  await confirm(unit, '确认提交该到货确认单？');
  await follow(unit, /\/confirm-order\/detail\?id=/);
  await expect(unit.getByTestId('schema-page')).toContainText('待收货确认');
  await unit.goto(`${D}/billway/list`);
  const line = row(unit, 'YD-DELIVERY-E2E-01');
  await expect(cell(line, 'deliveredAmount')).toHaveText(money(ARRIVED));
  orderNo = (await cell(line, 'orderNo').textContent())!.trim();
  expect(orderNo).toMatch(/^CO\d{14}$/);
});

test('the core 收货确认岗 confirms the arrival, which makes it financeable', async ({ browser }) => {
  const page = await userPage(browser, 'core_purchase', { to: `${D}/confirm-order/confirm` });
  const watch = watchPage(page);
  await row(page, orderNo).getByTestId('action-row-confirmReceipt').click();
  await confirm(page, '确认货物已按到货确认单到达并验收合格？');
  await succeeded(page, '已确认收货');
  await page.getByTestId('tab-confirmed').click();
  await expect(cell(row(page, orderNo), 'receiverName')).toHaveText('孙丽华');
  await expectNoErrors(watch);
});

test('spec section 2, Delivery: the 收货确认岗 uploads its 应付账款确认书; the factor finds it under 应付账款确认材料', async ({
  browser,
}) => {
  const page = await userPage(browser, 'core_purchase', { to: `${D}/confirm-order/confirm?tab=2` });
  const watch = watchPage(page);
  await row(page, orderNo).getByTestId('action-row-upload').click();
  await follow(page, /\/accounts-payable-confirmation\/upload\?id=/);
  await page.getByTestId('action-upload-pick-confirmation').click();
  const name = `应付账款确认书-${orderNo}.pdf`;
  await page.getByTestId('upload-input').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'),
  });
  await expect(page.getByTestId('slot-confirmation')).toContainText(name);
  await expectNoErrors(watch);

  const factor = await userPage(browser, 'fin_client_manager', {
    to: `${D}/accounts-payable-confirmation/list`,
  });
  await expect(cell(row(factor, name), 'orderNo')).toHaveText(orderNo);
});

test('it applies for finance after reading the agreement to the end; the factor approves and lends', async ({
  browser,
}) => {
  test.setTimeout(180_000); // five users, three signatures
  const unit = await userPage(browser, 'unit_operator', { to: `${D}/confirm-order/list?tab=3` });
  const watch = watchPage(unit);
  await row(unit, orderNo).getByTestId('action-row-finance').click();
  await follow(unit, /\/finance\/apply\?orderId=/);
  await expect(unit.getByTestId('field-orderId')).toContainText(orderNo);
  await type(unit, 'field-financeAmount', FINANCE);
  await agreeAfterReading(unit);
  // The supplemental agreement is not signed yet: refused, with the server's reason on screen.
  await unit.getByTestId('action-form-submit').click();
  await confirm(unit, '确认提交融资申请？');
  await expect(
    unit.locator('.ant-message').getByText(`${UNIT}尚未签署《到货保理补充协议》，请由主管岗签署后再申请融资`),
  ).toBeVisible({ timeout: 20_000 });
  const signer = await keys.as('unit_director', browser);
  keys.insertOnly('unit_director-rsa');
  await signAgreement(signer, '补充协议');
  const factor = await keys.as('fin_product_manager', browser);
  keys.insertOnly('fin_product_manager-sm2');
  await countersign(factor, '补充协议', 'factorSign');
  await unit.getByTestId('action-form-submit').click();
  await confirm(unit, '确认提交融资申请？');
  await follow(unit, /\/finance\/detail\?id=/);
  const detail = unit.getByTestId('schema-page');
  await expect(detail).toContainText('待复核');
  // 500,000.00 × 0.0045 × 90 / 30 = 6,750.00, deducted from the loan.
  await expect(detail).toContainText('6,750.00');
  await expect(detail).toContainText('493,250.00');
  await expectNoErrors(watch);

  const director = await keys.as('unit_director', browser);
  keys.insertOnly('unit_director-rsa');
  await director.goto(`${D}/finance/review`);
  // Every party is named where the director signs (the core and the factor come from the order and the
  // white-list, filled by the create's effect): never "——".
  await expect(cell(row(director, orderNo), 'coreName')).toHaveText('华建集团第一工程局有限公司');
  await expect(cell(row(director, orderNo), 'factorName')).toHaveText('建信商业保理有限公司');
  // The detail page the director signs from names them too.
  await row(director, orderNo).getByTestId('action-row-detail').click();
  await follow(director, /\/finance\/detail\?id=/);
  await expect(director.getByTestId('detail-finance-coreName')).toHaveText('华建集团第一工程局有限公司');
  await expect(director.getByTestId('detail-finance-factorName')).toHaveText('建信商业保理有限公司');
  await expect(director.getByTestId('detail-finance-applicantName')).toHaveText(UNIT);
  await director.getByTestId('action-detail-submit').click();
  await confirm(director, '确认复核通过该融资申请并使用UKEY签署《到货保理三方协议》及融资申请？');
  await succeeded(director, '已签署，已提交保理商审核');
  await expect(director.getByTestId('detail-finance-status')).toHaveText('待保理商审核');

  const client = await userPage(browser, 'fin_client_manager', { to: `${D}/finance/review` });
  await row(client, orderNo).getByTestId('action-row-approve').click();
  await confirm(client, '确认审核通过该融资申请？');
  await succeeded(client, '审核通过，待放款');

  const product = await keys.as('fin_product_manager', browser);
  keys.insertOnly('fin_product_manager-sm2');
  await product.goto(`${D}/finance/review`);
  await row(product, orderNo).getByTestId('action-row-loan').click();
  await confirm(product, '确认使用UKEY签署国内商业保理合同并向融资申请人放款？');
  await succeeded(product, '合同已签署，已放款');
  await product.goto(`${D}/finance/list?tab=3`);
  await expect(cell(row(product, orderNo), 'status')).toHaveText('已放款');
});

test('the factor registers 回款; both sides see the closed contract and the statistics count it', async ({
  browser,
}) => {
  const client = await userPage(browser, 'fin_client_manager', { to: `${D}/finance/review` });
  const watch = watchPage(client);
  await row(client, orderNo).getByTestId('action-row-repay').click();
  await confirm(client, '确认已收到应回款金额？');
  await succeeded(client, '已登记回款，业务办结');
  await client.goto(`${D}/finance/list?tab=4`);
  await expect(cell(row(client, orderNo), 'status')).toHaveText('已回款');
  await client.goto(`${D}/statistics`);
  await expect(client.getByTestId('schema-page')).toContainText('已回款金额');
  await expectNoErrors(watch);

  // The creditor (the project department) and the debtor (the core group) each list the contract.
  const unit = await userPage(browser, 'unit_query', { to: `${D}/contract/creditor/list?tab=4` });
  const unitWatch = watchPage(unit);
  const own = row(unit, orderNo);
  await expect(cell(own, 'status')).toHaveText('已回款');
  await expect(cell(own, 'contractNo')).toHaveText(/^DHHT\d{14}$/);
  // 利息前置: 493,250.00 was lent, the whole 500,000.00 comes back.
  await expect(cell(own, 'loanAmount')).toHaveText(money('493250.00'));
  await expect(cell(own, 'repayAmount')).toHaveText(money(FINANCE));
  await expect(cell(own, 'repayDate')).toHaveText(chinaDate(0));
  const [download] = await Promise.all([
    unit.waitForEvent('download'),
    own.getByTestId('action-row-contractPdf').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^国内商业保理合同-DF\d{14}\.pdf$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  // 协议管理 lists this product's signed contract too, at its China day.
  const contractNo = (await cell(own, 'contractNo').innerText()).trim();
  const protocols = schemaPage(unit, '/my/protocol/index');
  await protocols.goto();
  const agreement = protocols.row({ 协议编号: contractNo });
  await expect(protocols.cell(agreement, '签署时间')).toHaveText(new RegExp(`^${chinaDate(0)} `));
  await expectNoErrors(unitWatch);
  const core = await userPage(browser, 'core_query', { to: `${D}/contract/debtor/list` });
  await expect(cell(row(core, orderNo), 'applicantName')).toHaveText(UNIT);
  const [notice] = await Promise.all([
    core.waitForEvent('download'),
    row(core, orderNo).getByTestId('action-row-noticePdf').click(),
  ]);
  expect(notice.suggestedFilename()).toMatch(/^付款通知书-DF\d{14}\.pdf$/);
  await core.goto(`${D}/confirm-order/confirm?tab=2`);
  await expect(cell(row(core, orderNo), 'status')).toHaveText('已结清');
});
