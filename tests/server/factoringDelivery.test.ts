import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from './helpers';
import { as, body, create, getRecord, modelsServer, step, type ModelsTestServer } from './modelsHelpers';

/**
 * Delivery factoring (issue 12): only white-listed suppliers get supply plans and finance; an arrival
 * becomes financeable only when the core's 收货确认岗 confirms it; the tripartite agreement must be read.
 */
const WHITE = 'factoringDeliveryWhite';
const PLAN = 'factoringDeliveryPlan';
const ORDER = 'factoringDeliveryOrder';
const FINANCE = 'factoringDeliveryFinance';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
}, 120_000);
afterAll(async () => {
  await s.close();
});

const day = (offset: number): string =>
  new Date(clock.now.getTime() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);

const planOf = (supplierCorpId: string, planAmount = '500000.00') => ({
  supplierCorpId,
  projectName: '城东安置房项目',
  goodsName: 'HRB400螺纹钢',
  quantity: '120吨',
  planAmount,
  deliveryDate: day(10),
});

describe('delivery factoring', () => {
  it('white list → supply plan → arrival confirmed by 收货确认岗 → finance → 放款', async () => {
    const coreOp = await as(s.app, 'core_operator');
    const chainOp = await as(s.app, 'chain_operator');
    // Supplier 2 was refused in the demo: no plan for it.
    const refused = body(await create(coreOp, PLAN, planOf('SUP002')));
    expect(refused.code).toBe('SCF.DELIVERY_NOT_WHITELISTED');
    expect(refused.message).toBe(
      '恒通钢构有限公司不在华建集团第一工程局有限公司的到货保理白名单内，不能办理',
    );
    // Supplier 1 is listed already: a second entry is refused.
    const dup = body(
      await create(coreOp, WHITE, {
        supplierCorpId: 'SUP001',
        factorCorpId: 'FIN001',
        limitAmount: '1.00',
        validUntil: day(30),
      }),
    );
    expect(dup.code).toBe('SCF.DELIVERY_WHITE_DUPLICATE');

    const plan = body(await create(coreOp, PLAN, planOf('SUP001', '600000.00')));
    expect(plan.code, plan.message).toBe('0');
    // Before the supplier accepts the plan, no arrival can be registered against it.
    const early = body(
      await create(chainOp, ORDER, {
        planId: plan.data.id,
        deliveredAmount: '1.00',
        waybillNo: 'YD1',
        arrivalDate: day(0),
      }),
    );
    expect(early.code).toBe('SCF.DELIVERY_PLAN_NOT_ACTIVE');
    await step(chainOp, PLAN, plan.data.id, 'accept');
    const over = body(
      await create(chainOp, ORDER, {
        planId: plan.data.id,
        deliveredAmount: '600000.01',
        waybillNo: 'YD1',
        arrivalDate: day(0),
      }),
    );
    expect(over.code).toBe('SCF.DELIVERY_ORDER_EXCEEDS_PLAN');
    const order = body(
      await create(chainOp, ORDER, {
        planId: plan.data.id,
        deliveredAmount: '550000.00',
        waybillNo: 'YD-TEST-0001',
        carrier: '顺达物流有限公司',
        arrivalDate: day(-1),
      }),
    );
    expect(order.code, order.message).toBe('0');
    expect(order.data).toMatchObject({ status: 'CO0', coreCorpId: 'CORE001', goodsName: 'HRB400螺纹钢' });

    const financeBody = {
      orderId: order.data.id,
      financeAmount: '440000.00',
      monthlyRate: '0.0045',
      financeDays: 90,
      agreementRead: true,
    };
    // Not financeable before the arrival is confirmed.
    expect(body(await create(chainOp, FINANCE, financeBody)).code).toBe('SCF.DELIVERY_ORDER_NOT_FINANCEABLE');
    const confirmed = await step(await as(s.app, 'core_purchase'), ORDER, order.data.id, 'confirmReceipt');
    expect(confirmed).toMatchObject({ status: 'CO1', receiverName: '孙丽华', receiptDate: day(0) });

    expect(body(await create(chainOp, FINANCE, { ...financeBody, agreementRead: false })).code).toBe(
      'SCF.DELIVERY_AGREEMENT_UNREAD',
    );
    expect(body(await create(chainOp, FINANCE, { ...financeBody, financeAmount: '550000.01' })).code).toBe(
      'SCF.DELIVERY_FINANCE_EXCEEDS',
    );
    const f = body(await create(chainOp, FINANCE, financeBody));
    expect(f.code, f.message).toBe('0');
    // 440,000.00 × 0.0045 × 90 / 30 = 5,940.00, deducted in advance.
    expect(f.data).toMatchObject({ interest: '5940.00', loanAmount: '434060.00', factorCorpId: 'FIN001' });
    expect(body(await getRecord(chainOp, ORDER, order.data.id)).data.status).toBe('CO2');

    await step(await as(s.app, 'chain_director'), FINANCE, f.data.id, 'submit');
    const approved = await step(await as(s.app, 'fin_client_manager'), FINANCE, f.data.id, 'approve');
    expect(approved.contractNo).toBe(`DHHT${String(f.data.financeNo).slice(2)}`);
    const lent = await step(await as(s.app, 'fin_product_manager'), FINANCE, f.data.id, 'loan');
    expect(lent).toMatchObject({ status: 'DFD', loanDate: day(0) });
    expect(body(await getRecord(chainOp, ORDER, order.data.id)).data).toMatchObject({
      status: 'CO3',
      financeNo: f.data.financeNo,
    });
  });

  it('a supplier removed from the white list can no longer finance its confirmed arrivals', async () => {
    const chainOp = await as(s.app, 'chain_operator');
    const order = (
      await s.db.query<{ id: string }>(
        "select id from factoring_delivery_order where state = 'CO1' and supplier_corp_id = 'SUP001' limit 1",
      )
    ).rows[0]!;
    const white = (
      await s.db.query<{ id: string }>(
        "select id from factoring_delivery_white where state = 'WL1' and supplier_corp_id = 'SUP001'",
      )
    ).rows[0]!;
    await step(await as(s.app, 'core_operator'), WHITE, white.id, 'remove', { reason: '合作终止' });
    const res = body(
      await create(chainOp, FINANCE, {
        orderId: order.id,
        financeAmount: '1000.00',
        monthlyRate: '0.0045',
        financeDays: 30,
        agreementRead: true,
      }),
    );
    expect(res.code).toBe('SCF.DELIVERY_NOT_WHITELISTED');
  });
});
