// The schema studio (`npm run studio`) on a temporary copy of schemas/: an error appears at its pointer
// within a second of typing, a clean edit saves Prettier-formatted, and the wizard writes a list page that
// passes the check.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const STUDIO_PORT = Number(process.env.E2E_PORT ?? 8080) + 5;
const studio = `http://127.0.0.1:${STUDIO_PORT}`;
let root = '';
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  cpSync('schemas', root, { recursive: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/studio/server.ts', root], {
    env: { ...process.env, STUDIO_PORT: String(STUDIO_PORT) },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${studio}/api/files`).catch(() => undefined))?.status, {
      timeout: 30_000,
    })
    .toBe(200);
});
test.afterAll(() => {
  server?.kill();
  rmSync(root, { recursive: true, force: true });
});

test('edit, see the error at its pointer, fix and save formatted; the wizard writes a checked list page', async ({
  page,
}) => {
  const file = 'credit/core/index/operator.json';
  await page.goto(`${studio}/#${file}`);
  const editor = page.getByLabel('页面配置 JSON');
  await expect(editor).toHaveValue(/"path": "\/credit\/core\/index\/operator"/);
  const original = await editor.inputValue();
  await editor.fill(original.replace('"page": "', '"x-component": "NoSuchWidget", "page": "'));
  await expect(page.getByLabel('检查结果')).toContainText('#/x-component：未知的键 "x-component"', {
    timeout: 1000,
  });
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status')).toHaveText('有错误，未保存');
  await editor.fill(JSON.stringify({ ...JSON.parse(original), description: '工作台改过的说明' }));
  await expect(page.getByRole('status')).toHaveText('检查通过');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status')).toHaveText('已保存');
  const disk = readFileSync(join(root, file), 'utf8');
  expect(disk).toBe(original.replace(/"description": "[^"]*"/, '"description": "工作台改过的说明"'));

  await page.getByPlaceholder('路由').fill('credit/core/cash/studio-list');
  await page.getByPlaceholder('模型').fill('creditCash');
  await page.getByRole('button', { name: '生成列表页' }).click();
  await expect(page.getByRole('heading', { name: 'credit/core/cash/studio-list.json' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('检查通过');
  expect(JSON.parse(readFileSync(join(root, 'credit/core/cash/studio-list.json'), 'utf8'))).toMatchObject({
    page: 'list',
    model: 'creditCash',
  });
});
