import { compareMoney, formatAmount, fromCents, mulRate, toCents } from '@renderer/core/format';
import { ApiError } from '@server/errors';
import { financeInterest } from '@server/finance/interest';
import { creditError } from '../errors';
import { daysBetween } from '@server/models/recordWriter';
import type { Effect, EffectContext } from '@server/models/effects/effectRegistry';
import { limitAvailable } from './limitEffects';
import { childVoucher, consume, lockHeldVoucher, reserve, unreserve, VOUCHER } from './voucherHelpers';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

async function voucherOfFinance(c: EffectContext) {
  return c.records.lock(VOUCHER, str(c.record.data.voucherId));
}

/** Finance application and cash (兑付) at maturity. */
export const financeCashEffects: Record<string, Effect> = {
  /**
   * Finance apply/update/submit: the voucher is held and usable, the amount does not exceed its available
   * amount, ratio and rate are positive; term (days to the actual due date), loan amount and expected
   * interest are computed exactly on the server.
   */
  async 'finance.prepare'(c) {
    const d = c.record.data;
    const voucher = await lockHeldVoucher(c, d.voucherId);
    const amount = str(d.financeAmount);
    // Once submitted (FI1 and later) the amount is already reserved, so only drafts are compared here.
    if (c.phase !== 'transition' && compareMoney(amount, str(voucher.data.availableAmount)) > 0) {
      throw creditError('AMOUNT_EXCEEDS_AVAILABLE', {
        title: '融资金额',
        available: formatAmount(str(voucher.data.availableAmount)),
      });
    }
    if (compareMoney(str(d.financeRatio), '0') <= 0)
      throw new ApiError('RECORD_INVALID', { message: '融资比例须大于0' });
    if (compareMoney(str(d.monthlyRate), '0') <= 0)
      throw new ApiError('RECORD_INVALID', { message: '月利率须大于0' });
    const dueDate = str(voucher.data.actualDueDate);
    const days = daysBetween(c.today, dueDate);
    d.voucherNo = voucher.data.voucherNo;
    d.voucherAmount = voucher.data.amount;
    d.issuerCorpId = voucher.data.issuerCorpId;
    d.dueDate = dueDate;
    d.financeDays = days;
    d.loanAmount = mulRate(amount, str(d.financeRatio), 2);
    d.expectedInterest = financeInterest(str(d.loanAmount), str(d.monthlyRate), days);
    if (c.phase === 'create') d.applyDate = c.today;
  },

  /** Submitted: the finance amount is reserved on the voucher. */
  async 'finance.reserve'(c) {
    const voucher = await lockHeldVoucher(c, c.record.data.voucherId);
    reserve(voucher, str(c.record.data.financeAmount), '融资金额');
    await c.records.save(VOUCHER, voucher);
  },

  /** Rejected back to the draft: the reservation is given back. */
  async 'finance.unreserve'(c) {
    const voucher = await voucherOfFinance(c);
    unreserve(voucher, str(c.record.data.financeAmount));
    await c.records.save(VOUCHER, voucher);
  },

  /** Loan confirmed: the financed part becomes a child voucher held by the finance institution. */
  async 'finance.settle'(c) {
    const d = c.record.data;
    const parent = await voucherOfFinance(c);
    const amount = str(d.financeAmount);
    const child = await c.records.insert(
      VOUCHER,
      { ...childVoucher(parent, c.today, str(d.finCorpId), amount), financeId: c.record.id },
      { state: 'FID', action: 'financeIn' },
    );
    consume(parent, amount);
    await c.records.save(VOUCHER, parent);
    d.childVoucherId = child.id;
  },

  /**
   * Cash apply: the issuer pays a matured voucher it issued, which has an available amount and nothing
   * in progress, once; the voucher waits for payment (RD0).
   */
  async 'cash.prepare'(c) {
    const d = c.record.data;
    const voucher = await c.records.lock(VOUCHER, str(d.voucherId));
    const voucherNo = str(voucher.data.voucherNo);
    const usable =
      ['ISD', 'FID', 'RD9'].includes(voucher.state) &&
      compareMoney(str(voucher.data.availableAmount), '0') > 0;
    if (voucher.data.issuerCorpId !== c.user.corpId || !usable)
      throw creditError('VOUCHER_NOT_USABLE', { voucherNo });
    if (compareMoney(str(voucher.data.frozenAmount) || '0', '0') > 0)
      throw creditError('VOUCHER_BUSY', { voucherNo });
    const due = str(voucher.data.actualDueDate);
    if (due > c.today) throw creditError('VOUCHER_NOT_MATURED', { voucherNo, date: due });
    const open = await c.records.find('creditCash', { voucherId: voucher.id });
    if (open.some((x) => x.id !== c.record.id && x.state !== 'RDD'))
      throw creditError('CASH_DUPLICATE', { voucherNo });
    d.voucherNo = voucherNo;
    d.holderCorpId = voucher.data.holderCorpId;
    d.cashAmount = voucher.data.availableAmount;
    d.dueDate = due;
    const from = voucher.state;
    voucher.state = 'RD0';
    await c.records.save(VOUCHER, voucher, { action: 'cashApply', from });
  },

  /** The voucher follows its cash application (args.state). */
  async 'cash.voucherState'(c) {
    const voucher = await c.records.lock(VOUCHER, str(c.record.data.voucherId));
    const from = voucher.state;
    voucher.state = String(c.args.state);
    await c.records.save(VOUCHER, voucher, { action: c.transition?.action ?? 'cash', from });
  },

  /** Paid: the voucher is settled (nothing left available) and the issuer's used limit is restored. */
  async 'cash.settle'(c) {
    const d = c.record.data;
    const voucher = await c.records.lock(VOUCHER, str(d.voucherId));
    const from = voucher.state;
    voucher.state = 'RDD';
    voucher.data.availableAmount = '0.00';
    await c.records.save(VOUCHER, voucher, { action: 'cash', from });
    const limits = await c.records.find(
      'creditLimit',
      { corpId: d.issuerCorpId, product: 'credit' },
      { forUpdate: true },
    );
    const limit = limits.find((l) => l.state !== 'LM3');
    if (!limit) return;
    const amount = str(d.cashAmount);
    const used = str(limit.data.used);
    // A voucher financed or transferred before this engine existed may exceed what the limit recorded.
    limit.data.used = compareMoney(used, amount) >= 0 ? fromCents(toCents(used) - toCents(amount)) : '0.00';
    limit.data.available = limitAvailable(limit.data);
    await c.records.save('creditLimit', limit);
  },
};
