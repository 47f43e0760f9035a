import type { Db } from '../db/db';
import { demoKeyPair, DEMO_UKEYS } from '../ukey/demoKeys';
import { UKEY_ISSUERS } from '../ukey/rules';
import { issueCertificate, loadTestCas, ukeySubject } from '../ukey/testCa';
import { insertBinding } from '../ukey/ukeyStore';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Demo UKEYs: the test CA (created here if missing) issues a certificate for each demo key's public half
 * and binds it to its holder's enterprise. The private halves are derived by the reference agent's
 * `--init` from the same published seed (server/ukey/demoKeys.ts).
 */
export async function seedUkeys(db: Db): Promise<void> {
  const now = new Date();
  const cas = await loadTestCas(db, now);
  await db.transaction(async (tx) => {
    for (const key of DEMO_UKEYS) {
      const holder = (
        await tx.query<{
          id: string;
          person_name: string;
          corp_id: string;
          corp_name: string;
          credit_code: string;
        }>(
          `select u.id, u.person_name, c.id as corp_id, c.name as corp_name, c.credit_code
             from users u join corps c on c.id = u.corp_id where u.username = $1`,
          [key.username],
        )
      ).rows[0];
      if (!holder) continue;
      const pair = demoKeyPair(key);
      // Valid from a year back (test clocks sit a little before "now"); the revoked key is an older one.
      const notBefore = new Date(now.getTime() - (key.revoked ? 700 : 365) * DAY_MS);
      const issued = issueCertificate(cas, {
        algorithm: key.algorithm,
        publicKey: pair.publicKey,
        subject: ukeySubject(holder.corp_name, holder.credit_code, holder.person_name),
        notBefore,
        notAfter: new Date(notBefore.getTime() + 4 * 365 * DAY_MS),
      });
      await insertBinding(tx, {
        certificate: issued.certificate,
        ukeyNo: key.serial,
        corpId: holder.corp_id,
        holderUserId: holder.id,
        bank: key.bank,
        raType: UKEY_ISSUERS.find((i) => i.code === key.bank)?.raType ?? 'CFCA',
        printNumber: key.printNumber,
        kind: 'HARDWARE',
        ...(key.revoked
          ? { revokedAt: new Date(now.getTime() - 30 * DAY_MS), revokeReason: '介质更换' }
          : {}),
      });
    }
  });
}
