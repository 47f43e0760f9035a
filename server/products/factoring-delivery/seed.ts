import { fileURLToPath } from 'node:url';
import { loadUser } from '../../auth/currentUser';
import type { Db } from '../../db/db';
import { ModelEngine, openModels, type Actor } from '../../models';
import type { EffectRegistry } from '../../models/effects';

const SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas', import.meta.url));
const WHITE = 'factoringDeliveryWhite';
const PLAN = 'factoringDeliveryPlan';
const ORDER = 'factoringDeliveryOrder';
const FINANCE = 'factoringDeliveryFinance';
/** Enterprises that use delivery factoring in the demo world. */
export const DELIVERY_CORPS = ['CORE001', 'SUP001', 'UNIT001', 'FIN001'] as const;

type Json = Record<string, unknown>;

const day = (offset: number): string =>
  new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);

/**
 * The delivery factoring demo, made through the models engine as the demo user of each step: supplier 1
 * white-listed (the project department pending, supplier 2 refused), supply plans, arrival confirmations
 * and finance applications in every state.
 */
export async function seedFactoringDelivery(db: Db, effects: EffectRegistry): Promise<void> {
  for (const corp of DELIVERY_CORPS)
    await db.query(
      "insert into corp_products (corp_id, product) values ($1, 'factoring-delivery') on conflict do nothing",
      [corp],
    );
  const models = await openModels(db, SCHEMAS_DIR, effects);
  if ((await db.query('select 1 from factoring_delivery_white limit 1')).rows.length) return;
  const engine = new ModelEngine({
    db,
    models,
    effects,
    now: () => new Date(),
    signatureVerifier: {
      verify() {
        throw new Error('the delivery factoring demo signs nothing with a UKEY');
      },
    },
  });
  const as = async (username: string, role: string): Promise<Actor> => {
    const r = await db.query<{ id: string }>('select id from users where username = $1', [username]);
    return { user: (await loadUser(db, r.rows[0]!.id))!, role, sessionIdHash: '' };
  };
  const step = async (actor: Actor, model: string, rec: Json, action: string, reason?: string) =>
    engine.act(actor, model, String(rec.id), action, { version: rec.version, ...(reason ? { reason } : {}) });

  const coreOp = await as('core_operator', 'ROLE_CORE_OPERATOR');
  const purchase = await as('core_purchase', 'ROLE_CORE_PURCHASE');
  const chainOp = await as('chain_operator', 'ROLE_CORP_OPERATOR');
  const chainDir = await as('chain_director', 'ROLE_CORP_DIRECTOR');
  const client = await as('fin_client_manager', 'ROLE_FIN_CLIENT_MANAGER');
  const product = await as('fin_product_manager', 'ROLE_FIN_PRODUCT_MANAGER');

  const white = (supplierCorpId: string, limitAmount: string) =>
    engine.create(coreOp, WHITE, {
      supplierCorpId,
      factorCorpId: 'FIN001',
      limitAmount,
      validUntil: day(365),
    });
  await step(client, WHITE, await white('SUP001', '5000000.00'), 'approve');
  await white('UNIT001', '2000000.00');
  await step(client, WHITE, await white('SUP002', '800000.00'), 'reject', '供应商经营年限不足');
  await white('SUP002', '600000.00'); // applied again, pending

  let n = 0;
  const plan = async (state: string, amount: string): Promise<Json> => {
    n += 1;
    const rec = await engine.create(coreOp, PLAN, {
      supplierCorpId: 'SUP001',
      projectName: '华建一局第三项目部（城东安置房项目）',
      goodsName: ['HRB400螺纹钢', '商品混凝土C30', '镀锌钢管', '预拌砂浆'][n % 4],
      quantity: `${100 + n * 15}吨`,
      planAmount: amount,
      deliveryDate: day(10 + n * 3),
    });
    if (state === 'SP0') return rec;
    if (state === 'SP9') return step(chainOp, PLAN, rec, 'refuse', '数量与合同不符');
    return step(chainOp, PLAN, rec, 'accept');
  };
  await plan('SP0', '680000.00');
  await plan('SP0', '215000.00');
  await plan('SP9', '90000.00');

  const order = async (state: string, amount: string): Promise<Json> => {
    const p = await plan('SP1', amount);
    const rec = await engine.create(chainOp, ORDER, {
      planId: p.id,
      deliveredAmount: amount,
      waybillNo: `YD2026${String(880000 + n * 17)}`,
      carrier: '顺达物流有限公司',
      arrivalDate: day(-(n % 5)),
    });
    if (state === 'CO0') return rec;
    if (state === 'CO9') return step(purchase, ORDER, rec, 'refuse', '到货数量不足');
    return step(purchase, ORDER, rec, 'confirmReceipt');
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

  const finance = async (state: string, amount: string, financeAmount: string): Promise<void> => {
    const o = await order('CO1', amount);
    let rec = await engine.create(chainOp, FINANCE, {
      orderId: o.id,
      financeAmount,
      monthlyRate: '0.0045',
      financeDays: 90,
      agreementRead: true,
    });
    if (state === 'DF0') return;
    if (state === 'DFX') {
      await step(chainDir, FINANCE, rec, 'withdraw', '融资金额有误');
      return;
    }
    rec = await step(chainDir, FINANCE, rec, 'submit');
    if (state === 'DF1') return;
    rec = await step(client, FINANCE, rec, 'approve');
    if (state === 'DF2') return;
    await step(product, FINANCE, rec, 'loan');
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
    ['DFX', '150000.00', '120000.00'],
  ] as const)
    await finance(state, amount, financeAmount);
}
