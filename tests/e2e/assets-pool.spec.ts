import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { readSchemaDirectory } from '@renderer/core/node';
import { DEMO_USERS, OPENED } from '../../server/seed/demo';
import {
  cell,
  chinaDate,
  choose,
  closePages,
  confirm,
  follow,
  giveReason,
  money,
  row,
  succeeded,
  type,
  userPage,
} from './creditUi';
import { expectNoErrors, followInApp, loginAs, test, watchPage } from './fixtures';

/**
 * The asset pool through the UI: a supplier opens a pool at the factor and puts two assets
 * into it (质押率 80% and 90%), the factor's product manager adds a funding product, its client manager
 * matches an asset to it, the product manager accepts; the pool's 池额度, 已用, 可用 and 保证金 are
 * exact to the cent on screen after each step; the product manager freezes an asset (its pledge value
 * leaves 可用 for 冻结额度) and unfreezes it, freezes and unfreezes the whole pool; the pool's history
 * lists every change, and an asset still matched cannot leave the pool (the server's message on screen).
 */

const POOL = 'E2E应收账款池';
const PRODUCT = 'E2E池融通';
// 1,234,567.89 × 0.8 = 987,654.312 → 987,654.31; 500,000.05 × 0.9 = 450,000.045 → 450,000.05 (half up).
const ASSET_A = { amount: '1234567.89', rate: '80%', pledge: '987654.31', debtor: 'E2E付款方甲' };
const ASSET_B = { amount: '500000.05', rate: '90%', pledge: '450000.05', debtor: 'E2E付款方乙' };
const MATCH = '600000.00';

test.afterEach(closePages);

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`/cv3${path}`);
  await expect(page.getByTestId('schema-page')).toHaveCount(1);
}

/** The pool's figures in its row of the pool query. */
async function expectFigures(
  page: Page,
  figures: { quota: string; used: string; available: string; margin: string; frozenAmount?: string },
): Promise<void> {
  await open(page, '/assets-pool/assets-match/assets-pool-query');
  const line = row(page, POOL);
  await expect(line).toHaveCount(1);
  for (const [field, value] of Object.entries(figures))
    await expect(cell(line, field)).toHaveText(money(value));
}

async function addAsset(page: Page, asset: typeof ASSET_A): Promise<void> {
  await page.getByTestId('action-toolbar-create').click();
  const drawer = page.getByTestId('dialog-create');
  await choose(page, 'field-assetType', '应收账款');
  await type(page, 'field-debtorName', asset.debtor);
  await type(page, 'field-amount', asset.amount);
  const due = drawer.getByTestId('field-dueDate').locator('input');
  await due.click();
  await due.fill(chinaDate(90));
  await due.press('Enter');
  await choose(page, 'field-poolId', POOL);
  await choose(page, 'field-pledgeRate', asset.rate);
  await drawer.getByTestId('action-dialog-submit').click();
  await succeeded(page, '资产已登记');
  await expect(row(page, asset.debtor)).toHaveCount(1);
}

test('assets enter a pool, a product is added, matched and accepted; the pool figures stay exact', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The supplier opens a pool at the factor.
  const chain = await userPage(browser, 'chain_operator', { blank: true });
  const watch = watchPage(chain);
  await open(chain, '/assets-pool/pool-manage/asset-pool');
  await chain.getByTestId('action-toolbar-create').click();
  await type(chain, 'field-poolName', POOL);
  await choose(chain, 'field-managerCorpId', '建信商业保理有限公司');
  await chain.getByTestId('dialog-create').getByTestId('action-dialog-submit').click();
  await succeeded(chain, '资产池已新建');
  await expect(row(chain, POOL)).toHaveCount(1);

  // Two assets registered into it, then put into the pool (入池).
  await open(chain, '/assets-pool/assets-manage/manage');
  await addAsset(chain, ASSET_A);
  await addAsset(chain, ASSET_B);
  for (const asset of [ASSET_A, ASSET_B]) {
    const line = row(chain, asset.debtor);
    await expect(cell(line, 'pledgeValue')).toHaveText(money(asset.pledge));
    await line.getByTestId('action-row-enter').click();
    await confirm(chain, '确认将该资产放入资产池？');
    await succeeded(chain, '资产已入池');
    await expect(cell(row(chain, asset.debtor), 'status')).toHaveText('已入池');
  }
  const assetNo = (await cell(row(chain, ASSET_A.debtor), 'assetNo').textContent())?.trim() ?? '';
  expect(assetNo).toMatch(/^PA\d{14}$/);
  await expectFigures(chain, { quota: '1437654.36', used: '0.00', available: '1437654.36', margin: '0.00' });

  // The factor's product manager adds a funding product.
  const product = await userPage(browser, 'fin_product_manager', { blank: true });
  await open(product, '/assets-pool/product-management/product-add');
  await product.getByTestId('action-toolbar-create').click();
  await type(product, 'field-productName', PRODUCT);
  await type(product, 'field-annualRate', '4');
  await type(product, 'field-termMonths', '12');
  await type(product, 'field-limitAmount', '1000000.00');
  await choose(product, 'field-marginRate', '10%');
  await product.getByTestId('dialog-create').getByTestId('action-dialog-submit').click();
  await succeeded(product, '产品已新增');
  await expect(cell(row(product, PRODUCT), 'availableAmount')).toHaveText(money('1000000.00'));

  // Its client manager matches the first asset: more than the asset's pledge value is refused on screen.
  const client = await userPage(browser, 'fin_client_manager', { blank: true });
  await open(client, '/assets-pool/pool-manage/asset-product-match');
  await client.getByTestId('action-toolbar-create').click();
  const dialog = client.getByTestId('dialog-create');
  await choose(client, 'field-assetId', assetNo);
  await choose(client, 'field-productId', PRODUCT);
  await type(client, 'field-matchAmount', '987654.32');
  await dialog.getByTestId('action-dialog-submit').click();
  await expect(client.getByText(`匹配金额不能超过资产可匹配金额${money(ASSET_A.pledge)}元`)).toBeVisible();
  await type(client, 'field-matchAmount', MATCH);
  await dialog.getByTestId('action-dialog-submit').click();
  await succeeded(client, '匹配已提交，待产品经理受理');
  await expect(cell(row(client, assetNo), 'status')).toHaveText('待受理');
  await expect(cell(row(client, assetNo), 'marginAmount')).toHaveText(money('60000.00'));

  // The product manager accepts it: used and margin grow, the product's available shrinks.
  await open(product, '/assets-pool/product-management/accept-assets');
  const pending = row(product, assetNo);
  await pending.getByTestId('action-row-accept').click();
  await confirm(product, '确认受理该匹配？');
  await succeeded(product, '已受理');
  await open(product, '/assets-pool/product-management/product-add');
  await expect(cell(row(product, PRODUCT), 'availableAmount')).toHaveText(money('400000.00'));

  await expectFigures(chain, {
    quota: '1437654.36',
    used: MATCH,
    available: '837654.36',
    margin: '60000.00',
  });

  // The product manager freezes the unmatched asset: its pledge value leaves 可用 for 冻结额度.
  await open(product, '/assets-pool/assets-manage/query');
  await row(product, ASSET_B.debtor).getByTestId('action-row-freeze').click();
  await confirm(product, '冻结后该资产的质押价值转入资产池的冻结额度');
  await giveReason(product, '票据待核验');
  await succeeded(product, '资产已冻结');
  await expect(cell(row(product, ASSET_B.debtor), 'status')).toHaveText('已冻结');
  await expectFigures(chain, {
    quota: '1437654.36',
    used: MATCH,
    frozenAmount: ASSET_B.pledge,
    available: '387654.31',
    margin: '60000.00',
  });
  await open(chain, '/assets-pool/assets-manage/manage');
  await expect(row(chain, ASSET_B.debtor).getByTestId('action-row-leave')).toHaveCount(0);
  await open(product, '/assets-pool/assets-manage/query');
  await row(product, ASSET_B.debtor).getByTestId('action-row-unfreeze').click();
  await giveReason(product, '核验无误');
  await succeeded(product, '资产已解冻');
  await expectFigures(chain, {
    quota: '1437654.36',
    used: MATCH,
    frozenAmount: '0.00',
    available: '837654.36',
    margin: '60000.00',
  });

  // The matched asset cannot leave; the other one can, and the quota falls by its pledge value.
  await open(chain, '/assets-pool/assets-manage/manage');
  await row(chain, ASSET_A.debtor).getByTestId('action-row-leave').click();
  const reason = chain.getByTestId('action-reason');
  await reason.fill('测试出池');
  await chain
    .getByRole('dialog')
    .filter({ has: reason })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(chain.getByText(`资产${assetNo}有未释放的产品匹配600,000.00元，不能出池`)).toBeVisible();
  await open(chain, '/assets-pool/assets-manage/manage');
  await row(chain, ASSET_B.debtor).getByTestId('action-row-leave').click();
  await chain
    .getByRole('dialog')
    .filter({ has: chain.getByTestId('action-reason') })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await succeeded(chain, '资产已出池');
  await expectFigures(chain, { quota: '987654.31', used: MATCH, available: '387654.31', margin: '60000.00' });

  // The pool's detail: the figures and its history, newest first.
  await row(chain, POOL).getByTestId('action-row-detail').click();
  await follow(chain, /assets-pool-detail\?id=/);
  await expect(chain.getByTestId('detail-pool-quota')).toHaveText(money('987654.31'));
  await expect(chain.getByTestId('detail-pool-available')).toHaveText(money('387654.31'));
  await expect(chain.getByTestId('detail-pool-margin')).toHaveText(money('60000.00'));
  const flows = chain.getByTestId('part-flowList').locator('tr[data-testid^="row-"]');
  await expect(flows).toHaveCount(6);
  await expect(flows.nth(0).getByTestId('cell-kind')).toHaveText('出池');
  await expect(flows.nth(0).getByTestId('cell-quotaAfter')).toHaveText(money('987654.31'));
  await expect(flows.nth(1).getByTestId('cell-kind')).toHaveText('解冻');
  await expect(flows.nth(1).getByTestId('cell-frozenAfter')).toHaveText(money('0.00'));
  await expect(flows.nth(2).getByTestId('cell-kind')).toHaveText('冻结');
  await expect(flows.nth(2).getByTestId('cell-frozenAfter')).toHaveText(money(ASSET_B.pledge));
  await expect(flows.nth(3).getByTestId('cell-kind')).toHaveText('用信');
  await expect(flows.nth(3).getByTestId('cell-usedAfter')).toHaveText(money(MATCH));
  await expect(flows.nth(5).getByTestId('cell-kind')).toHaveText('入池');
  await expect(flows.nth(5).getByTestId('cell-amount')).toHaveText(money(ASSET_A.pledge));

  // The whole pool frozen by the product manager: all it does not use is frozen, 可用 0; then unfrozen.
  for (const [action, reason, done, frozenAmount, available] of [
    ['freeze', '企业涉诉', '资产池已冻结', '387654.31', '0.00'],
    ['unfreeze', '已撤诉', '资产池已解冻', '0.00', '387654.31'],
  ] as const) {
    await open(product, '/assets-pool/pool-manage/asset-pool');
    await row(product, POOL).getByTestId(`action-row-${action}`).click();
    await giveReason(product, reason);
    await succeeded(product, done);
    await expectFigures(chain, {
      quota: '987654.31',
      used: MATCH,
      frozenAmount,
      available,
      margin: '60000.00',
    });
  }
  await expectNoErrors(watch);
});

/** The asset pool's route blocks (its page schemas, `assets-pool/` in the schemas tree). */
function poolRoutes(): Array<{ path: string; roles: string[]; hideInMenu?: boolean }> {
  return readSchemaDirectory(join(process.cwd(), 'schemas'))
    .pages.filter((p) => p.file.startsWith('assets-pool/'))
    .map((p) => (p.raw as { route: never }).route);
}

// One demo user per role (a single current role each), of the enterprises that opened the asset pool.
const WALKERS = DEMO_USERS.filter(
  (u) => u.roles.length === 1 && u.username !== 'cancelled_user' && OPENED[u.corp]?.includes('assets-pool'),
);

for (const user of WALKERS) {
  const routes = poolRoutes().filter((r) => !r.hideInMenu && r.roles.includes(user.roles[0]!));
  if (!routes.length) continue;
  test(`${user.username} finds rows on every asset pool list and the pool detail with its history`, async ({
    page,
  }) => {
    const watch = watchPage(page);
    await page.goto('/cv3/login/login');
    await loginAs(page, user.username);
    await expect(page.getByTestId('current-user')).toBeVisible();
    for (const { path } of routes) {
      await followInApp(page, `/cv3${path}`);
      await expect(page.getByTestId('page-title'), path).toBeVisible();
      await expect(
        page.locator('[data-testid="schema-page"]:visible [data-testid="row-0"]'),
        path,
      ).toBeVisible();
    }
    await page.goto('/cv3/assets-pool/assets-match/assets-pool-query');
    await page.getByTestId('row-0').getByTestId('action-row-detail').click();
    await follow(page, /assets-pool-detail\?id=/);
    await expect(page.getByTestId('detail-pool-quota')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(page.getByTestId('part-flowList').getByTestId('row-0')).toBeVisible();
    await expectNoErrors(watch);
  });
}
