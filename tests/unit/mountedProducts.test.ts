/**
 * A PRODUCT_DIRS folder reaches the portal whole: the server's payload (server/products/productDirs.ts)
 * carries every file the folder places in the schemas tree, and the portal (src/products/mountedProducts.ts,
 * src/schemaFiles/) resolves a mounted page's own fragments, dictionaries and model like a built-in page's.
 * A mounted variant (tests/fixtures/sample-variant) is the mounted template's pages with its own values,
 * its own fragment and dictionary resolved, as src/pages/schema/useRouteSchema.ts loads a page.
 * tests/e2e/sample-product.spec.ts renders the same folders in the browser.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FOLDERS_GLOBAL } from '@contract/products';
import { createModuleSource, instantiate, loadPageSchema, pageSource, variantsOf } from '@renderer';
import { portalProductFolders } from '@server/products/productDirs';
import type * as SchemaFiles from '@/schemaFiles/pages';

const FOLDER = join(process.cwd(), 'tests/fixtures/sample-product');
const VARIANT_FOLDER = join(process.cwd(), 'tests/fixtures/sample-variant');
const payload = portalProductFolders([FOLDER, VARIANT_FOLDER]);
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
  // The unit files share their worker (vitest.config.ts): the next file's portal must not see these folders.
  afterAll(() => {
    delete (globalThis as Record<string, unknown>)[PRODUCT_FOLDERS_GLOBAL];
  });

  it('the payload carries the pages, model, dictionary and fragment by their path in the tree', () => {
    expect(Object.keys(payload.files).sort()).toEqual([
      '_dicts/samplePlusRequestStatus.json',
      '_dicts/sampleRequestStatus.json',
      '_fragments/sample-plus-request-columns.json',
      '_fragments/sample-request-columns.json',
      '_models/samplePlusRequest.json',
      '_models/sampleRequest.json',
      'sample-plus/_variant.json',
      'sample/_template.json',
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
    const { columns, route } = await load('sample/request/list.json');
    expect(route.path).toBe('/sample/request/list');
    expect(columns.map((c) => c.field)).toEqual(['requestNo', 'title', 'amount', 'status']);
    expect(columns[3]!.enum).toEqual([
      { value: 'SR1', label: '待审批', color: 'blue' },
      { value: 'SR2', label: '已通过', color: 'green' },
    ]);
  });

  it("a mounted variant's page is the template's with its values, fragment and dictionary", async () => {
    expect(Object.keys(files.PAGES)).not.toContain('/schemas/sample-plus/request/list.json');
    const { columns, route, model } = await load('sample-plus/request/list.json');
    expect(route).toMatchObject({
      path: '/sample-plus/request/list',
      title: '变体申请',
      product: 'sample-plus',
    });
    expect(model).toBe('samplePlusRequest');
    expect(columns.map((c) => c.title)).toEqual(['变体申请编号', '申请事项', '申请金额', '状态']);
    expect(columns[3]!.enum).toEqual([
      { value: 'SR1', label: '变体待审批', color: 'blue' },
      { value: 'SR2', label: '变体已通过', color: 'green' },
    ]);
  });
});

type ListPage = {
  route: { path: string; title: string; product: string };
  model: string;
  list: { columns: Array<{ field: string; title: string; enum?: unknown }> };
};

/** A page as the portal loads it (src/pages/schema/useRouteSchema.ts): its source, instantiated, resolved. */
async function load(file: string): Promise<ListPage & { columns: ListPage['list']['columns'] }> {
  const files = await import('@/schemaFiles/pages');
  const at = pageSource(file, (f) => `/schemas/${f}` in files.PAGES, variantsOf(files.VARIANT_FILES))!;
  const raw = await files.PAGES[`/schemas/${at.file}`]!();
  const source = createModuleSource({ modules: files.SHARED });
  const schema = loadPageSchema(instantiate(raw, at.params), { source, file }).schema as unknown as ListPage;
  return { ...schema, columns: schema.list.columns };
}
