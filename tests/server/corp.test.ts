import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, testServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

const paths = (menus: Array<{ childMenuResources: Array<{ menuBrief: string }> }>) =>
  menus.flatMap((m) => m.childMenuResources.map((c) => c.menuBrief));

describe('menus3 and the shell calls', () => {
  it('builds menus3 for the current role from the route blocks', async () => {
    const core = (await (await loggedIn(s.app, 'core_operator')).call('GET', '/v2/security')).json().data;
    expect(paths(core.menus3)).toEqual(expect.arrayContaining(['/supplier/index', '/my/product/overview']));
    const chain = (await (await loggedIn(s.app, 'chain_query')).call('GET', '/v2/security')).json().data;
    expect(paths(chain.menus3)).not.toContain('/supplier/index');
    expect(paths(chain.menus3)).not.toContain('/my/product/overview');
  });

  it('changes menus3 with the current role', async () => {
    const b = await loggedIn(s.app, 'dual_role');
    const asCore = (
      await b.call('GET', '/v2/security', { query: { currentRole3: 'ROLE_CORE_OPERATOR' } })
    ).json().data;
    const asCorp = (
      await b.call('GET', '/v2/security', { query: { currentRole3: 'ROLE_CORP_OPERATOR' } })
    ).json().data;
    expect(paths(asCore.menus3)).toContain('/supplier/index');
    expect(paths(asCorp.menus3)).not.toContain('/supplier/index');
  });

  it('lists suppliers for core enterprises only', async () => {
    const list = (await (await loggedIn(s.app, 'core_query')).call('GET', '/corp/v1/corps/suppliers')).json()
      .data.list;
    expect(list.map((c: { id: string }) => c.id)).toEqual(['SUP001', 'SUP002', 'SUP003', 'UNIT001']);
    expect(list.find((c: { id: string }) => c.id === 'SUP003').registryStatus).toBe('CANCELLED');
    // The products each opened, as a list; a page at a time, with the whole count.
    expect(list.every((c: { products: unknown }) => Array.isArray(c.products))).toBe(true);
    const second = (
      await (
        await loggedIn(s.app, 'core_query')
      ).call('GET', '/corp/v1/corps/suppliers', {
        query: { page: '2', size: '3' },
      })
    ).json().data;
    expect(second.list.map((c: { id: string }) => c.id)).toEqual(['UNIT001']);
    expect(second.pagecond).toEqual({ count: 4, page: 2, size: 3 });
    const refused = await (await loggedIn(s.app, 'chain_operator')).call('GET', '/corp/v1/corps/suppliers');
    expect(refused.statusCode).toBe(403);
  });

  it('takes one pending product-opening application per product from operators and directors', async () => {
    const b = await loggedIn(s.app, 'new_user');
    const before = (await b.call('GET', '/corp/v1/corps/products')).json().data;
    expect(before.find((p: { product: string }) => p.product === 'credit')).toEqual({
      product: 'credit',
      opened: false,
      pending: false,
    });
    expect(
      (await b.call('POST', '/corp/v1/corps/products/apply', { body: { product: 'credit' } })).json().code,
    ).toBe('0');
    const again = (
      await b.call('POST', '/corp/v1/corps/products/apply', { body: { product: 'credit' } })
    ).json();
    expect(again).toMatchObject({
      code: 'SCF.PRODUCT_APPLICATION_PENDING',
      message: '该产品的开通申请正在审核中，请勿重复提交',
    });
    expect(
      (await b.call('GET', '/corp/v1/corps/products'))
        .json()
        .data.find((p: { product: string }) => p.product === 'credit').pending,
    ).toBe(true);
    const opened = (
      await (
        await loggedIn(s.app, 'chain_operator')
      ).call('POST', '/corp/v1/corps/products/apply', { body: { product: 'credit' } })
    ).json();
    expect(opened.code).toBe('SCF.PRODUCT_ALREADY_OPENED');
    const query = await (
      await loggedIn(s.app, 'chain_query')
    ).call('POST', '/corp/v1/corps/products/apply', { body: { product: 'abcp' } });
    expect(query.statusCode).toBe(403);
    const bad = (
      await b.call('POST', '/corp/v1/corps/products/apply', { body: { product: 'lottery' } })
    ).json();
    expect(bad.code).toBe('SCF.BAD_REQUEST');
  });

  it("lists the user's own product switches as records of the model productSwitch, seen by that user alone", async () => {
    const SWITCHES = '/biz/v1/models/productSwitch/records';
    const b = await loggedIn(s.app, 'unit_director');
    await b.call('POST', '/corp/v1/corps/persons/product-switch/records', {
      query: { productType: 'credit' },
    });
    await b.call('POST', '/corp/v1/corps/persons/product-switch/records', { query: { productType: 'abs' } });
    const list = (await b.call('GET', SWITCHES)).json().data.list as Array<{
      id: string;
      productType: string;
    }>;
    expect(list.map((r) => r.productType)).toEqual(['abs', 'credit']);
    // Each switch is audited as the user's own creation.
    const { audit } = (await b.call('GET', `${SWITCHES}/${list[0]!.id}`)).json().data;
    expect(audit).toEqual([
      expect.objectContaining({ action: 'create', to: 'SWITCHED', userName: 'unit_director' }),
    ]);
    // A colleague of the same enterprise sees none of them, neither listed nor by id.
    const colleague = await loggedIn(s.app, 'unit_operator');
    expect((await colleague.call('GET', SWITCHES)).json().data.list).toEqual([]);
    expect((await colleague.call('GET', `${SWITCHES}/${list[0]!.id}`)).json().code).toBe(
      'SCF.RECORD_FORBIDDEN',
    );
    // The records are never changed: the model offers no update and no delete.
    const put = await b.call('PUT', `${SWITCHES}/${list[0]!.id}`, {
      body: { version: 1, productType: 'abcp' },
    });
    expect(put.json().code).not.toBe('0');
  });
});
