import { compareMoney, formatAmount, sumMoney } from '@renderer/core/format';
import { ApiError } from '@server/errors';
import { creditError } from '../errors';
import type { Effect, EffectContext } from '@server/models/effects/effectRegistry';
import {
  childVoucher,
  consume,
  lockHeldVoucher,
  reserve,
  rootVoucher,
  unreserve,
  VOUCHER,
} from './voucherHelpers';

type Statement = { statementNo: string; statementAmount: string; billAmount: string };
type Line = {
  receiverCorpId: string;
  receiverName?: string;
  amount: string;
  lineStatus?: string;
  childVoucherId?: string;
  childVoucherNo?: string;
};

const DONE = new Set(['TRD', 'TRX']);

function lines(c: EffectContext): Line[] {
  return (c.record.data.lines as Line[] | null) ?? [];
}

/** The user's lines still waiting for a decision. @throws ACTION_STATE_INVALID when there are none. */
function myPendingLines(c: EffectContext): Line[] {
  const mine = lines(c).filter((l) => l.receiverCorpId === c.user.corpId && !DONE.has(l.lineStatus ?? ''));
  if (mine.length === 0)
    throw new ApiError('ACTION_STATE_INVALID', { state: '已处理', action: c.transition?.title ?? '' });
  return mine;
}

/** Where a transfer stands once the user's lines are decided: still TR1 while another receiver is pending. */
function settleOutcome(c: EffectContext): void {
  const all = lines(c);
  c.record.data.pendingReceiverCorpIds = [
    ...new Set(all.filter((l) => !DONE.has(l.lineStatus ?? '')).map((l) => l.receiverCorpId)),
  ];
  if (all.some((l) => !DONE.has(l.lineStatus ?? ''))) c.outcome('TR1');
  else if (c.transition?.to !== 'TRD' && all.some((l) => l.lineStatus === 'TRD')) c.outcome('TRD');
}

/** Issue application, transfer and split: checks, reservations and the vouchers they create. */
export const issueTransferEffects: Record<string, Effect> = {
  /**
   * Issue apply/update (the due date's window is the model's `dayWindow`): the bill amounts of the
   * statements add up exactly to the voucher amount and none exceeds its statement; the actual due date
   * is the due date rolled past R_156 holidays.
   */
  async 'issue.check'(c) {
    const d = c.record.data;
    const due = String(d.dueDate);
    const statements = (d.statements as Statement[] | null) ?? [];
    for (const s of statements) {
      if (compareMoney(s.billAmount, s.statementAmount) > 0) {
        throw new ApiError('RECORD_INVALID', {
          message: `对账单${s.statementNo}的开单金额不能大于对账单金额`,
        });
      }
    }
    const sum = sumMoney(statements.map((s) => s.billAmount));
    if (compareMoney(sum, String(d.amount)) !== 0) {
      throw creditError('AMOUNT_MISMATCH', {
        title: '开单金额',
        sum: formatAmount(sum),
        target: '凭证金额',
        amount: formatAmount(String(d.amount)),
      });
    }
    d.statementNos = statements.map((s) => s.statementNo).join(',');
    d.actualDueDate = await c.records.nextWorkingDay(due);
    if (c.phase === 'create') d.applyDate = c.today;
  },

  /** Supplier accepted: the root voucher is created for it. */
  async 'issue.createVoucher'(c) {
    const d = c.record.data;
    const voucher = await c.records.prepare(VOUCHER, rootVoucher(c.record, c.today), 'ISD');
    voucher.data.rootId = voucher.id;
    voucher.data.rootNo = voucher.data.voucherNo;
    await c.records.write(VOUCHER, voucher);
    d.voucherId = voucher.id;
    d.voucherNo = voucher.data.voucherNo;
  },

  /**
   * Transfer apply: the source voucher is held by the applicant and usable, no receiver is the applicant,
   * and the lines' total (exact) is reserved on the voucher until the receivers decide.
   */
  async 'transfer.prepare'(c) {
    const d = c.record.data;
    const voucher = await lockHeldVoucher(c, d.sourceVoucherId);
    const all = lines(c);
    if (all.some((l) => l.receiverCorpId === c.user.corpId)) throw creditError('TRANSFER_SELF');
    const total = sumMoney(all.map((l) => l.amount));
    reserve(voucher, total, '转让金额合计');
    await c.records.save(VOUCHER, voucher);
    for (const l of all) l.lineStatus = 'TR0';
    d.totalAmount = total;
    d.receiverCorpIds = [...new Set(all.map((l) => l.receiverCorpId))];
    // Who may still accept or refuse (the transitions' party); receiverCorpIds keeps them all visible.
    d.pendingReceiverCorpIds = d.receiverCorpIds;
    d.receiverNames = [...new Set(all.map((l) => l.receiverName ?? ''))].join('、');
    d.sourceVoucherNo = voucher.data.voucherNo;
    d.issuerName = voucher.data.issuerName;
    d.dueDate = voucher.data.actualDueDate;
    d.applyDate = c.today;
  },

  /** Director approved: every line now waits for its receiver. */
  async 'transfer.approveLines'(c) {
    for (const l of lines(c)) l.lineStatus = 'TR1';
  },

  /** Director refused: the whole reservation goes back to the voucher. */
  async 'transfer.release'(c) {
    const voucher = await c.records.lock(VOUCHER, String(c.record.data.sourceVoucherId));
    unreserve(voucher, String(c.record.data.totalAmount));
    await c.records.save(VOUCHER, voucher);
    for (const l of lines(c)) l.lineStatus = 'TRX';
    c.record.data.pendingReceiverCorpIds = [];
  },

  /** A receiver accepts its lines: one child voucher per line; the parent's reservation is consumed exactly. */
  async 'transfer.accept'(c) {
    const mine = myPendingLines(c);
    const parent = await c.records.lock(VOUCHER, String(c.record.data.sourceVoucherId));
    for (const line of mine) {
      const child = await c.records.insert(
        VOUCHER,
        { ...childVoucher(parent, c.today, line.receiverCorpId, line.amount), transferId: c.record.id },
        { state: 'ISD', action: 'transferIn' },
      );
      line.lineStatus = 'TRD';
      line.childVoucherId = child.id;
      line.childVoucherNo = String(child.data.voucherNo);
    }
    consume(parent, sumMoney(mine.map((l) => l.amount)));
    await c.records.save(VOUCHER, parent);
    settleOutcome(c);
  },

  /** A receiver refuses its lines: their amount goes back to the parent's available amount. */
  async 'transfer.refuse'(c) {
    const mine = myPendingLines(c);
    const parent = await c.records.lock(VOUCHER, String(c.record.data.sourceVoucherId));
    unreserve(parent, sumMoney(mine.map((l) => l.amount)));
    await c.records.save(VOUCHER, parent);
    for (const line of mine) line.lineStatus = 'TRX';
    settleOutcome(c);
  },
};
