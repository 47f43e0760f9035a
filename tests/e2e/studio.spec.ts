// The schema studio (`npm run studio`) on a temporary copy of schemas/, previewing against this suite's
// reference server: an unknown component is marked at its pointer within a second of typing, the fixed page
// previews as the operator and, switched, as the director with the director's actions, saves
// Prettier-formatted, and the wizard writes a list page that checks clean and previews with rows.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { format, resolveConfig } from 'prettier';
import { copySchemaTree } from '@renderer/core/node';

let studio = '';
const FILE = 'credit/core/index/operator.json';
let root = '';
let server: ChildProcess | undefined;

test.beforeAll(async ({ portal }) => {
  test.setTimeout(120_000);
  // The studio previews against this worker's reference server.
  const port = portal.helperPort('studio');
  studio = `http://127.0.0.1:${port}`;
  root = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  copySchemaTree('schemas', root);
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/studio/server.ts', root], {
    env: { ...process.env, STUDIO_PORT: String(port), API_TARGET: portal.origin },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${studio}/studio-api/files`).catch(() => undefined))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
});
test.afterAll(() => {
  server?.kill();
  rmSync(root, { recursive: true, force: true });
});

/** Selects the editor line holding `text` (CodeMirror's Alt-L) and types `replacement` over it. */
async function replaceLine(page: Page, text: string, replacement: string): Promise<void> {
  await page.locator('.cm-line', { hasText: text }).click();
  await page.keyboard.press('Alt+l');
  await page.keyboard.insertText(`${replacement}\n`);
}

/** Opens the select labelled `label` (typing `search` into a searchable one) and picks the option showing `text`. */
async function pick(page: Page, label: string, text: string, search?: string): Promise<void> {
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).click();
  if (search) await page.keyboard.insertText(search);
  await page.locator('.ant-select-item-option', { hasText: text }).click();
}

test('edit with located errors, preview per role, save formatted; the wizard page previews with rows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const original = readFileSync(join(root, FILE), 'utf8');
  await page.goto(`${studio}/#${FILE}`);
  const preview = page.getByTestId('studio-preview');
  await expect(page.getByLabel('页面配置 JSON')).toContainText('"path": "/credit/core/index/operator"', {
    timeout: 60_000,
  });
  await expect(preview.getByTestId('action-toolbar-apply')).toBeVisible({ timeout: 30_000 });

  // An unknown component: marked at its pointer (lint mark and list) as typed. How fast is the bench's matter,
  // not this test's: the default bound holds on a loaded 2-core machine (2 s did not, at load 15).
  const queryLine = '"query": { "$ref": "_fragments/voucher-query.json" },';
  const inlineQuery = (component: string) =>
    `"query": {"voucherNo": {"type": "string", "title": "凭证编号", "x-decorator": "FormItem", "x-component": "${component}"}},`;
  await replaceLine(page, queryLine, inlineQuery('NoSuchWidget'));
  await expect(page.getByLabel('检查结果')).toContainText(
    '#/list/query/voucherNo/x-component：未知组件 "NoSuchWidget"',
  );
  await expect
    .poll(async () => (await page.locator('.cm-lintRange-error').allTextContents()).join(''))
    .toBe('"x-component": "NoSuchWidget"');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status')).toHaveText('有错误，未保存');
  expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);

  // Fixed, plus a row action for the director only.
  await page.locator('.cm-line', { hasText: 'NoSuchWidget' }).getByText('NoSuchWidget').dblclick();
  await page.keyboard.insertText('Input');
  const rowLine =
    '"rowActions": [{ "key": "detail", "label": "详情", "type": "navigate", "to": "/credit/detail?id={id}" }],';
  const review =
    '{"key": "review", "label": "复核", "type": "navigate", "to": "/credit/detail?id={id}", "roles": ["ROLE_CORE_DIRECTOR"]}';
  await replaceLine(page, rowLine, rowLine.replace('}]', `}, ${review}]`));
  await expect(page.getByRole('status')).toHaveText('检查通过');
  await expect(page.getByLabel('检查结果')).toBeEmpty();
  await expect(preview.getByTestId('query-voucherNo')).toBeVisible();
  await expect(preview.getByTestId('row-0')).toBeVisible();
  await expect(preview.getByTestId('action-row-review')).toHaveCount(0);
  await expect(page.getByLabel('保存前影响')).toContainText('菜单：无变化');

  await pick(page, '预览角色', 'core_director');
  await expect(preview).toContainText('以 李志强');
  await expect(preview.getByTestId('action-row-review').first()).toBeVisible();
  await expect(preview.getByTestId('action-toolbar-apply')).toHaveCount(0);

  // Saved as `prettier --write` would write the edited text.
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status')).toHaveText('已保存');
  const edited = original
    .replace(queryLine, inlineQuery('Input'))
    .replace(rowLine, rowLine.replace('}]', `}, ${review}]`));
  const config = await resolveConfig(resolve('.prettierrc.json'));
  const expected = await format(edited, { ...config, parser: 'json' });
  expect(expected).not.toBe(edited);
  expect(readFileSync(join(root, FILE), 'utf8')).toBe(expected);
  await expect(page.getByLabel('页面配置 JSON')).toContainText('"x-component": "Input"');

  // The wizard: a list page of an existing model, checked clean, previewed with rows at once.
  await pick(page, '模型', '（creditCash）', 'creditCash');
  await page.getByPlaceholder('路由').fill('credit/core/cash/studio-list');
  await page.getByRole('button', { name: '生成列表页' }).click();
  await expect(page.getByRole('heading', { name: 'credit/core/cash/studio-list.json' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('检查通过');
  await expect(preview.getByTestId('row-0')).toBeVisible({ timeout: 30_000 });
  expect(JSON.parse(readFileSync(join(root, 'credit/core/cash/studio-list.json'), 'utf8'))).toMatchObject({
    page: 'list',
    model: 'creditCash',
  });
});

test('the studio never enters the portal build', () => {
  // The suite runs against the built portal (scripts/e2e.mjs builds it first); the bundler's module map
  // lists every module of every chunk.
  const chunks = JSON.parse(
    readFileSync(join(process.env.DIST_DIR ?? 'dist', '.vite/chunk-modules.json'), 'utf8'),
  ) as Record<string, string[]>;
  const modules = Object.values(chunks).flat();
  expect(modules.length).toBeGreaterThan(100);
  expect(modules.filter((m) => /scripts\/studio|@codemirror|@lezer/.test(m))).toEqual([]);
});

test('unsaved edits are guarded, the preview resizes and exports from the real server, shared files reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const LIMITS = 'my/limit/query.json';
  await page.goto(`${studio}/#${LIMITS}`);
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByTestId('row-0')).toBeVisible({ timeout: 60_000 });

  // Export downloads the server's workbook (not the studio's HTML).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByTestId('action-toolbar-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // The preview is as wide as it is dragged (keyboard here).
  const bar = page.getByRole('separator', { name: '调整预览宽度' });
  const before = Number(await bar.getAttribute('aria-valuenow'));
  await bar.press('ArrowLeft');
  await expect(bar).toHaveAttribute('aria-valuenow', String(before + 40));
});

// The file tree shows the open page's folder: the switch goes to a page beside it.
test('switching with unsaved edits asks first; a dictionary changed on disk shows without a restart', async ({
  page,
}) => {
  const LIMITS = 'my/limit/query.json';
  await page.goto(`${studio}/#${LIMITS}`);
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByTestId('row-0')).toBeVisible({ timeout: 60_000 });

  // An unsaved edit: switching asks, staying keeps the edit, leaving drops it.
  await page.locator('.cm-line', { hasText: '"schemaVersion": 2' }).click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(' ');
  await page
    .getByRole('tree', { name: '页面配置文件' })
    .getByText(/distribute$/)
    .click();
  const guard = page.getByRole('dialog').filter({ hasText: '有未保存的修改' });
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: '留在本页' }).click();
  await expect(page.getByRole('heading', { name: LIMITS })).toBeVisible();
  await page
    .getByRole('tree', { name: '页面配置文件' })
    .getByText(/distribute$/)
    .click();
  await page.getByRole('dialog').getByRole('button', { name: '放弃修改并切换' }).click();
  await expect(page.getByRole('heading', { name: 'my/limit/distribute.json' })).toBeVisible();

  // A dictionary the page shows (the product's name), changed on disk, shows in the preview without
  // restarting anything.
  await expect(preview.getByTestId('field-product')).toContainText('信用凭证');
  const dict = join(root, '_dicts/productType.json');
  const text = readFileSync(dict, 'utf8');
  expect(text).toContain('"信用凭证"');
  writeFileSync(dict, text.replace('"信用凭证"', '"信用凭证（新）"'));
  await expect(preview.getByTestId('field-product')).toContainText('信用凭证（新）', { timeout: 30_000 });
});

test('an analyst edits a list visually: drag, title, a column from the model, undo and redo, save', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const started = Date.now();
  const LIST = 'my/limit/query.json';
  const outline = page.getByRole('list', { name: '大纲' }).locator('li');

  await page.goto(`${studio}/#${LIST}`);
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByTestId('row-0')).toBeVisible({ timeout: 60_000 });
  await page.getByText('可视化', { exact: true }).click();
  await expect(outline.first()).toContainText('limitNo');

  // A column dragged to the front, renamed, and one added from the model's fields.
  await outline.nth(2).dragTo(outline.nth(0));
  await expect(outline.first()).toContainText('product');
  await outline.filter({ hasText: 'limitNo' }).click();
  await page.getByLabel('标题').fill('额度号');
  await page.getByLabel('标题').press('Enter');
  await expect(outline.filter({ hasText: 'limitNo' })).toContainText('额度号');
  await pick(page, '从模型添加', '（effectiveDate）', '生效日');
  await expect(outline.last()).toContainText('effectiveDate');
  // Undo covers the visual edit; redo brings it back.
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(outline.filter({ hasText: 'effectiveDate' })).toHaveCount(0);
  await page.getByRole('button', { name: '重做' }).click();
  await expect(outline.last()).toContainText('effectiveDate');
  await expect(page.getByRole('status')).toHaveText('检查通过');
  await expect(preview.getByTestId('column-effectiveDate')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status')).toHaveText('已保存');
  const list = JSON.parse(readFileSync(join(root, LIST), 'utf8')) as {
    list: { columns: { field: string }[] };
  };
  expect(list.list.columns.map((c) => c.field).slice(0, 2)).toEqual(['product', 'limitNo']);

  console.log(`visual list editing task: ${Math.round((Date.now() - started) / 1000)} s`);
});

test('an analyst edits a form visually: required, visibility through completion', async ({ page }) => {
  test.setTimeout(120_000);
  const FORM = 'credit/core/cash/cash-apply.json';
  const outline = page.getByRole('list', { name: '大纲' }).locator('li');
  const preview = page.getByTestId('studio-preview');
  const LIST = 'my/limit/query.json';
  await page.goto(`${studio}/#${LIST}`);
  await expect(preview.getByTestId('row-0')).toBeVisible({ timeout: 60_000 });
  await page.getByText('可视化', { exact: true }).click();
  // A visual edit left unsaved on a list: the form opened next shows its own text, not the list's.
  await outline.first().click();
  await page.getByLabel('标题').fill('额度编码');
  await page.getByLabel('标题').press('Enter');
  await expect(outline.first()).toContainText('额度编码');
  const tree = page.getByRole('tree', { name: '页面配置文件' });
  for (const folder of ['信用凭证', 'credit', 'core', 'cash'])
    await tree.getByText(folder, { exact: true }).click();
  await tree.getByText(/cash-apply$/).click();
  await page.getByRole('dialog').getByRole('button', { name: '放弃修改并切换' }).click();
  await expect(page.getByRole('heading', { name: FORM })).toBeVisible();
  await expect(outline.filter({ hasText: 'remark' })).toBeVisible();

  // The form: a field made required, and a visibility rule written through completion.
  await outline.filter({ hasText: 'remark' }).click();
  await page.getByRole('checkbox', { name: '必填' }).check();
  await expect(page.getByRole('status')).toHaveText('检查通过');
  await expect(preview.getByTestId('field-remark')).toContainText('*');
  const visibility = page.getByRole('combobox', { name: '显示条件' });
  await visibility.click();
  await page.keyboard.insertText('!!$values.vou');
  await page.locator('.ant-select-item-option', { hasText: '$values.voucherId' }).click();
  await page.getByLabel('标题').click();
  await expect(page.getByRole('status')).toHaveText('检查通过');
  // No voucher chosen yet: the remark is hidden in the preview.
  await expect(preview.getByTestId('field-remark')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: '保存页面配置' }).click();
  await expect(page.getByRole('status')).toHaveText('已保存');
  const saved = JSON.parse(readFileSync(join(root, FORM), 'utf8')) as {
    form: { properties: Record<string, Record<string, unknown>> };
  };
  expect(saved.form.properties.remark).toMatchObject({
    required: true,
    'x-visible': '{{ !!$values.voucherId }}',
  });
  // The list's unsaved title was dropped.
  expect(readFileSync(join(root, LIST), 'utf8')).not.toContain('额度编码');
});

test('an analyst builds a list and a form page for a model by visual edits only, previews, exports, saves', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const started = Date.now();
  const LIST = 'credit/core/cash/analyst-list.json';
  const FORM = 'credit/core/cash/analyst-apply.json';
  const outline = page.getByRole('list', { name: '大纲' }).locator('li');
  const preview = page.getByTestId('studio-preview');
  const tree = page.getByRole('tree', { name: '页面配置文件' });
  const save = async () => {
    await page.getByRole('button', { name: '保存页面配置' }).click();
    await expect(page.getByRole('status')).toHaveText('已保存');
  };
  await page.goto(studio);

  // The list page: made by the wizard from the model, previewed with the server's rows, exported.
  await pick(page, '模型', '（creditCash）', 'creditCash');
  await page.getByPlaceholder('路由').fill('credit/core/cash/analyst-list');
  await page.getByRole('button', { name: '生成列表页' }).click();
  await expect(page.getByRole('heading', { name: LIST })).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByTestId('row-0')).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByTestId('action-toolbar-export').click(),
  ]);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');

  // Visually: a column and a button picked in the preview, columns added from the model, one dragged.
  await page.getByText('可视化', { exact: true }).click();
  await preview.getByTestId('column-accountName').click();
  await expect(outline.filter({ hasText: 'accountName' })).toHaveCSS(
    'background-color',
    'rgb(230, 244, 255)',
  );
  await expect(page.getByLabel('标题')).toHaveValue('户名');
  await preview.getByTestId('action-toolbar-export').click();
  await expect(page.getByLabel('标题')).toHaveValue('导出');
  await pick(page, '从模型添加', '（bankName）', '开户行');
  await expect(outline.last()).toContainText('bankName');
  await pick(page, '从模型添加', '（remark）', '备注');
  await expect(outline.last()).toContainText('remark');
  await outline.filter({ hasText: 'remark' }).dragTo(outline.filter({ hasText: 'cashAmount' }));
  await expect(outline.nth(4)).toContainText('remark');
  await expect(page.getByRole('status')).toHaveText('检查通过');
  await expect(preview.getByTestId('column-remark')).toBeVisible({ timeout: 30_000 });

  // Previewed as the second role, with its rows.
  await pick(page, '预览角色', 'core_director');
  await expect(preview).toContainText('以 李志强');
  await expect(preview.getByTestId('row-0')).toBeVisible({ timeout: 30_000 });
  await save();

  // The form page: the model's required fields from the wizard, then a field added from the model, made
  // required, and shown by a visibility rule written through completion.
  await pick(page, '页面类型', '新建表单页');
  await page.getByPlaceholder('路由').fill('credit/core/cash/analyst-apply');
  await page.getByRole('button', { name: '生成表单页' }).click();
  await expect(page.getByRole('heading', { name: FORM })).toBeVisible({ timeout: 30_000 });
  await expect(outline.filter({ hasText: 'accountNo' })).toBeVisible();
  await pick(page, '从模型添加', '（remark）', '备注');
  await expect(outline.last()).toContainText('remark');
  await page.getByRole('checkbox', { name: '必填' }).check();
  await expect(page.getByRole('status')).toHaveText('检查通过');
  await page.getByRole('combobox', { name: '显示条件' }).click();
  await page.keyboard.insertText('!!$values.accou');
  await page.locator('.ant-select-item-option', { hasText: '$values.accountNo' }).click();
  await page.getByLabel('标题').click();
  await expect(page.getByRole('status')).toHaveText('检查通过');

  // Previewed as two roles: the remark shows, required, once an account number is typed.
  for (const user of ['core_operator', 'core_director']) {
    await pick(page, '预览角色', user);
    await expect(preview.getByTestId('field-accountNo')).toBeVisible({ timeout: 30_000 });
    await expect(preview.getByTestId('field-remark')).toHaveCount(0);
    await page.getByRole('checkbox', { name: '在预览中点选' }).uncheck();
    await preview.getByTestId('field-accountNo').getByRole('textbox').fill('6222020200001234567');
    await expect(preview.getByTestId('field-remark')).toContainText('*');
    await page.getByRole('checkbox', { name: '在预览中点选' }).check();
  }
  // A field picked in the preview is selected for editing.
  await preview.getByTestId('field-bankName').click();
  await expect(page.getByLabel('标题')).toHaveValue('开户行');

  // An unsaved edit: leaving asks first; the analyst stays, saves, then leaves.
  await outline.filter({ hasText: 'remark' }).click();
  await page.getByLabel('标题').fill('申请说明');
  await page.getByLabel('标题').press('Enter');
  await expect(outline.filter({ hasText: 'remark' })).toContainText('申请说明');
  await tree.getByText(/analyst-list$/).click();
  const guard = page.getByRole('dialog').filter({ hasText: '有未保存的修改' });
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: '留在本页' }).click();
  await expect(page.getByRole('heading', { name: FORM })).toBeVisible();
  await save();
  await tree.getByText(/analyst-list$/).click();
  await expect(page.getByRole('heading', { name: LIST })).toBeVisible();
  console.log(
    `analyst task (list + form page, visual edits only): ${Math.round((Date.now() - started) / 1000)} s`,
  );

  // What was saved is what was built, and it passes schemas:check.
  const list = JSON.parse(readFileSync(join(root, LIST), 'utf8')) as {
    list: { columns: { field: string }[] };
  };
  expect(list.list.columns.map((c) => c.field)).toContain('bankName');
  expect(list.list.columns[4]?.field).toBe('remark');
  const form = JSON.parse(readFileSync(join(root, FORM), 'utf8')) as {
    form: { properties: Record<string, Record<string, unknown>> };
  };
  expect(Object.keys(form.form.properties)).toEqual([
    'accountNo',
    'accountName',
    'bankName',
    'bankCode',
    'remark',
  ]);
  expect(form.form.properties.remark).toMatchObject({
    title: '申请说明',
    required: true,
    'x-visible': '{{ !!$values.accountNo }}',
  });
  const check = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts', root], {
    encoding: 'utf8',
  });
  expect(check.stdout + check.stderr).not.toMatch(/#\//);
  expect(check.status).toBe(0);
});
