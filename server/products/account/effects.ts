import type { Queryable } from '../../db/db';
import type { Effect } from '../../models/effects';
import { enterpriseError } from './errors';
import { PROFILE_KEYS, readProfile, writeProfile } from './profile';
import { userEffects } from './users';

/** Model names of an enterprise's bank account and of a change of its master data. */
export const BANK_ACCOUNT = 'corpBankAccount';
export const INFO_CHANGE = 'corpInfoChange';

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
    other.data.isDefault = null;
    await c.records.save(BANK_ACCOUNT, other, { action: 'unsetDefault', from: other.state });
  }
  c.record.data.isDefault = true;
};

const beforeField = (key: string): string => `before${key[0]!.toUpperCase()}${key.slice(1)}`;

/** Refuses a 统一社会信用代码 another enterprise holds. */
async function refuseCreditCodeTaken(q: Queryable, corpId: string, creditCode: string): Promise<void> {
  const taken = await q.query('select 1 from corps where credit_code = $1 and id <> $2', [
    creditCode,
    corpId,
  ]);
  if (taken.rows.length) throw enterpriseError('CORP_CREDIT_CODE_TAKEN', { creditCode });
}

/**
 * 申请变更: one change waits at a time; the enterprise's current data is kept with it (调整前) and a field
 * left empty takes its current value, so the change holds the whole data after it (调整后).
 */
const propose: Effect = async (c) => {
  const d = c.record.data;
  const corpId = str(d.corpId);
  const profile = await readProfile(c.tx, corpId, true);
  const pending = (await c.records.find(INFO_CHANGE, { corpId }, { forUpdate: true })).find(
    (r) => r.state === 'CI1' && r.id !== c.record.id,
  );
  if (pending) throw enterpriseError('CORP_INFO_CHANGE_PENDING', { changeNo: str(pending.data.changeNo) });
  let changed = false;
  for (const key of PROFILE_KEYS) {
    d[beforeField(key)] = profile[key];
    const value = str(d[key]).trim();
    d[key] = value || profile[key];
    if (d[key] !== profile[key]) changed = true;
  }
  if (!changed) throw enterpriseError('CORP_INFO_UNCHANGED');
  await refuseCreditCodeTaken(c.tx, corpId, str(d.creditCode));
  d.baseVersion = profile.profileVersion;
};

/**
 * 审核通过: the enterprise takes the proposed data, in this transaction, only if nobody changed it since the
 * proposal (its version) and not by the person who proposed it.
 */
const apply: Effect = async (c) => {
  const d = c.record.data;
  const corpId = str(d.corpId);
  if (c.record.createdBy === c.user.id) throw enterpriseError('CORP_INFO_SELF_APPROVAL');
  const profile = await readProfile(c.tx, corpId, true);
  if (profile.profileVersion !== Number(d.baseVersion)) throw enterpriseError('CORP_INFO_STALE');
  await refuseCreditCodeTaken(c.tx, corpId, str(d.creditCode));
  await writeProfile(
    c.tx,
    corpId,
    Object.fromEntries(PROFILE_KEYS.map((k) => [k, str(d[k])])) as Record<
      (typeof PROFILE_KEYS)[number],
      string
    >,
  );
};

/** 停用: an account no longer in effect is no longer the default (the enterprise then has none). */
const clearDefault: Effect = async (c) => {
  c.record.data.isDefault = null;
};

/** The effects the account centre's enterprise models name. */
/**
 * A UKEY application's holder: a person of the applying enterprise, whose name the application keeps
 * (schemas/_models/ukeyApplication.json).
 */
const ukeyHolder: Effect = async (c) => {
  const d = c.record.data;
  const holder = await c.tx.query<{ name: string }>(
    'select person_name as name from users where id = $1 and corp_id = $2',
    [str(d.holderUserId), str(d.corpId)],
  );
  const name = holder.rows[0]?.name;
  if (name === undefined) throw enterpriseError('UKEY_HOLDER_UNKNOWN');
  d.holderName = name;
};

export const accountEffects: ReadonlyArray<Readonly<Record<string, Effect>>> = [
  {
    'bankAccount.setDefault': setDefault,
    'bankAccount.clearDefault': clearDefault,
    'corpInfo.propose': propose,
    'corpInfo.apply': apply,
    'ukey.holder': ukeyHolder,
  },
  userEffects,
];
