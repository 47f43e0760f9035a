import { compareMoney, formatAmount, fromCents, subMoney, toCents } from '@renderer/core/format';
import type { Effect, EffectContext } from '@server/models/effects';
import type { BizRecord } from '@server/models/types';
import { financeInterest } from '@server/finance/interest';
import { deliveryError } from './errors';

const WHITE = 'factoringDeliveryWhite';
const PLAN = 'factoringDeliveryPlan';
const ORDER = 'factoringDeliveryOrder';
const AGREEMENT = 'factoringDeliveryAgreement';
/** Arrivals whose 应付账款确认材料 the core may still file or remove: not yet financed. */
const DOCUMENT_ORDER_STATES = new Set(['CO0', 'CO1']);
/** The agreements a white-listed supplier signs before applying, by kind (their texts: the page fragment). */
export const DELIVERY_AGREEMENTS = {
  TRIPARTITE: '《到货保理三方协议》',
  SUPPLEMENTAL: '《到货保理补充协议》',
} as const;
type AgreementKind = keyof typeof DELIVERY_AGREEMENTS;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The effective white-list entry of a supplier with a core (and a factor, when given), or null. */
async function activeWhite(c: EffectContext, core: string, supplier: string): Promise<BizRecord | null> {
  const list = await c.records.find(WHITE, { coreCorpId: core, supplierCorpId: supplier });
  return list.find((w) => w.state === 'WL1' && str(w.data.validUntil) >= c.today) ?? null;
}

async function corpName(c: EffectContext, id: string): Promise<string> {
  const r = await c.tx.query<{ name: string }>('select name from corps where id = $1', [id]);
  return r.rows[0]?.name ?? id;
}

async function notWhitelisted(c: EffectContext, core: string, supplier: string): Promise<never> {
  throw deliveryError('DELIVERY_NOT_WHITELISTED', {
    supplier: await corpName(c, supplier),
    core: await corpName(c, core),
  });
}

/** The order of a finance application, locked, moved from `from` to `to` with an audit entry. */
async function moveOrder(c: EffectContext, from: string, to: string, action: string): Promise<void> {
  const order = await c.records.lock(ORDER, str(c.record.data.orderId));
  if (order.state !== from) return;
  order.state = to;
  if (to === 'CO3') order.data.financeNo = c.record.data.financeNo;
  await c.records.save(ORDER, order, { action, from });
}

/** Delivery factoring (到货保理): white list, supply plans, arrival confirmations, finance. */
export const factoringDeliveryEffects: Record<string, Effect> = {
  /**
   * 应付账款确认材料 of an arrival: the core's own arrival, not yet financed; on create the document takes
   * the arrival's number and supplier and the factor of the supplier's white-list entry at the core (the
   * effective one, else any), so that supplier and factor see it.
   */
  async 'deliveryDocument.ofOrder'(c) {
    const d = c.record.data;
    const order = await c.records.lock(ORDER, str(d.orderId));
    const no = str(order.data.orderNo);
    if (order.data.coreCorpId !== d.uploaderCorpId) throw deliveryError('DELIVERY_ORDER_NOT_OURS', { no });
    if (!DOCUMENT_ORDER_STATES.has(order.state)) throw deliveryError('DELIVERY_DOCUMENTS_CLOSED', { no });
    if (c.phase !== 'create') return;
    const supplier = str(order.data.supplierCorpId);
    const whites = await c.records.find(WHITE, { coreCorpId: d.uploaderCorpId, supplierCorpId: supplier });
    const white = whites.find((w) => w.state === 'WL1') ?? whites[0];
    Object.assign(d, {
      orderNo: no,
      supplierCorpId: supplier,
      factorCorpId: white ? str(white.data.factorCorpId) : null,
      uploaderName: c.user.personName,
    });
  },

  /** A supplier is listed once per core (pending or effective). */
  async 'deliveryWhite.check'(c) {
    const d = c.record.data;
    d.applyDate = c.today;
    const same = await c.records.find(WHITE, { coreCorpId: c.user.corpId, supplierCorpId: d.supplierCorpId });
    if (same.some((w) => w.id !== c.record.id && (w.state === 'WL0' || w.state === 'WL1')))
      throw deliveryError('DELIVERY_WHITE_DUPLICATE', { supplier: await corpName(c, str(d.supplierCorpId)) });
  },

  /** Approved: the supplier gets its tripartite and supplemental agreements to sign (AG0 待供应商签署). */
  async 'deliveryWhite.agreements'(c) {
    const d = c.record.data;
    for (const kind of Object.keys(DELIVERY_AGREEMENTS))
      await c.records.insert(AGREEMENT, {
        kind,
        whiteId: c.record.id,
        whiteNo: d.whiteNo,
        coreCorpId: d.coreCorpId,
        supplierCorpId: d.supplierCorpId,
        factorCorpId: d.factorCorpId,
        limitAmount: d.limitAmount,
        validUntil: d.validUntil,
        agreementRead: false,
      });
  },

  /**
   * The supplier's director signs an agreement it has read to the end (agreementRead, saved by the sign
   * page) first; a tripartite agreement then waits for the core (AG2), a supplemental one for the factor.
   */
  async 'deliveryAgreement.sign'(c) {
    const d = c.record.data;
    if (d.agreementRead !== true)
      throw deliveryError('DELIVERY_AGREEMENT_NOT_READ', {
        title: DELIVERY_AGREEMENTS[str(d.kind) as AgreementKind],
      });
    d.signerName = c.user.personName;
    if (d.kind !== 'TRIPARTITE') c.outcome('AG3');
  },

  /** The core's director signs the tripartite agreement after the supplier (then the factor signs). */
  async 'deliveryAgreement.coreSign'(c) {
    c.record.data.coreSignerName = c.user.personName;
  },

  /** The factor's product manager signs last: the agreement is effective (AG1). */
  async 'deliveryAgreement.factorSign'(c) {
    c.record.data.factorSignerName = c.user.personName;
  },

  /** Supply plans go only to white-listed suppliers. */
  async 'deliveryPlan.check'(c) {
    const d = c.record.data;
    d.applyDate = c.today;
    if (!(await activeWhite(c, c.user.corpId, str(d.supplierCorpId))))
      await notWhitelisted(c, c.user.corpId, str(d.supplierCorpId));
  },

  /** An arrival under the supplier's plan in execution, at most the plan's amount. */
  async 'deliveryOrder.prepare'(c) {
    const d = c.record.data;
    const plan = await c.records.lock(PLAN, str(d.planId));
    if (plan.state !== 'SP1' || plan.data.supplierCorpId !== c.user.corpId)
      throw deliveryError('DELIVERY_PLAN_NOT_ACTIVE', { no: str(plan.data.planNo) });
    if (compareMoney(str(d.deliveredAmount), str(plan.data.planAmount)) > 0)
      throw deliveryError('DELIVERY_ORDER_EXCEEDS_PLAN', { amount: formatAmount(str(plan.data.planAmount)) });
    Object.assign(d, {
      planNo: plan.data.planNo,
      coreCorpId: plan.data.coreCorpId,
      projectName: plan.data.projectName,
      goodsName: plan.data.goodsName,
      applyDate: c.today,
    });
  },

  /**
   * Finance on a received arrival (CO1) of the applicant, white-listed now with both agreements of its
   * white-list entry effective (signed by every party), the tripartite agreement read;
   * at most the delivered amount and the white-list limit. The order goes to CO2 融资中.
   */
  async 'deliveryFinance.prepare'(c) {
    const d = c.record.data;
    if (d.agreementRead !== true) throw deliveryError('DELIVERY_AGREEMENT_UNREAD');
    const order = await c.records.lock(ORDER, str(d.orderId));
    if (order.state !== 'CO1' || order.data.supplierCorpId !== c.user.corpId)
      throw deliveryError('DELIVERY_ORDER_NOT_FINANCEABLE', { no: str(order.data.orderNo) });
    const core = str(order.data.coreCorpId);
    const white = await activeWhite(c, core, c.user.corpId);
    if (!white) return notWhitelisted(c, core, c.user.corpId);
    const agreements = await c.records.find(AGREEMENT, { whiteId: white.id });
    for (const kind of Object.keys(DELIVERY_AGREEMENTS) as AgreementKind[]) {
      const a = agreements.find((x) => x.data.kind === kind);
      if (a?.state === 'AG1') continue;
      const title = DELIVERY_AGREEMENTS[kind];
      if (a?.state === 'AG2' || a?.state === 'AG3')
        throw deliveryError('DELIVERY_AGREEMENT_NOT_EFFECTIVE', {
          title,
          party: str(a.state === 'AG2' ? a.data.coreName : a.data.factorName),
        });
      throw deliveryError('DELIVERY_AGREEMENT_UNSIGNED', {
        supplier: await corpName(c, c.user.corpId),
        title,
      });
    }
    const amount = str(d.financeAmount);
    if (compareMoney(amount, str(order.data.deliveredAmount)) > 0)
      throw deliveryError('DELIVERY_FINANCE_EXCEEDS', {
        title: '到货金额',
        amount: formatAmount(str(order.data.deliveredAmount)),
      });
    if (compareMoney(amount, str(white.data.limitAmount)) > 0)
      throw deliveryError('DELIVERY_FINANCE_EXCEEDS', {
        title: '白名单融资额度',
        amount: formatAmount(str(white.data.limitAmount)),
      });
    Object.assign(d, {
      orderNo: order.data.orderNo,
      waybillNo: order.data.waybillNo,
      goodsName: order.data.goodsName,
      deliveredAmount: order.data.deliveredAmount,
      coreCorpId: core,
      factorCorpId: white.data.factorCorpId,
      applyDate: c.today,
    });
    d.interest = financeInterest(amount, str(d.monthlyRate), Number(d.financeDays));
    // 利息前置: the interest is deducted when lending, the finance amount is what comes back.
    d.loanAmount = subMoney(amount, str(d.interest));
    d.repayAmount = fromCents(toCents(amount));
    order.state = 'CO2';
    await c.records.save(ORDER, order, { action: 'finance', from: 'CO1' });
  },

  async 'deliveryFinance.release'(c) {
    await moveOrder(c, 'CO2', 'CO1', 'financeReturned');
  },

  async 'deliveryFinance.contract'(c) {
    c.record.data.contractNo = `DHHT${str(c.record.data.financeNo).slice(2)}`;
  },

  async 'deliveryFinance.loan'(c) {
    await moveOrder(c, 'CO2', 'CO3', 'loan');
  },

  /** 回款 registered: the loan is closed and its arrival settled (已结清). */
  async 'deliveryFinance.repay'(c) {
    await moveOrder(c, 'CO3', 'CO4', 'repay');
  },
};
