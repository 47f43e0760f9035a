/**
 * A product from its folder alone (README, "Add a product"): tests/fixtures/sample-product/ holds a
 * manifest, one model with two states and one transition, a list page, a form page and a seed of two
 * records, and nothing outside that folder names it. Mounted into a copy of schemas/ (server/products/folder.ts),
 * the server runs it: it is in its roles' menus only, its pages load and pass the checker, and a record
 * is created and approved through the API. tests/fixtures/sample-variant/ is a variant of it: its pages are
 * the sample's pages instantiated with its own values (`pages/_variant.json`), on its own model, dictionary,
 * fragment and seed, with a server plugin of its own (`server/index.ts`, named by its manifest).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CODES, PRODUCT_NAMES } from '@contract/products';
import { productRoleHome } from '@contract/homes';
import { formatIssue } from '@renderer/core/checker';
import { copySchemaTree, loadSchemaFile } from '@renderer/core/node';
import { openEngine } from '@server/engine';
import { mountProductFolder, readProductFolder } from '@server/products/folder';
import { checkSchemaFolder } from '../../scripts/schemas-check';
import { loggedIn, testServer, type TestServer } from './helpers';

const FOLDER = join(process.cwd(), 'tests/fixtures/sample-product');
const VARIANT = join(process.cwd(), 'tests/fixtures/sample-variant');
let dir: string;
let s: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sample-product-'));
  copySchemaTree(join(process.cwd(), 'schemas'), dir);
  const product = await mountProductFolder(FOLDER, dir);
  const variant = await mountProductFolder(VARIANT, dir);
  s = await testServer(undefined, dir);
  const engine = await openEngine({ db: s.db, schemasDir: dir });
  await product.seed!(engine);
  await variant.seed!(engine);
});
afterAll(async () => {
  await s?.app.close();
  await s?.db.close();
  rmSync(dir, { recursive: true, force: true });
});

type Menu = { menuBrief: string; menuName?: string; childMenuResources: Menu[] };
const menusOf = async (user: string): Promise<Menu[]> =>
  (await (await loggedIn(s.app, user)).call('GET', '/v2/security')).json().data.menus3 as Menu[];
const leaves = (menus: readonly Menu[]): string[] =>
  menus.flatMap((m) => (m.menuBrief.startsWith('/') ? [m.menuBrief] : leaves(m.childMenuResources)));
const records = '/biz/v1/models/sampleRequest/records';

describe('a product from its folder alone', () => {
  it('joins the contract from its manifest', () => {
    expect(PRODUCT_CODES).toContain('sample');
    expect(PRODUCT_NAMES['sample' as never]).toBe('样例产品');
    expect(productRoleHome('sample', 'ROLE_CORE_DIRECTOR')).toBe('/sample/request/list');
  });

  it('is in the menus of its roles only', async () => {
    const operator = await menusOf('core_operator');
    const group = operator.find((m) => m.menuBrief === 'sample');
    expect(leaves(group ? [group] : [])).toEqual(['/sample/request/list', '/sample/request/apply']);
    expect(leaves(await menusOf('core_director')).filter((p) => p.startsWith('/sample/'))).toEqual([
      '/sample/request/list',
    ]);
    for (const other of ['chain_operator', 'fin_product_manager', 'core_query'])
      expect(
        leaves(await menusOf(other)).filter((p) => p.startsWith('/sample/')),
        other,
      ).toEqual([]);
  });

  it('has pages that load and pass the checker', () => {
    for (const file of ['sample/request/list.json', 'sample/request/apply.json'])
      expect(loadSchemaFile(dir, file).schema.route.product).toBe('sample');
    const issues = checkSchemaFolder(dir)
      .issues.map((i) => formatIssue(i))
      .filter((i) => i.includes('sample'));
    expect(issues).toEqual([]);
  });

  it('seeds two records, and creates and approves one through the API', async () => {
    const operator = await loggedIn(s.app, 'core_operator');
    const seeded = (await operator.call('GET', records)).json().data.list as Array<Record<string, string>>;
    expect(seeded.map((r) => [r.title, r.status]).sort()).toEqual([
      ['样例申请一', 'SR1'],
      ['样例申请二', 'SR2'],
    ]);
    const created = (
      await operator.call('POST', records, { body: { title: '新申请', amount: '300.00' } })
    ).json();
    expect(created.code, JSON.stringify(created)).toBe('0');
    expect(created.data.status).toBe('SR1');
    expect(created.data.requestNo).toMatch(/^SR/);
    const refused = (
      await operator.call('POST', `${records}/${created.data.id}/actions/approve`, {
        body: { version: created.data.version },
      })
    ).json();
    expect(refused.code).not.toBe('0');
    const director = await loggedIn(s.app, 'core_director');
    const approved = (
      await director.call('POST', `${records}/${created.data.id}/actions/approve`, {
        body: { version: created.data.version },
      })
    ).json();
    expect(approved.code, JSON.stringify(approved)).toBe('0');
    expect(approved.data.status).toBe('SR2');
    const outsider = await loggedIn(s.app, 'chain_operator');
    const none = (await outsider.call('POST', records, { body: { title: 'x', amount: '1.00' } })).json();
    expect(none.code).not.toBe('0');
  });

  it('is named by no file of the code, the shared schemas or the products outside its folder', () => {
    const folder = readProductFolder(FOLDER);
    const names = [
      'sample-product',
      folder.manifest.title,
      `${folder.manifest.routePrefix}/`,
      ...[...Object.keys(folder.models), ...Object.keys(folder.dicts)].map((f) => f.replace(/\.json$/, '')),
    ];
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = join(dir, name);
        return statSync(full).isDirectory() ? files(full) : [full];
      });
    const mentions = ['contract', 'server', 'src', 'renderer', 'scripts', 'schemas', 'products']
      .flatMap((dir) => files(join(process.cwd(), dir)))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return names.filter((n) => text.includes(n)).map((n) => `${file}: ${n}`);
      });
    expect(names).toContain('sampleRequest');
    expect(mentions).toEqual([]);
  });

  it('may be opened only by the enterprise kinds its manifest names', async () => {
    const sampleOf = async (b: Awaited<ReturnType<typeof loggedIn>>) =>
      (
        (await b.call('GET', '/biz/v1/models/productOpening/records', { query: { size: '50' } })).json().data
          .list as Array<{ id: string; product: string; status: string; version: number }>
      ).find((p) => p.product === 'sample')!;
    const chain = await loggedIn(s.app, 'chain_operator');
    const mine = await sampleOf(chain);
    const refused = (
      await chain.call('POST', `/biz/v1/models/productOpening/records/${mine.id}/actions/apply`, {
        body: { version: mine.version },
      })
    ).json();
    expect(refused).toMatchObject({
      code: 'SCF.PRODUCT_NOT_OPENABLE',
      message: '贵企业类型不能开通样例产品',
    });
    const core = await loggedIn(s.app, 'core_operator');
    const opened = await sampleOf(core);
    expect(opened.status).toBe('OPENED');
  });
});

describe('a variant of it from its own folder', () => {
  const variantRecords = '/biz/v1/models/samplePlusRequest/records';

  it('has the template pages as its own, with its values', () => {
    const list = loadSchemaFile(dir, 'sample-plus/request/list.json').schema;
    expect(list.route).toMatchObject({
      path: '/sample-plus/request/list',
      title: '变体申请',
      product: 'sample-plus',
    });
    expect(list.model).toBe('samplePlusRequest');
    expect(JSON.stringify(list)).toContain('变体申请编号');
    const apply = loadSchemaFile(dir, 'sample-plus/request/apply.json').schema;
    expect(apply.route.menu?.group).toBe('变体业务');
    expect(readProductFolder(VARIANT).pages).not.toHaveProperty(['request/list.json']);
  });

  it('is in the menus of its roles, beside the sample', async () => {
    const operator = await menusOf('core_operator');
    const group = operator.find((m) => m.menuBrief === 'sample-plus');
    expect(leaves(group ? [group] : [])).toEqual(['/sample-plus/request/list', '/sample-plus/request/apply']);
    expect(leaves(await menusOf('chain_operator')).filter((p) => p.startsWith('/sample-plus/'))).toEqual([]);
  });

  it('seeds its own records, and its server plugin checks a request', async () => {
    const operator = await loggedIn(s.app, 'core_operator');
    const seeded = (await operator.call('GET', variantRecords)).json().data.list as Array<
      Record<string, string>
    >;
    expect(seeded.map((r) => [r.title, r.status]).sort()).toEqual([
      ['变体申请一', 'SR1'],
      ['变体申请二', 'SR2'],
    ]);
    const over = (
      await operator.call('POST', variantRecords, { body: { title: '超限申请', amount: '50000.01' } })
    ).json();
    expect(over).toMatchObject({
      code: 'SCF.SAMPLE_PLUS_OVER_LIMIT',
      message: '变体申请金额不能超过50000.00元',
    });
    const created = (
      await operator.call('POST', variantRecords, { body: { title: '变体新申请', amount: '50000.00' } })
    ).json();
    expect(created.code, JSON.stringify(created)).toBe('0');
    expect(created.data.requestNo).toMatch(/^SP/);
  });
});
