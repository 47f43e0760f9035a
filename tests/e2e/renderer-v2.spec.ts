import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoErrors, loginAs, pick, test, watchPage } from './fixtures';
import { confirm } from './creditUi';
import { exportNow, expectJobWritten, expectSheetMatchesRows } from './exports';

/** Renderer v2 demo page (schemas/demo/renderer.json): composite page, drawer forms, cascading selects. */
const DEMO = '/cv3/demo/renderer';

async function openDemo(page: Page, user: string): Promise<void> {
  await loginAs(page, user, { to: DEMO });
  await expect(page.getByTestId('current-user')).toBeVisible();
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

/** Adds `count` demo applications titled `{title}1..n` for the user's enterprise (test-mode endpoint). */
async function addRows(page: Page, username: string, title: string, count: number, state = 'DA1') {
  const res = await page.request.post('/api/web/test/demo-applications', {
    data: { username, title, count, state },
  });
  expect((await res.json()).code).toBe('0');
}

const rowsOf = (list: Locator) => list.locator('tr[data-testid^="row-"]');

/** Shows only the rows whose title contains `title`; answers the list part. */
async function filterList(page: Page, title: string): Promise<Locator> {
  const list = page.getByTestId('part-applicationList');
  await list.getByTestId('query-title').locator('input').fill(title);
  await list.getByTestId('action-query-search').click();
  await expect(rowsOf(list).first()).toContainText(title);
  return list;
}

const headers = (list: Locator) => list.locator('th[data-testid^="column-"]').allInnerTexts();
test.describe.serial('renderer v2 demo page: the list features', () => {
  // Several users, reloads and a 10,000-row export: a loaded machine needs more than the default minute.
  test.describe.configure({ timeout: 150_000 });

  test('batch approval of 3 checked rows: the draft among them is refused, the user sees which and why', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await addRows(page, 'core_operator', '批审待审', 2, 'DA2');
    await addRows(page, 'core_operator', '批审草稿', 1, 'DA1');
    await openDemo(page, 'core_director');
    const list = await filterList(page, '批审');
    await expect(rowsOf(list)).toHaveCount(3);
    const numbers = await Promise.all(
      [0, 1, 2].map((i) => list.getByTestId(`row-${i}`).getByTestId('cell-applicationNo').innerText()),
    );
    const titles = await Promise.all(
      [0, 1, 2].map((i) => list.getByTestId(`row-${i}`).getByTestId('cell-title').innerText()),
    );
    for (const i of [0, 1, 2]) await list.getByTestId(`row-${i}`).getByRole('checkbox').check();
    await expect(list.locator('.schema-list-selected')).toHaveText('已选 3 条');
    await list.getByTestId('action-batch-approve').click();
    await confirm(page, '确认审批通过所选申请？');
    await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: '批量审批通过' })).toHaveText(
      '批量审批通过：成功 2 条，未通过 1 条',
    );
    await expect(page.getByTestId('batch-result').locator('li')).toHaveText(
      titles.map((t, i) =>
        t.startsWith('批审草稿')
          ? `申请编号 ${numbers[i]}：当前状态为“草稿”，不能执行“审批通过”操作`
          : `申请编号 ${numbers[i]}：成功`,
      ),
    );
    await page.getByRole('button', { name: /知道了/ }).click();
    // The list reloads: the two approved, the draft unchanged.
    for (const [i, t] of titles.entries())
      await expect(rowsOf(list).filter({ hasText: numbers[i]! }).getByTestId('cell-status')).toHaveText(
        t.startsWith('批审草稿') ? '草稿' : '已通过',
      );
    await expectNoErrors(watch);
  });

  test('batch delete removes the drafts; the pending one is refused and stays', async ({ page }) => {
    const watch = watchPage(page);
    await addRows(page, 'core_operator', '批删草稿', 2, 'DA1');
    await addRows(page, 'core_operator', '批删待审', 1, 'DA2');
    await openDemo(page, 'core_operator');
    const list = await filterList(page, '批删');
    await expect(rowsOf(list)).toHaveCount(3);
    for (const i of [0, 1, 2]) await list.getByTestId(`row-${i}`).getByRole('checkbox').check();
    await list.getByTestId('action-batch-delete').click();
    await confirm(page, '确认删除所选申请？删除后不能恢复。');
    await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: '批量删除' })).toHaveText(
      '批量删除：成功 2 条，未通过 1 条',
    );
    await expect(page.getByTestId('batch-result')).toContainText('当前状态为“待审批”，不能删除');
    await page.getByRole('button', { name: /知道了/ }).click();
    await expect(rowsOf(list)).toHaveCount(1);
    await expect(rowsOf(list).first().getByTestId('cell-title')).toHaveText('批删待审1');
    await expectNoErrors(watch);
  });

  test('column settings survive a reload, and the Excel export matches the list cell by cell', async ({
    page,
  }) => {
    const watch = watchPage(page);
    await addRows(page, 'core_operator', '导出核对', 12, 'DA1');
    await openDemo(page, 'core_operator');
    let list = page.getByTestId('part-applicationList');
    await expect(rowsOf(list).first()).toBeVisible();
    // The status column sits at the right end, beside the actions (ListPage pins it to stay on screen).
    expect(await headers(list)).toEqual(['申请编号', '申请事项', '申请金额', '批复金额', '创建时间', '状态']);
    await list.getByTestId('list-settings').click();
    await page.getByTestId('column-setting-approvedAmount').getByRole('checkbox').uncheck();
    await page.getByTestId('column-setting-createdAt').getByRole('checkbox').uncheck();
    await page.getByTestId('column-setting-amount').getByRole('button', { name: '上移申请金额' }).click();
    await page.getByTestId('list-density').getByText('紧凑').click();
    const arranged = ['申请编号', '申请金额', '申请事项', '状态'];
    await expect.poll(() => headers(list)).toEqual(arranged);

    await page.reload();
    list = page.getByTestId('part-applicationList');
    await expect(rowsOf(list).first()).toBeVisible();
    await expect.poll(() => headers(list)).toEqual(arranged);
    await expect(list.locator('.ant-table-small')).toBeVisible();

    // Export the query shown (12 rows: at once, not through the download centre) and read the file.
    list = await filterList(page, '导出核对');
    // Wait for the filtered answer (the newest rows match before it comes).
    await expect(list.locator('.ant-pagination-total-text')).toHaveText('共 12 条');
    const sheet = await exportNow(page, list.getByTestId('action-toolbar-export'));
    expect(sheet.getRow(1).values).toEqual([undefined, ...arranged]);
    expect(sheet.rowCount).toBe(12 + 1);
    expect(await rowsOf(list).count()).toBeGreaterThanOrEqual(10);
    await expectSheetMatchesRows(list, sheet, ['applicationNo', 'amount', 'title', 'status'], 2);
    await expectNoErrors(watch);
  });

  test('a 10,000-row export goes through the download centre with its progress', async ({ page }) => {
    const watch = watchPage(page);
    await addRows(page, 'core_operator', '万行导出', 10_000, 'DA1');
    await openDemo(page, 'core_operator');
    const list = await filterList(page, '万行导出');
    await expect(list.locator('.ant-pagination-total-text')).toHaveText('共 10000 条');
    await list.getByTestId('action-toolbar-export').click();
    await expect(page.locator('.ant-modal-confirm')).toContainText(
      '共 10000 条数据，正在后台生成 Excel 文件',
    );
    await page.getByRole('button', { name: /前往下载中心/ }).click();
    await expectJobWritten(page, 10_000, 60_000);
    await expectNoErrors(watch);
  });
});
