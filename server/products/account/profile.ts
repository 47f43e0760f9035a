import type { EnterpriseProfile, EnterpriseProfileKey } from '@contract/enterprise';
import type { Queryable } from '../../db/db';

/** The corps column of each master data field. */
export const PROFILE_COLUMNS: Readonly<Record<EnterpriseProfileKey, string>> = {
  enterpriseName: 'name',
  creditCode: 'credit_code',
  legalName: 'legal_name',
  legalIdCard: 'legal_id_card',
  registeredAddress: 'registered_address',
  contactName: 'contact_name',
  contactMobile: 'contact_mobile',
};

export const PROFILE_KEYS = Object.keys(PROFILE_COLUMNS) as EnterpriseProfileKey[];

/** An enterprise's master data (locked for the rest of the transaction when `forUpdate`). */
export async function readProfile(
  q: Queryable,
  corpId: string,
  forUpdate = false,
): Promise<EnterpriseProfile> {
  const columns = PROFILE_KEYS.map((k) => `${PROFILE_COLUMNS[k]} as "${k}"`).join(', ');
  const res = await q.query<Record<string, unknown>>(
    `select ${columns}, profile_version as "profileVersion" from corps where id = $1${forUpdate ? ' for update' : ''}`,
    [corpId],
  );
  const row = res.rows[0];
  if (!row) throw new Error(`enterprise ${corpId} not found`);
  const profile = { profileVersion: Number(row.profileVersion) } as EnterpriseProfile;
  for (const k of PROFILE_KEYS) profile[k] = typeof row[k] === 'string' ? row[k] : '';
  return profile;
}

/** Writes the new master data and counts one more change. */
export async function writeProfile(
  q: Queryable,
  corpId: string,
  values: Readonly<Record<EnterpriseProfileKey, string>>,
): Promise<void> {
  const sets = PROFILE_KEYS.map((k, i) => `${PROFILE_COLUMNS[k]} = $${i + 2}`).join(', ');
  await q.query(`update corps set ${sets}, profile_version = profile_version + 1 where id = $1`, [
    corpId,
    ...PROFILE_KEYS.map((k) => values[k] || null),
  ]);
}
