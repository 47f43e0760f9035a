import type { Effect } from '../../models/effects';
import { enterpriseError } from './errors';

/** Model name of an enterprise's bank account. */
export const BANK_ACCOUNT = 'corpBankAccount';

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * 设为默认: this account in effect becomes the enterprise's only default one. The enterprise's accounts are
 * locked and the former default cleared in the same transaction, so there is never a second default.
 */
const setDefault: Effect = async (c) => {
  if (c.before?.data.isDefault === true)
    throw enterpriseError('BANK_ACCOUNT_ALREADY_DEFAULT', { accountNo: str(c.record.data.accountNo) });
  const accounts = await c.records.find(BANK_ACCOUNT, { corpId: c.record.data.corpId }, { forUpdate: true });
  for (const other of accounts) {
    if (other.id === c.record.id || other.data.isDefault !== true) continue;
    other.data.isDefault = false;
    await c.records.save(BANK_ACCOUNT, other, { action: 'unsetDefault', from: other.state });
  }
  c.record.data.isDefault = true;
};

/** The effects the account centre's enterprise models name. */
export const accountEffects: ReadonlyArray<Readonly<Record<string, Effect>>> = [
  { 'bankAccount.setDefault': setDefault },
];
