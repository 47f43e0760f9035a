import { openProduct } from '@server/models/productOpenings';
import { EngineSeeder } from '@server/seed/engineSeeder';
import type { ModelEngine } from '@server/models/modelEngine';

const WHITE = 'factoringDeliveryWhite';
const PLAN = 'factoringDeliveryPlan';
const ORDER = 'factoringDeliveryOrder';
const FINANCE = 'factoringDeliveryFinance';
const AGREEMENT = 'factoringDeliveryAgreement';
const DOCUMENT = 'factoringDeliveryDocument';
/** Enterprises that use delivery factoring in the demo world. */
export const DELIVERY_CORPS = ['CORE001', 'SUP001', 'UNIT001', 'FIN001'] as const;

type Json = Record<string, unknown>;

/** The finance steps in order: action and the demo user who runs it. */
const FINANCE_STEPS: Array<[string, string]> = [
  ['submit', 'chain_director'],
  ['approve', 'fin_client_manager'],
  ['loan', 'fin_product_manager'],
  ['repay', 'fin_client_manager'],
];
const FINANCE_STATES = ['DF0', 'DF1', 'DF2', 'DFD', 'DFR'];

/**
 * The delivery factoring demo, made through the models engine as the demo user of each step: supplier 1
 * white-listed with its tripartite and supplemental agreements signed by every party (the project department
 * refused, then pending again), supply plans, arrival confirmations (each received one with its 应付账款确认书)
 * and finance applications in every state.
 */
export async function seedFactoringDelivery(engine: ModelEngine): Promise<void> {
  const db = engine.db;
  for (const corp of DELIVERY_CORPS) await openProduct(db, corp, 'factoring-delivery');
  if ((await db.query('select 1 from factoring_delivery_white limit 1')).rows.length) return;
  const s = await EngineSeeder.open({ engine });
  const act = (user: string, model: string, rec: Json, action: string, reason?: string) =>
    s.as(user).act(model, String(rec.id), action, reason ? { reason } : {});

  s.daysAgo(40);
  const white = (supplierCorpId: string, limitAmount: string) =>
    s.as('core_operator').create(WHITE, {
      supplierCorpId,
      factorCorpId: 'FIN001',
      limitAmount,
      validUntil: s.day(365),
    });
  const listed = await act('fin_client_manager', WHITE, await white('SUP001', '5000000.00'), 'approve');
  // Supplier 1's director reads both agreements to their end and signs them, the core's director signs the
  // tripartite one, the factor's product manager signs both last (seed-signed): both are effective.
  s.later(240);
  const agreements = await db.query<{ id: string; kind: string }>(
    'select id, kind from factoring_delivery_agreement where white_id = $1 order by created_at, id',
    [listed.id],
  );
  for (const { id, kind } of agreements.rows) {
    await s.as('chain_director').update(AGREEMENT, id, { agreementRead: true });
    await s.as('chain_director').act(AGREEMENT, id, 'sign');
    if (kind === 'TRIPARTITE') await s.as('core_director').act(AGREEMENT, id, 'coreSign');
    await s.as('fin_product_manager').act(AGREEMENT, id, 'factorSign');
  }
  // Only enterprises that opened delivery factoring are white-listed (factoringDeliveryWhite `opened`).
  await act(
    'fin_client_manager',
    WHITE,
    await white('UNIT001', '2800000.00'),
    'reject',
    '申请额度超出项目合同额',
  );
  s.daysAgo(35);
  await white('UNIT001', '2000000.00'); // applied again, pending

  let n = 0;
  /** A supply plan to SUP001 given `30 - n` days ago, carried to `state` (SP0, SP1 accepted, SP9 refused). */
  const plan = async (state: string, amount: string): Promise<Json> => {
    n += 1;
    s.daysAgo(30 - n);
    const rec = await s.as('core_operator').create(PLAN, {
      supplierCorpId: 'SUP001',
      projectName: '华建一局第三项目部（城东安置房项目）',
      goodsName: ['HRB400螺纹钢', '商品混凝土C30', '镀锌钢管', '预拌砂浆'][n % 4],
      quantity: `${100 + n * 15}吨`,
      planAmount: amount,
      deliveryDate: s.day(10 + n * 3),
    });
    if (state === 'SP0') return rec;
    s.later(120);
    if (state === 'SP9') return act('chain_operator', PLAN, rec, 'refuse', '数量与合同不符');
    return act('chain_operator', PLAN, rec, 'accept');
  };
  await plan('SP0', '680000.00');
  await plan('SP0', '215000.00');
  await plan('SP9', '90000.00');

  /** An arrival (到货确认单) under a fresh accepted plan, carried to `state` (CO0, CO1 received, CO9 refused). */
  const order = async (state: string, amount: string): Promise<Json> => {
    const p = await plan('SP1', amount);
    s.later(180);
    const rec = await s.as('chain_operator').create(ORDER, {
      planId: p.id,
      deliveredAmount: amount,
      waybillNo: `YD2026${String(880000 + n * 17)}`,
      carrier: '顺达物流有限公司',
      arrivalDate: s.today,
    });
    if (state === 'CO0') return rec;
    s.later(60);
    if (state === 'CO9') return act('core_purchase', ORDER, rec, 'refuse', '到货数量不足');
    const received = await act('core_purchase', ORDER, rec, 'confirmReceipt');
    // Its 应付账款确认书, filed by the 收货确认岗 as the upload page does (demo PDF).
    const letter = await s
      .as('core_purchase')
      .create(DOCUMENT, { orderId: rec.id, category: 'confirmation' });
    await s
      .as('core_purchase')
      .attach(DOCUMENT, String(letter.id), 'confirmation', `应付账款确认书-${String(rec.orderNo)}.pdf`);
    return received;
  };
  for (const [state, amount] of [
    ['CO0', '320000.00'],
    ['CO0', '158000.00'],
    ['CO0', '96000.00'],
    ['CO9', '45000.00'],
    ['CO1', '560000.00'],
    ['CO1', '270000.00'],
  ] as const)
    await order(state, amount);

  /** A finance application on a fresh received arrival, carried to `state` (signed steps seed-signed). */
  const finance = async (state: string, amount: string, financeAmount: string): Promise<void> => {
    const o = await order('CO1', amount);
    s.later(60);
    const rec = await s.as('chain_operator').create(FINANCE, {
      orderId: o.id,
      financeAmount,
      monthlyRate: '0.0045',
      financeDays: 90,
      agreementRead: true,
    });
    if (state === 'DFX') {
      await act('chain_director', FINANCE, rec, 'withdraw', '融资金额有误');
      return;
    }
    for (const [action, user] of FINANCE_STEPS.slice(0, FINANCE_STATES.indexOf(state))) {
      s.later(90);
      await act(user, FINANCE, rec, action);
    }
  };
  for (const [state, amount, financeAmount] of [
    ['DF0', '400000.00', '320000.00'],
    ['DF0', '250000.00', '200000.00'],
    ['DF0', '610000.00', '480000.00'],
    ['DF1', '380000.00', '300000.00'],
    ['DF1', '720000.00', '560000.00'],
    ['DF1', '190000.00', '150000.00'],
    ['DF2', '500000.00', '400000.00'],
    ['DF2', '300000.00', '240000.00'],
    ['DFD', '900000.00', '720000.00'],
    ['DFR', '460000.00', '360000.00'],
    ['DFX', '150000.00', '120000.00'],
  ] as const)
    await finance(state, amount, financeAmount);
}
