import { addMoney, compareMoney, formatAmount, subMoney } from '@renderer/core/format';
import { creditError } from '../errors';
import type { BizRecord } from '@server/models/types';
import type { EffectContext } from '@server/models/effects/effectRegistry';

export const VOUCHER = 'creditVoucher';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Locks a voucher the user's enterprise holds and may still use (state ISD, not past its actual due date).
 * @throws VOUCHER_NOT_USABLE, VOUCHER_EXPIRED
 */
export async function lockHeldVoucher(c: EffectContext, id: unknown): Promise<BizRecord> {
  const voucher = await c.records.lock(VOUCHER, str(id));
  const voucherNo = str(voucher.data.voucherNo);
  if (voucher.data.holderCorpId !== c.user.corpId || voucher.state !== 'ISD')
    throw creditError('VOUCHER_NOT_USABLE', { voucherNo });
  if (str(voucher.data.actualDueDate) <= c.today) throw creditError('VOUCHER_EXPIRED', { voucherNo });
  return voucher;
}

/** Moves `amount` from the voucher's available amount to its frozen amount (refused when it exceeds it). */
export function reserve(voucher: BizRecord, amount: string, title: string): void {
  const available = str(voucher.data.availableAmount);
  if (compareMoney(amount, available) > 0)
    throw creditError('AMOUNT_EXCEEDS_AVAILABLE', { title, available: formatAmount(available) });
  voucher.data.availableAmount = subMoney(available, amount);
  voucher.data.frozenAmount = addMoney(str(voucher.data.frozenAmount) || '0', amount);
}

/** Gives a reserved amount back to the available amount. */
export function unreserve(voucher: BizRecord, amount: string): void {
  consume(voucher, amount);
  voucher.data.availableAmount = addMoney(str(voucher.data.availableAmount), amount);
}

/** Drops a reserved amount for good (it left with a child voucher). */
export function consume(voucher: BizRecord, amount: string): void {
  const frozen = subMoney(str(voucher.data.frozenAmount) || '0', amount);
  if (compareMoney(frozen, '0') < 0)
    throw new Error(`voucher ${voucher.id}: frozen amount would go negative`);
  voucher.data.frozenAmount = frozen;
}

/**
 * The fields of the root voucher an accepted issue application creates for its supplier (`today`:
 * the acceptance day). The seed builds its vouchers with the same function.
 */
export function rootVoucher(issue: BizRecord, today: string): Record<string, unknown> {
  const d = issue.data;
  return {
    issueId: issue.id,
    issuerCorpId: d.issuerCorpId,
    firstHolderCorpId: d.supplierCorpId,
    holderCorpId: d.supplierCorpId,
    amount: d.amount,
    availableAmount: d.amount,
    frozenAmount: '0.00',
    issueDate: today,
    acceptDate: today,
    dueDate: d.dueDate,
    actualDueDate: d.actualDueDate,
    statementNo: String(d.statementNos ?? '').slice(0, 200),
    contractNo: d.contractNo,
    limitSource: d.limitSource,
    remark: d.remark,
  };
}

/**
 * The fields of a child voucher of `parent` accepted on `today`: same issuer and dates, in the tree
 * under parent and root.
 */
export function childVoucher(
  parent: BizRecord,
  today: string,
  holder: string,
  amount: string,
): Record<string, unknown> {
  const p = parent.data;
  return {
    rootId: p.rootId ?? parent.id,
    rootNo: p.rootNo ?? p.voucherNo,
    parentId: parent.id,
    parentNo: p.voucherNo,
    issueId: null,
    issuerCorpId: p.issuerCorpId,
    firstHolderCorpId: holder,
    holderCorpId: holder,
    transferorCorpId: p.holderCorpId,
    amount,
    availableAmount: amount,
    frozenAmount: '0.00',
    issueDate: p.issueDate,
    acceptDate: today,
    dueDate: p.dueDate,
    actualDueDate: p.actualDueDate,
    statementNo: p.statementNo,
    contractNo: p.contractNo,
    limitSource: p.limitSource,
  };
}
