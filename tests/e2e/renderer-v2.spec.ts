import { expect, test, type Page } from '@playwright/test';
import { expectNoErrors, loginAs, pick, watchPage } from './fixtures';

/** Renderer v2 demo page (schemas/demo/renderer.json): composite page, drawer forms, cascading selects. */
const DEMO = '/cv3/demo/renderer';

async function openDemo(page: Page, user: string): Promise<void> {
  await loginAs(page, user);
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto(DEMO);
  await expect(page.getByTestId('schema-page')).toHaveAttribute('data-page-kind', 'composite');
}

test.describe.serial('renderer v2 demo page', () => {
  test('a drawer form with cascading selects saves; a refused field is shown on it; the list reloads', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await openDemo(page, 'core_operator');
    const list = page.getByTestId('part-applicationList');
    await expect(list).toBeVisible();

    await list.getByTestId('action-toolbar-create').click();
    const drawer = page.getByTestId('dialog-create');
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('field-title').locator('input').fill('抽屉新建-设备采购');
    await drawer.getByTestId('field-amount').locator('input').fill('12345678.9');
    // The rich read-only amount: grouped, in 万元, and in capitals.
    await expect(drawer.getByTestId('amount-display')).toContainText('12,345,678.90 元');
    await expect(drawer.getByTestId('amount-display')).toContainText('约 1,234.57 万元');
    await expect(drawer.getByTestId('amount-display')).toContainText('壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元玖角');

    // Cascading: the city waits for the province, the district for the city (searched on the server).
    await expect(drawer.getByTestId('field-city').locator('.ant-select')).toHaveClass(/ant-select-disabled/);
    await pick(page, drawer, 'province', '湖北省');
    await pick(page, drawer, 'city', '武汉市');
    await pick(page, drawer, 'district', '武昌区', '武昌');
    await pick(page, drawer, 'bankCode', '中国建设银行', '建设');
    await pick(page, drawer, 'branchCode', '中国建设银行股份有限公司湖北省分行');

    // The operator may not write the approved amount: the server refuses, named on the field.
    await drawer.getByTestId('field-approvedAmount').locator('input').fill('900');
    await drawer.getByTestId('action-dialog-submit').click();
    await expect(drawer.getByTestId('field-approvedAmount')).toContainText(
      '当前角色无权填写或修改“批复金额”',
    );
    await drawer.getByTestId('field-approvedAmount').locator('input').fill('');
    await drawer.getByTestId('action-dialog-submit').click();
    await expect(page.getByText('申请已保存')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(list.getByTestId('row-0').getByTestId('cell-title')).toHaveText('抽屉新建-设备采购');
    await expect(list.getByTestId('row-0').getByTestId('cell-amount')).toHaveText('12,345,678.90');
    await expectNoErrors(watch);
  });

  test('the form tab clears the cascade when the province changes, saves, and the list tab shows the row', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await openDemo(page, 'core_operator');
    await page.getByTestId('tab-apply').click();
    const form = page.getByTestId('part-applyForm');
    await form.getByTestId('field-title').locator('input').fill('页签新建-钢材采购');
    await form.getByTestId('field-amount').locator('input').fill('500000');
    await pick(page, form, 'province', '湖北省');
    await pick(page, form, 'city', '宜昌市');
    await pick(page, form, 'district', '西陵区');
    await pick(page, form, 'province', '广东省');
    await expect(form.getByTestId('field-city')).not.toContainText('宜昌市');
    await expect(form.getByTestId('field-district')).not.toContainText('西陵区');
    await expect(form.getByTestId('field-district').locator('.ant-select')).toHaveClass(
      /ant-select-disabled/,
    );
    await pick(page, form, 'city', '深圳市');
    await pick(page, form, 'district', '南山区');
    await form.getByTestId('action-form-save').click();
    await expect(page.getByText('申请已保存')).toBeVisible();

    await page.getByTestId('tab-applications').click();
    const list = page.getByTestId('part-applicationList');
    await expect(list.getByTestId('row-0').getByTestId('cell-title')).toHaveText('页签新建-钢材采购');
    await expectNoErrors(watch);
  });

  test('the edit drawer locks the field the role may not write and saves the rest', async ({ page }) => {
    const watch = watchPage(page);
    await openDemo(page, 'core_operator');
    const row = page.getByTestId('part-applicationList').getByTestId('row-0');
    await row.getByTestId('action-row-edit').click();
    const drawer = page.getByTestId('dialog-edit');
    await expect(drawer.getByTestId('field-title').locator('input')).toHaveValue('页签新建-钢材采购');
    // Loaded values stay: the city and district of the record are still chosen.
    await expect(drawer.getByTestId('field-city')).toContainText('深圳市');
    await expect(drawer.getByTestId('field-district')).toContainText('南山区');
    await expect(drawer.getByTestId('field-approvedAmount').locator('input')).toHaveCount(0);
    await drawer.getByTestId('field-title').locator('input').fill('页签新建-钢材采购（改）');
    await drawer.getByTestId('action-dialog-submit').click();
    await expect(page.getByText('修改成功')).toBeVisible();
    await expect(row.getByTestId('cell-title')).toHaveText('页签新建-钢材采购（改）');
    await expectNoErrors(watch);
  });

  test('a list reads a dictionary endpoint with its own query; the query role sees no hidden field', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await openDemo(page, 'core_query');
    await expect(page.getByTestId('tab-apply')).toHaveCount(0);
    await expect(page.getByTestId('action-toolbar-create')).toHaveCount(0);

    const row = page.getByTestId('part-applicationList').getByTestId('row-0');
    await row.getByTestId('action-row-view').click();
    const dialog = page.getByTestId('dialog-view');
    await expect(dialog.getByTestId('detail-application-title')).toHaveText('页签新建-钢材采购（改）');
    await expect(dialog.getByTestId('detail-application-internalNote')).toHaveCount(0);
    await dialog.getByTestId('action-dialog-cancel').click();
    await expect(dialog).toBeHidden();

    await page.getByTestId('tab-banks').click();
    const banks = page.getByTestId('part-bankList');
    await expect(banks.getByTestId('row-0').getByTestId('cell-name')).toHaveText('中国工商银行');
    await expect(banks).toContainText('共 14 条');
    await banks.getByTestId('query-keyword').locator('input').fill('招商');
    await banks.getByTestId('action-query-search').click();
    await expect(banks).toContainText('共 1 条');
    await expect(banks.getByTestId('row-0').getByTestId('cell-code')).toHaveText('308');
    await expectNoErrors(watch);
  });
});
