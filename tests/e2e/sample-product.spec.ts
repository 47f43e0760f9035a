import { expect, type Page } from '@playwright/test';
import { closePages, confirm, row, succeeded, userPage } from './creditUi';
import { expectNoErrors, hoverHeaderMenu, test, watchPage } from './fixtures';

/**
 * A product from its folder alone, in the browser (README, "Add a product"): this file's server mounts
 * tests/fixtures/sample-product/ with PRODUCT_DIRS (server/products/folder.ts) into the built portal,
 * which loads it at start (server/plugins/portal.ts, src/products/mountedProducts.ts). The product shows in
 * the header menu of its roles only, its list and form render with the folder's seed, and a request is
 * created by the core operator and approved by the core director through the pages.
 * tests/fixtures/sample-variant/ is mounted beside it: a variant whose pages are the sample's instantiated
 * with its own values (pages/_variant.json), on its own model, seed and server plugin (server/index.ts).
 * tests/server/sampleProduct.test.ts checks the same folders through the API.
 */
test.describe.configure({ mode: 'serial' });
test.use({ serverEnv: { PRODUCT_DIRS: 'tests/fixtures/sample-product,tests/fixtures/sample-variant' } });
test.afterEach(closePages);

const LIST = '/cv3/sample/request/list';
const TITLE = '样例产品';

/** The leaves of the header menu's product `TITLE`, as the menu shows them on hover. */
async function productMenu(page: Page): Promise<void> {
  await hoverHeaderMenu(page, TITLE, '/sample/request/list');
}

test('core_operator has the product in the header menu, its list with the seed and its form', async ({
  browser,
}) => {
  const page = await userPage(browser, 'core_operator', { to: LIST });
  const watch = watchPage(page);
  await productMenu(page);
  await expect(page.getByTestId('menu-/sample/request/list')).toBeVisible();
  await expect(page.getByTestId('menu-/sample/request/apply')).toBeVisible();
  await expect(row(page, '样例申请一').getByTestId('cell-status')).toHaveText('待审批');
  await expect(row(page, '样例申请二').getByTestId('cell-status')).toHaveText('已通过');
  await page.getByTestId('menu-/sample/request/apply').click();
  await expect(page).toHaveURL(/\/cv3\/sample\/request\/apply$/);
  await expect(page.getByTestId('field-title')).toContainText('申请事项');
  await expect(page.getByTestId('field-amount')).toContainText('申请金额');
  await expectNoErrors(watch);
});

test('core_director has the list but not the form; a chain operator has neither', async ({ browser }) => {
  const director = await userPage(browser, 'core_director', { to: LIST });
  await expect(row(director, '样例申请一')).toBeVisible();
  await productMenu(director);
  await expect(director.getByTestId('menu-/sample/request/list')).toBeVisible();
  await expect(director.getByTestId('menu-/sample/request/apply')).toHaveCount(0);
  await expect(director.getByTestId('action-toolbar-create')).toHaveCount(0);

  const chain = await userPage(browser, 'chain_operator');
  await expect(chain.getByTestId('header-menu')).toBeVisible();
  await expect(chain.getByTestId('header-menu').getByText(TITLE, { exact: true })).toHaveCount(0);
  await chain.goto(LIST);
  await expect(chain).toHaveURL(/\/cv3\/error-page\/403/);
});

test('core_operator creates a request through the form, core_director approves it on the list', async ({
  browser,
}) => {
  const operator = await userPage(browser, 'core_operator', { to: LIST });
  const watch = watchPage(operator);
  await operator.getByTestId('action-toolbar-create').click();
  await expect(operator).toHaveURL(/\/cv3\/sample\/request\/apply$/);
  await operator.getByTestId('field-title').locator('input').fill('塔吊检测');
  await operator.getByTestId('field-amount').locator('input').fill('3456.78');
  await operator.getByTestId('action-form-submit').click();
  await succeeded(operator, '已提交');
  await expect(operator).toHaveURL(/\/cv3\/sample\/request\/list$/);
  await expect(row(operator, '塔吊检测').getByTestId('cell-status')).toHaveText('待审批');
  await expect(row(operator, '塔吊检测').getByTestId('cell-requestNo')).toHaveText(/^SR/);
  await expectNoErrors(watch);

  const director = await userPage(browser, 'core_director', { to: LIST });
  await row(director, '塔吊检测').getByTestId('action-row-approve').click();
  await confirm(director, '确认审批通过该申请？');
  await succeeded(director, '操作成功');
  await expect(row(director, '塔吊检测').getByTestId('cell-status')).toHaveText('已通过');
  await expect(row(director, '塔吊检测').getByTestId('action-row-approve')).toHaveCount(0);
});

test('the variant renders the template pages with its own values, data and server plugin', async ({
  browser,
}) => {
  const VARIANT_LIST = '/cv3/sample-plus/request/list';
  const operator = await userPage(browser, 'core_operator', { to: VARIANT_LIST });
  const watch = watchPage(operator);
  await hoverHeaderMenu(operator, '样例变体', '/sample-plus/request/list');
  await expect(operator.getByTestId('menu-/sample-plus/request/apply')).toBeVisible();
  await operator.keyboard.press('Escape');
  // Its own fragment's columns and dictionary, its own seed (none of the sample's records).
  await expect(operator.getByRole('columnheader', { name: '变体申请编号' })).toBeVisible();
  await expect(row(operator, '变体申请一').getByTestId('cell-status')).toHaveText('变体待审批');
  await expect(row(operator, '变体申请二').getByTestId('cell-status')).toHaveText('变体已通过');
  await expect(operator.getByText('样例申请一')).toHaveCount(0);
  // At 1280 px the header's product groups fold into its overflow item; the list itself fits.
  await operator.setViewportSize({ width: 1280, height: 800 });
  await test.info().attach('variant list at 1280 px', {
    body: await operator.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  await expectNoErrors(watch);

  // The template's toolbar leads to the variant's own form; its server plugin refuses too large an amount.
  await operator.getByTestId('action-toolbar-create').click();
  await expect(operator).toHaveURL(/\/cv3\/sample-plus\/request\/apply$/);
  await operator.getByTestId('field-title').locator('input').fill('变体超限');
  await operator.getByTestId('field-amount').locator('input').fill('50000.01');
  await operator.getByTestId('action-form-submit').click();
  await expect(operator.getByText('变体申请金额不能超过50000.00元')).toBeVisible();
  await expect(operator).toHaveURL(/\/cv3\/sample-plus\/request\/apply$/);
  await operator.getByTestId('field-amount').locator('input').fill('45000.00');
  await operator.getByTestId('action-form-submit').click();
  await succeeded(operator, '已提交');
  await expect(operator).toHaveURL(/\/cv3\/sample-plus\/request\/list$/);
  await expect(row(operator, '变体超限').getByTestId('cell-requestNo')).toHaveText(/^SP/);
  await expect(row(operator, '变体超限').getByTestId('cell-status')).toHaveText('变体待审批');
});
