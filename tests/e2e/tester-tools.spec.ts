import { expect, loginAs, test } from './fixtures';
import { schemaPage } from './pageObjects';

// The tester's page objects (tests/e2e/pageObjects.ts) scoped to a dialog: 资产池名称 is a field of the
// query form and of the 新建资产池 dialog; with the dialog open, its fields and buttons are the dialog's.
test('a dialog page object fills and presses inside the open dialog, not the page behind it', async ({
  page,
}) => {
  await loginAs(page, 'core_operator');
  await expect(page.getByTestId('current-user')).toBeVisible();
  const pools = schemaPage(page, '/assets-pool/pool-manage/asset-pool');
  await pools.goto();
  await pools.fill('资产池名称', '查询的池');
  await pools.click('新建资产池');
  const create = await pools.dialog('create').open();
  await create.fill('资产池名称', '新建的池');
  // 管理机构 is missing: the dialog stays open and says so under the field.
  await create.click('提交');
  await expect(create.error('管理机构')).toHaveText('该字段是必填字段');
  await expect(create.field('资产池名称').locator('input')).toHaveValue('新建的池');
  await expect(pools.input('资产池名称')).toHaveValue('查询的池');
  await create.cancel();
  await expect(page.getByTestId('dialog-create')).toHaveCount(0);
});
