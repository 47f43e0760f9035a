import { addMoney, compareMoney, formatAmount, fromCents, subMoney, toCents } from '@renderer/core/format';
import type { Effect, EffectContext } from '@server/models/effects';
import { daysBetween } from '@server/models/recordWriter';
import type { BizRecord } from '@server/models/types';
import { financeInterest } from '@server/finance/interest';
import { reverseError } from './errors';

const PAYABLE = 'factoringReversePayable';
const DOCUMENT = 'factoringReverseDocument';
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The payable of a finance application, locked; it goes from `from` to `to` with an audit entry. */
async function movePayable(c: EffectContext, from: string, to: string, action: string): Promise<BizRecord> {
  const payable = await c.records.lock(PAYABLE, str(c.record.data.payableId));
  if (payable.state !== from) return payable;
  payable.state = to;
  if (to === 'RPD') payable.data.financeNo = c.record.data.financeNo;
  await c.records.save(PAYABLE, payable, { action, from });
  return payable;
}

/** States of a payable in which the core may still file or remove its 确权材料 (before the supplier signs). */
const DOCUMENT_STATES = new Set(['RP0', 'RP1', 'RP2']);

/** Reverse factoring (反向保理): payables the core confirms, finance on them. */
export const factoringReverseEffects: Record<string, Effect> = {
  /**
   * 确权材料 belong to a payable of the uploading core that the supplier has not signed yet; the payable's
   * supplier and factor see them.
   */
  async 'reverseDocument.ofPayable'(c) {
    const d = c.record.data;
    const payable = await c.records.lock(PAYABLE, str(d.payableId));
    const no = str(payable.data.payableNo);
    if (payable.data.coreCorpId !== d.uploaderCorpId) throw reverseError('REVERSE_PAYABLE_NOT_OURS', { no });
    if (!DOCUMENT_STATES.has(payable.state)) throw reverseError('REVERSE_DOCUMENTS_CLOSED', { no });
    if (c.phase !== 'create') return;
    Object.assign(d, {
      payableNo: no,
      supplierCorpId: payable.data.supplierCorpId,
      factorCorpId: payable.data.factorCorpId,
      uploaderName: c.user.personName,
    });
  },

  /**
   * The core director confirms a payable only with its 确权函 filed (a document of category confirmation
   * with its file, not removed): what the supplier signs and the factor finances rests on it.
   */
  async 'reversePayable.documents'(c) {
    const filed = await c.records.find(DOCUMENT, { payableId: c.record.id, category: 'confirmation' });
    if (!filed.some((d) => d.state === 'RD0' && str(d.data.fileId)))
      throw reverseError('REVERSE_DOCUMENTS_MISSING', { no: str(c.record.data.payableNo) });
  },

  async 'reversePayable.prepare'(c) {
    if (c.phase === 'create') c.record.data.applyDate = c.today;
  },

  /**
   * A finance application: the payable must be the applicant's, signed (RP3) and not matured; the amount
   * at most the payable's. Copies the payable's parties, computes days, interest and the loan (利息前置
   * deducts the interest), and puts the payable in RP4 融资中.
   */
  async 'reverseFinance.prepare'(c) {
    const d = c.record.data;
    const payable = await c.records.lock(PAYABLE, str(d.payableId));
    const no = str(payable.data.payableNo);
    if (payable.state !== 'RP3' || payable.data.supplierCorpId !== c.user.corpId)
      throw reverseError('REVERSE_PAYABLE_NOT_FINANCEABLE', { no });
    const days = daysBetween(c.today, str(payable.data.dueDate));
    if (days <= 0) throw reverseError('REVERSE_PAYABLE_MATURED', { no });
    if (compareMoney(str(d.financeAmount), str(payable.data.amount)) > 0)
      throw reverseError('REVERSE_FINANCE_EXCEEDS', { amount: formatAmount(str(payable.data.amount)) });
    Object.assign(d, {
      payableNo: no,
      payableAmount: payable.data.amount,
      dueDate: payable.data.dueDate,
      coreCorpId: payable.data.coreCorpId,
      coreName: payable.data.coreName,
      factorCorpId: payable.data.factorCorpId,
      factorName: payable.data.factorName,
      financeDays: days,
      applyDate: c.today,
    });
    d.interest = financeInterest(str(d.financeAmount), str(d.monthlyRate), days);
    const pre = d.interestMode === 'PRE';
    d.loanAmount = pre ? subMoney(str(d.financeAmount), str(d.interest)) : d.financeAmount;
    d.repayAmount = pre
      ? fromCents(toCents(str(d.financeAmount)))
      : addMoney(str(d.financeAmount), str(d.interest));
    payable.state = 'RP4';
    await c.records.save(PAYABLE, payable, { action: 'finance', from: 'RP3' });
  },

  /** Returned: the payable can be financed again. */
  async 'reverseFinance.release'(c) {
    await movePayable(c, 'RP4', 'RP3', 'financeReturned');
  },

  /** The factor approves: the factoring contract (国内商业保理合同) gets its number. */
  async 'reverseFinance.contract'(c) {
    c.record.data.contractNo = `BLHT${str(c.record.data.financeNo).slice(2)}`;
  },

  /** Lent: the payable is financed. */
  async 'reverseFinance.loan'(c) {
    await movePayable(c, 'RP4', 'RPD', 'loan');
  },

  /** 回款 registered: the loan is closed and its payable settled (已结清). */
  async 'reverseFinance.repay'(c) {
    await movePayable(c, 'RPD', 'RPC', 'repay');
  },
};
