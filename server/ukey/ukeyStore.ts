import type { UkeyItem, UkeyStatus } from '@contract/ukey';
import type { Queryable } from '../db/db';
import type { UkeyAlgorithm } from './algorithms';
import { parseCertificate } from './certificates';
import { UKEY_ISSUERS } from './rules';

/** A certificate the test CA issued, with the key it sits on and who holds it. */
export interface NewBinding {
  certificate: string;
  ukeyNo: string;
  corpId: string;
  holderUserId: string | null;
  bank: string;
  raType: string;
  printNumber: string;
  kind: 'HARDWARE' | 'SOFT';
  revokedAt?: Date;
  revokeReason?: string;
}

/** Stores the certificate and binds its key to the enterprise (one transaction is the caller's business). */
export async function insertBinding(tx: Queryable, b: NewBinding): Promise<string> {
  const cert = parseCertificate(b.certificate);
  await tx.query(
    `insert into ukey_certificates (serial, algorithm, issuer_dn, subject_dn, not_before, not_after, certificate, revoked_at, revoke_reason)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      cert.serialHex,
      cert.algorithm,
      cert.issuerDN,
      cert.subjectDN,
      cert.notBefore.toISOString(),
      cert.notAfter.toISOString(),
      b.certificate,
      b.revokedAt?.toISOString() ?? null,
      b.revokeReason ?? null,
    ],
  );
  // Revocation is a property of the certificate: the binding stays, so a revoked key is refused as revoked.
  await tx.query(
    `insert into ukey_bindings (ukey_no, cert_serial, corp_id, holder_user_id, ukey_bank, ra_type, print_number, kind)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [b.ukeyNo, cert.serialHex, b.corpId, b.holderUserId, b.bank, b.raType, b.printNumber, b.kind],
  );
  return cert.serialHex;
}

/** One row of the ukey list: the contract's {@link UkeyItem}. */
export type UkeyListItem = UkeyItem;
export type { UkeyStatus };

interface ListRow {
  id: string;
  ukey_no: string;
  cert_serial: string;
  ukey_bank: string;
  ra_type: string;
  print_number: string;
  algorithm: UkeyAlgorithm;
  issuer_dn: string;
  subject_dn: string;
  not_before: Date | string;
  not_after: Date | string;
  revoked_at: Date | string | null;
  status: 'ACTIVE' | 'UNBOUND';
  holder_name: string | null;
  kind: 'HARDWARE' | 'SOFT';
  certificate: string;
}

export function statusOf(
  row: Pick<ListRow, 'status' | 'revoked_at' | 'not_before' | 'not_after'>,
  now: Date,
): UkeyStatus {
  if (row.revoked_at) return 'REVOKED';
  if (row.status === 'UNBOUND') return 'UNBOUND';
  const t = now.getTime();
  if (t < new Date(row.not_before).getTime() || t > new Date(row.not_after).getTime()) return 'EXPIRED';
  return 'NORMAL';
}

const bankName = (code: string): string => UKEY_ISSUERS.find((i) => i.code === code)?.name ?? code;

/** The enterprise's keys, newest binding first, optionally filtered by 介质编号 and status. */
export async function listUkeys(
  db: Queryable,
  corpId: string,
  now: Date,
  filter: { ukeyNo?: string; status?: string; page: number; size: number },
): Promise<{ list: UkeyListItem[]; count: number }> {
  const r = await db.query<ListRow>(
    `select b.id::text as id, b.ukey_no, b.cert_serial, b.ukey_bank, b.ra_type, b.print_number, c.algorithm,
            c.issuer_dn, c.subject_dn, c.not_before, c.not_after, c.revoked_at, b.status, u.person_name as holder_name,
            b.kind, c.certificate
       from ukey_bindings b join ukey_certificates c on c.serial = b.cert_serial
       left join users u on u.id = b.holder_user_id
      where b.corp_id = $1 and ($2::text is null or b.ukey_no ilike '%' || $2 || '%')
      order by b.id desc`,
    [corpId, filter.ukeyNo || null],
  );
  const all = r.rows
    .map((row): UkeyListItem => ({
      id: row.id,
      ukeyNo: row.ukey_no,
      certSerial: row.cert_serial,
      bank: row.ukey_bank,
      bankName: bankName(row.ukey_bank),
      raType: row.ra_type,
      printNumber: row.print_number,
      algorithm: row.algorithm,
      issuerDN: row.issuer_dn,
      subjectDN: row.subject_dn,
      notBefore: new Date(row.not_before).toISOString(),
      notAfter: new Date(row.not_after).toISOString(),
      status: statusOf(row, now),
      holderName: row.holder_name,
      kind: row.kind,
      certificate: row.certificate,
    }))
    .filter((item) => !filter.status || item.status === filter.status);
  const start = (filter.page - 1) * filter.size;
  return { list: all.slice(start, start + filter.size), count: all.length };
}
