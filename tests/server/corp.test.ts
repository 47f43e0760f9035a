import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_PRODUCT_CODES } from '@contract/products';
import { loggedIn, testServer, type TestServer } from './helpers';

const OPENINGS = '/biz/v1/models/productOpening/records';

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

  it('lists each product of the enterprise as a productOpening record and takes one 开通 from operators and directors', async () => {
    const b = await loggedIn(s.app, 'new_user');
    const mine = async (): Promise<
      Array<{ id: string; product: string; status: string; version: number; corpId: string }>
    > => (await b.call('GET', OPENINGS, { query: { size: '50' } })).json().data.list;
    const before = await mine();
    // One record per business product, in menu order, all of its own enterprise.
    expect(before.map((p) => p.product)).toEqual([...BUSINESS_PRODUCT_CODES]);
    expect(new Set(before.map((p) => p.corpId))).toEqual(new Set(['SUP002']));
    const credit = before.find((p) => p.product === 'credit')!;
    expect(credit.status).toBe('UNOPENED');
    const apply = (who: typeof b, id: string, version: number) =>
      who.call('POST', `${OPENINGS}/${id}/actions/apply`, { body: { version } });
    expect((await apply(b, credit.id, credit.version)).json().code).toBe('0');
    const pending = (await mine()).find((p) => p.product === 'credit')!;
    expect(pending).toMatchObject({ status: 'PENDING', applicantName: expect.any(String) });
    // A double 开通 gets a coded error, and the record stays as it was.
    const again = (await apply(b, pending.id, pending.version)).json();
    expect(again).toMatchObject({
      code: 'SCF.ACTION_STATE_INVALID',
      message: '当前状态为“审核中”，不能执行“开通”操作',
    });
    // Another enterprise neither sees nor opens it.
    const other = await loggedIn(s.app, 'chain_operator');
    expect((await other.call('GET', `${OPENINGS}/${pending.id}`)).json().code).not.toBe('0');
    const abs = before.find((p) => p.product === 'abs')!;
    const foreign = await apply(other, abs.id, abs.version);
    expect(foreign.json().code).not.toBe('0');
    expect((await mine()).find((p) => p.product === 'abs')!.status).toBe('UNOPENED');
    // A role the transition does not name (查询岗) is refused, on its own enterprise's record (before its state).
    const query = await loggedIn(s.app, 'chain_query');
    const own = (
      (await query.call('GET', OPENINGS, { query: { size: '50' } })).json().data.list as Array<{
        id: string;
        product: string;
        status: string;
        version: number;
      }>
    )[0]!;
    const refused = await apply(query, own.id, own.version);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SCF.ACTION_ROLE_FORBIDDEN');
  });

  it("lists the user's own product switches as records of the model productSwitch, seen by that user alone", async () => {
    const SWITCHES = '/biz/v1/models/productSwitch/records';
    const b = await loggedIn(s.app, 'unit_director');
    await b.call('POST', '/corp/v1/corps/persons/product-switch/records', {
      query: { productType: 'credit' },
    });
    // The product chooser's request sends it in the body (schemas/project/list.json).
    await b.call('POST', '/corp/v1/corps/persons/product-switch/records', { body: { productType: 'abs' } });
    const refused = await b.call('POST', '/corp/v1/corps/persons/product-switch/records', { body: {} });
    expect(refused.json().code).toBe('SCF.BAD_REQUEST');
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
