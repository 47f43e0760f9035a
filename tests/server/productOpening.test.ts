import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, as, body, count, create, list, modelsServer, type ModelsTestServer } from './modelsHelpers';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

const plan = (product: 'abs') => ({
  product,
  planName: '开通校验',
  coreCorpId: 'CORE001',
  issueSize: '1000000.00',
  setupDate: '2026-11-20',
  expectedDueDate: '2027-11-20',
  venue: 'NAFMII',
});

describe('a product the acting enterprise has not opened (server/models/productOpening.ts)', () => {
  it('refuses creates: fin2 (only joint factoring opened) makes no ABS plan nor asset-pool product', async () => {
    const fin2 = await as(s.app, 'fin2_product_manager');
    const plans = await count(s, 'abs_plan');
    expect(body(await create(fin2, 'absPlan', plan('abs')))).toMatchObject({
      code: 'SCF.PRODUCT_NOT_OPENED',
      message: '贵企业尚未开通ABS产品，请先申请开通',
    });
    expect(await count(s, 'abs_plan')).toBe(plans);
    const products = await count(s, 'assets_pool_product');
    const res = await create(fin2, 'assetsPoolProduct', {
      productName: '未开通的产品',
      annualRate: '0.0435',
      termMonths: 12,
      limitAmount: '1000000.00',
      marginRate: '0.1',
    });
    expect(body(res)).toMatchObject({
      code: 'SCF.PRODUCT_NOT_OPENED',
      message: '贵企业尚未开通资产池产品，请先申请开通',
    });
    expect(await count(s, 'assets_pool_product')).toBe(products);
  });

  it("refuses transitions, by the record's own product (ABS closed, ABCP still open)", async () => {
    await s.db.query(
      "update corp_products set state = 'UNOPENED' where corp_id = 'FIN001' and product = 'abs'",
    );
    const fin = await as(s.app, 'fin_product_manager');
    expect(body(await create(fin, 'absPlan', plan('abs'))).code).toBe('SCF.PRODUCT_NOT_OPENED');
    const pending = (await list(fin, 'absPlan', { status: 'PL1', size: '100' })).list as Array<{
      id: string;
      version: number;
      product: string;
    }>;
    const absPlan = pending.find((p) => p.product === 'abs')!;
    const abcpPlan = pending.find((p) => p.product === 'abcp')!;
    const back = (p: typeof absPlan) =>
      act(fin, 'absPlan', p.id, 'returnPacket', { version: p.version, reason: '资料不全' });
    expect(body(await back(absPlan))).toMatchObject({ code: 'SCF.PRODUCT_NOT_OPENED' });
    expect(body(await back(abcpPlan)).code).toBe('0');
    await s.db.query(
      "update corp_products set state = 'OPENED' where corp_id = 'FIN001' and product = 'abs'",
    );
    expect(body(await back(absPlan)).code).toBe('0');
  });
});
