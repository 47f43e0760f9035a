/**
 * The sample product's pages (tests/fixtures/sample-product/, README "Add a product") rendered by the
 * renderer as the portal shows them, from the product folder alone mounted into a copy of schemas/
 * (server/products/folder.ts); tests/server/sampleProduct.test.ts runs the server on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadPageSchema } from '@renderer/core';
import { copySchemaTree, readSchemaDirectory } from '@renderer/core/node';
import { defaultComponents, preloadRenderer } from '@renderer/react';
import { mountProductFolder } from '@server/products/folder';
import { mount, settle } from './renderPage';

const dir = mkdtempSync(join(tmpdir(), 'sample-pages-'));
copySchemaTree(join(process.cwd(), 'schemas'), dir);
mountProductFolder(join(process.cwd(), 'tests/fixtures/sample-product'), dir);
const directory = readSchemaDirectory(dir);

afterEach(cleanup);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function show(file: string, role: string): Promise<string> {
  await preloadRenderer();
  await defaultComponents.load(defaultComponents.names());
  const page = directory.pages.find((p) => p.file === file)!;
  const schema = loadPageSchema(page.raw, { file, source: directory.source }).schema;
  const { backend, container } = mount(schema, role, {}, directory);
  await settle(container);
  expect(backend.unknown, `${file}: calls the fake backend does not know`).toEqual([]);
  // antd spaces out a two-character button label (提 交).
  return (container.textContent ?? '').replace(/\s+/g, '');
}

describe('the sample product, rendered', () => {
  it('shows its list with its columns and the create button to the operator', async () => {
    const text = await show('sample/request/list.json', 'ROLE_CORE_OPERATOR');
    for (const title of ['申请编号', '申请事项', '申请金额', '状态', '新建申请'])
      expect(text).toContain(title);
  });

  it('shows its form with the model fields and the submit button', async () => {
    const text = await show('sample/request/apply.json', 'ROLE_CORE_OPERATOR');
    for (const title of ['申请事项', '申请金额', '提交', '返回']) expect(text).toContain(title);
  });
});
