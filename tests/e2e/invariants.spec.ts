import { expect, type Locator, type Page } from '@playwright/test';
import { cell, chinaDate, choose, confirm, follow, money, pickDate, row, succeeded, type } from './creditUi';
import { useSigningAgent } from './signingAgent';
import { apiGet, expectNoErrors, test, watchPage } from './fixtures';

/**
 * Invariants across records declared in the models (ADR 0014), seen through the screens on data this file
 * makes: the ABS payee picker offers only suppliers that opened ABS (supplier 2 and the project department
 * have not); once the transfer is applied for, the documents of the asset are locked (no 上传文件/替换 on
 * the page, and a page opened before the transfer is refused by the server); the plan manager's packet
 * review of a plan whose asset is mid-flow is not offered: the button is disabled and names the asset
 * (the server's refusal of the review itself is tested in tests/server/invariants.test.ts). No asset moves in
 * a sealed plan: the seeded open ABS plan and ABCP series are sealed here as data of before the rule
 * (`legacySql`: the engine no longer seals a plan with assets mid-flow), and neither the core director's
 * 确认转让 nor the supplier's 提交转让申请 into them is offered; each button says why.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 }); // several users per test on a loaded machine

const LEGACY = {
  abs: '华建一局供应链1号资产支持专项计划',
  abcp: '华建一局供应链资产支持商业票据（第3期）',
};
test.use({
  legacySql: Object.values(LEGACY).map(
    (name) => `update abs_plan set state = 'PL2' where plan_name = '${name}'`,
  ),
});

const PLAN = `不变式E2E专项计划${Date.now() % 100000}`;
const AMOUNT = '424242.42';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');

// Each test opens its own page first: a saved session is checked by an API call, not the home page.
const keys = useSigningAgent({ blank: true });
const as = keys.as;

/** The options an open antd select of the form field `testId` shows. */
async function optionsOf(page: Page, testId: string): Promise<string[]> {
  const select = page.getByTestId(testId).locator('.ant-select');
  await select.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const labels = await options.allTextContents();
  await page.keyboard.press('Escape');
  return labels;
}

async function assetNo(page: Page): Promise<string> {
  const res = await apiGet(page, '/biz/v1/models/absAsset/records', { planName: PLAN });
  const list = ((await res.json()) as { data: { list: Array<{ assetNo: string }> } }).data.list;
  expect(list).toHaveLength(1);
  return list[0]!.assetNo;
}

test('the plan manager sets up a plan; the payee picker offers only suppliers that opened ABS', async ({
  browser,
}) => {
  const fin = await as('fin_product_manager', browser, { to: '/cv3/abs/product/distribute-product-manage' });
  await fin.getByTestId('action-toolbar-addPlan').click();
  await expect(fin.getByTestId('dialog-addPlan')).toBeVisible();
  await type(fin, 'field-planName', PLAN);
  await choose(fin, 'field-coreCorpId', '华建集团第一工程局有限公司');
  await type(fin, 'field-issueSize', '10000000');
  await choose(fin, 'field-venue', '上海证券交易所');
  await pickDate(fin, 'field-setupDate', chinaDate(-1));
  await pickDate(fin, 'field-expectedDueDate', chinaDate(360));
  await fin.getByTestId('action-dialog-submit').click();
  await succeeded(fin, '已设立');
  await expect(cell(row(fin, PLAN), 'status')).toHaveText('募集中');

  const page = await as('core_operator', browser, { to: '/cv3/abs/core/issue/engineer/single-add' });
  const watch = watchPage(page);
  await choose(page, 'field-planId', PLAN);
  // Supplier 2 (恒通钢构) has opened no product, the project department not ABS: neither is offered.
  expect(await optionsOf(page, 'field-supplierCorpId')).toEqual([
    '华建建材供应有限公司 · 911100001000044477',
  ]);
  await choose(page, 'field-supplierCorpId', '华建建材供应有限公司');
  await type(page, 'field-debtorName', '华建一局不变式项目公司');
  await type(page, 'field-confirmNo', 'FQ-INV-E2E-1');
  await choose(page, 'field-contractType', '施工合同');
  await type(page, 'field-amount', AMOUNT);
  await pickDate(page, 'field-dueDate', chinaDate(150));
  await page.getByTestId('action-form-save').click();
  await confirm(page, '确认发行该笔资产？');
  await follow(page, /\/cv3\/abs\/core\/issue\/receivable$/);
  await expect(cell(row(page, money(AMOUNT)), 'planName')).toHaveText(PLAN);
  await expectNoErrors(watch);
});

test('after 提交转让申请 the documents are locked: no upload or 替换, a stale page is refused', async ({
  browser,
}) => {
  const engineer = await as('core_purchase', browser, { to: '/cv3/abs/core/issue/engineer' });
  await row(engineer, money(AMOUNT)).getByTestId('action-row-confirm').click();
  await confirm(engineer, '确认该笔资产的项目进度属实？');
  await succeeded(engineer, '工程师已确认，等待供应商转让');

  const supplier = await as('chain_operator', browser, { to: '/cv3/abs/chain/transfer/apply' });
  const watch = watchPage(supplier);
  await row(supplier, money(AMOUNT)).getByTestId('action-row-transfer').click();
  await follow(supplier, /\/abs\/chain\/transfer\/apply-detail\?id=/);
  for (const slot of ['contract', 'invoice']) {
    await supplier.getByTestId(`action-upload-pick-${slot}`).click();
    await supplier
      .getByTestId('upload-input')
      .setInputFiles({ name: `${slot}-不变式.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await expect(supplier.getByTestId(`slot-${slot}`)).toContainText(`${slot}-不变式.pdf`);
  }
  // The same page in a second tab, opened while the documents are still open.
  const stale = await supplier.context().newPage();
  await stale.goto(supplier.url());
  const staleContract = stale.getByTestId('slot-contract');
  await expect(staleContract.getByTestId('action-document-replace')).toBeVisible();

  await supplier.getByTestId('action-upload-transfer').click();
  await confirm(supplier, '确认提交该笔资产的转让申请？');
  await succeeded(supplier, '转让申请已提交，等待主管岗复核');
  await expect(supplier).toHaveURL(/\/abs\/chain\/transfer\/apply$/);

  // Reopened under review: the page offers no upload, replace or delete.
  await supplier.goBack();
  await follow(supplier, /\/abs\/chain\/transfer\/apply-detail\?id=/);
  await expect(supplier.getByTestId('documents-locked')).toBeVisible();
  const contract = supplier.getByTestId('slot-contract');
  await expect(contract).toContainText('contract-不变式.pdf');
  await expect(supplier.getByTestId('action-upload-pick-contract')).toBeDisabled();
  await expect(contract.getByTestId('action-document-replace')).toHaveCount(0);

  // The stale tab still shows 替换: the server refuses it, naming the asset under review.
  const no = await assetNo(supplier);
  await staleContract.getByTestId('action-document-replace').click();
  await stale
    .getByTestId('upload-input')
    .setInputFiles({ name: 'contract-替换.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(stale.getByTestId('upload-error-contract')).toHaveText(
    `ABS资产${no}当前状态为“待供应商主管审核”，转让资料已锁定，不能上传、替换或删除`,
  );
  await stale.reload();
  await expect(stale.getByTestId('slot-contract')).not.toContainText('contract-替换.pdf');
  await stale.close();
  await expectNoErrors(watch);
});

test('the packet review of a plan whose asset is mid-flow is refused, naming the asset', async ({
  browser,
}) => {
  const page = await as('fin_product_manager', browser, { to: '/cv3/abs/product/distribute-product-manage' });
  const watch = watchPage(page);
  const no = await assetNo(page);
  const reason = `专项计划尚有未完成流转的资产，请先中止、退单或确认转让后再封包：${no}（待供应商主管审核）`;
  // Not offered: the button is disabled and says why (the model's requires, answered by the server).
  const plan = row(page, PLAN);
  await expectBlocked(page, plan, 'action-row-review', reason);
  await expect(cell(plan, 'status')).toHaveText('募集中');
  await expectNoErrors(watch);
});

/** The plan number of a seeded plan. */
async function planNoOf(page: Page, product: string, name: string): Promise<string> {
  const res = await apiGet(page, '/biz/v1/models/absPlan/records', { product, planName: name });
  const list = ((await res.json()) as { data: { list: Array<{ planNo: string }> } }).data.list;
  expect(list).toHaveLength(1);
  return list[0]!.planNo;
}

/**
 * The disabled button `testId` of `scope` and the reason its tooltip gives. The pointer leaves and enters
 * again until the tooltip shows: a page that renders the button again (a detail whose document slots are
 * still answering) replaces the element the pointer entered, and a pointer that stays put never enters the
 * new one, so its tooltip never opens.
 */
async function expectBlocked(page: Page, scope: Locator, key: string, reason: string): Promise<void> {
  await expect(scope.getByTestId(key)).toBeDisabled();
  await expect(async () => {
    await page.mouse.move(0, 0);
    await scope.getByTestId(`${key}-blocked`).hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveText(reason, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
}

for (const product of ['abs', 'abcp'] as const) {
  test(`${product}: no asset moves into a sealed plan: 确认转让 and 提交转让申请 are not offered, each says why`, async ({
    browser,
  }) => {
    const director = await as('core_director', browser, { to: `/cv3/${product}/core/transfer/approve` });
    const watch = watchPage(director);
    const planNo = await planNoOf(director, product, LEGACY[product]);
    const reason = `专项计划已封包或已兑付，资产不能再流转：${planNo}（已封包）`;
    const waiting = row(director, LEGACY[product]).first();
    await expect(cell(waiting, 'status')).toHaveText('待审批');
    await expectBlocked(director, waiting, 'action-row-coreApprove', reason);
    await expectNoErrors(watch);

    const supplier = await as('chain_operator', browser, { to: `/cv3/${product}/chain/transfer/apply` });
    const supplierWatch = watchPage(supplier);
    await row(supplier, LEGACY[product]).first().getByTestId('action-row-transfer').click();
    await expect(supplier).toHaveURL(/\/chain\/transfer\/apply-detail\?id=/);
    await expectBlocked(supplier, supplier.locator('body'), 'action-upload-transfer', reason);
    await expectNoErrors(supplierWatch);
  });
}
