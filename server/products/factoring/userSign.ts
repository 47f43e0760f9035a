import { PROTOCOLS_API, type SignedAgreement } from '@contract/registration';
import type { Db } from '../../db/db';
import { fragmentAgreement } from '../../documents/agreementText';

/**
 * 用户签约: the factoring products' service agreement an enterprise's director signs with the UKEY before
 * its standard or joint factoring applications are accepted (model factoringUserSign). Its text is the
 * page fragment the sign page shows; here are its code and version in the protocol list (协议管理).
 */
export const USER_SIGN = 'factoringUserSign';
export const USER_AGREEMENT = { code: 'FACTORING_USER_SIGN', version: '2026.1' } as const;

const TEXT = new URL('../../../schemas/_fragments/factoring-user-sign.json', import.meta.url);

/** The agreement's title (《…》) and text. */
export function userAgreementText(): { title: string; content: string } {
  const found = fragmentAgreement(TEXT, 'agreement');
  if (!found) throw new Error('schemas/_fragments/factoring-user-sign.json has no agreement field');
  return found;
}

/** The enterprise's signed service agreement, as the protocol list shows it (none before it signs). */
export async function signedUserAgreements(db: Db, corpId: string): Promise<SignedAgreement[]> {
  const r = await db.query<{ agreement_version: string | null; updated_at: Date | string }>(
    `select agreement_version, updated_at from factoring_user_sign where corp_id = $1 and state = 'US1'
      order by updated_at desc limit 1`,
    [corpId],
  );
  const row = r.rows[0];
  if (!row) return [];
  const { title, content } = userAgreementText();
  return [
    {
      code: USER_AGREEMENT.code,
      title,
      version: row.agreement_version ?? USER_AGREEMENT.version,
      signedAt: new Date(row.updated_at).toISOString(),
      pdf: `${PROTOCOLS_API}/${USER_AGREEMENT.code}`,
      product: 'factoring-forward',
      paragraphs: content.split('\n').filter((line) => line.trim() !== ''),
    },
  ];
}
