/**
 * A PRODUCT_DIRS folder reaches the portal whole: the server's payload (server/products/productDirs.ts)
 * carries every file the folder places in the schemas tree, and the portal (src/products/mountedProducts.ts,
 * src/schemaFiles/) resolves a mounted page's own fragments, dictionaries and model like a built-in page's.
 * tests/e2e/sample-product.spec.ts renders the same folder in the browser.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FOLDERS_GLOBAL } from '@contract/products';
import { createModuleSource, loadPageSchema } from '@renderer';
import { portalProductFolders } from '@server/products/productDirs';
import type * as SchemaFiles from '@/schemaFiles/pages';

const FOLDER = join(process.cwd(), 'tests/fixtures/sample-product');
const payload = portalProductFolders([FOLDER]);
const VARIANT = { template: 'sample', params: {} };

describe('a mounted product folder in the portal', () => {
  let files: typeof SchemaFiles;
  beforeAll(async () => {
    // A variant folder's variables file (renderer/core/schema/templates.ts) travels with the pages too.
    const withVariant = { ...payload.files, 'sample2/_variant.json': VARIANT };
    (globalThis as Record<string, unknown>)[PRODUCT_FOLDERS_GLOBAL] = JSON.parse(
      JSON.stringify({ ...payload, files: withVariant }),
    );
    files = await import('@/schemaFiles/pages');
  });

  it('the payload carries the pages, model, dictionary and fragment by their path in the tree', () => {
    expect(Object.keys(payload.files).sort()).toEqual([
      '_dicts/sampleRequestStatus.json',
      '_fragments/sample-request-columns.json',
      '_models/sampleRequest.json',
      'sample/request/apply.json',
      'sample/request/list.json',
    ]);
  });

  it('a mounted variables file is a variant, not a page', () => {
    expect(files.VARIANT_FILES['/schemas/sample2/_variant.json']).toEqual(VARIANT);
    expect(Object.keys(files.PAGES)).not.toContain('/schemas/sample2/_variant.json');
  });

  it('a mounted page loads with its own fragment and dictionary resolved', async () => {
    expect(Object.keys(files.PAGES)).toContain('/schemas/sample/request/apply.json');
    expect(Object.keys(files.MODELS)).toContain('/schemas/_models/sampleRequest.json');
    const raw = await files.PAGES['/schemas/sample/request/list.json']!();
    const source = createModuleSource({ modules: files.SHARED });
    const { schema } = loadPageSchema(raw, { source, file: 'sample/request/list.json' });
    const columns = (schema as { list: { columns: Array<{ field: string; enum?: unknown }> } }).list.columns;
    expect(columns.map((c) => c.field)).toEqual(['requestNo', 'title', 'amount', 'status']);
    expect(columns[3]!.enum).toEqual([
      { value: 'SR1', label: '待审批', color: 'blue' },
      { value: 'SR2', label: '已通过', color: 'green' },
    ]);
  });
});
