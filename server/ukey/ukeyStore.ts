import type { UkeyItem, UkeyStatus } from '@contract/ukey';
import type { Queryable } from '../db/db';
import type { ModelEngine } from '../models';
import { MAX_PAGE_SIZE } from '../models/listQuery';
import type { Actor } from '../models/recordJson';
import { bindUkey, UKEY_BINDING, type BindingInput } from '../models/ukeyBindings';
import type { UkeyAlgorithm } from './algorithms';
import { parseCertificate } from './certificates';
import { UKEY_ISSUERS } from './rules';

/** A certificate the test CA issued, with the key it sits on and who holds it. */
export interface NewBinding extends Omit<BindingInput, 'certSerial' | 'at'> {
  certificate: string;
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
  await bindUkey(tx, { ...b, certSerial: cert.serialHex });
  return cert.serialHex;
}

/** One row of the ukey list: the contract's {@link UkeyItem}. */
export type UkeyListItem = UkeyItem;
export type { UkeyStatus };

/** What the list's 状态 is worked out from: the binding's state and its certificate. */
interface StatusFacts {
  state: 'ACTIVE' | 'UNBOUND';
  revoked_at: Date | string | null;
  not_before: Date | string;
  not_after: Date | string;
}

export function statusOf(row: StatusFacts, now: Date): UkeyStatus {
  if (row.revoked_at) return 'REVOKED';
  if (row.state === 'UNBOUND') return 'UNBOUND';
  const t = now.getTime();
  if (t < new Date(row.not_before).getTime() || t > new Date(row.not_after).getTime()) return 'EXPIRED';
  return 'NORMAL';
}

const bankName = (code: string): string => UKEY_ISSUERS.find((i) => i.code === code)?.name ?? code;

interface CertificateRow {
  serial: string;
  algorithm: UkeyAlgorithm;
  issuer_dn: string;
  subject_dn: string;
  not_before: Date | string;
  not_after: Date | string;
  revoked_at: Date | string | null;
  certificate: string;
}

/**
 * The enterprise's keys, newest binding first, optionally filtered by 介质编号 and status: the model
 * ukeyBinding's records the actor sees (the engine's visibility: its own enterprise's), each with its
 * certificate. The status (正常, 已过期, 已吊销, 已解绑) depends on the certificate's validity and revocation at
 * `now`, so it is worked out here and filtered in memory, as before (an enterprise holds a handful of keys).
 */
export async function listUkeys(
  engine: ModelEngine,
  actor: Actor,
  now: Date,
  filter: { ukeyNo?: string; status?: string; page: number; size: number },
): Promise<{ list: UkeyListItem[]; count: number }> {
  const bindings: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const { list, pagecond } = await engine.list(actor, UKEY_BINDING, {
      ...(filter.ukeyNo ? { ukeyNo: filter.ukeyNo } : {}),
      page: String(page),
      size: String(MAX_PAGE_SIZE),
    });
    bindings.push(...list);
    if (list.length < MAX_PAGE_SIZE || bindings.length >= pagecond.count) break;
  }
  const certs = await engine.db.query<CertificateRow>(
    `select serial, algorithm, issuer_dn, subject_dn, not_before, not_after, revoked_at, certificate
       from ukey_certificates where serial = any($1::text[])`,
    [bindings.map((b) => String(b.certSerial))],
  );
  const bySerial = new Map(certs.rows.map((c) => [c.serial, c]));
  const all = bindings
    .flatMap((b): UkeyListItem[] => {
      const c = bySerial.get(String(b.certSerial));
      if (!c) return [];
      const text = (v: unknown): string => (v == null ? '' : String(v));
      return [
        {
          id: text(b.id),
          ukeyNo: text(b.ukeyNo),
          certSerial: c.serial,
          bank: text(b.ukeyBank),
          bankName: bankName(text(b.ukeyBank)),
          raType: text(b.raType),
          printNumber: text(b.printNumber),
          algorithm: c.algorithm,
          issuerDN: c.issuer_dn,
          subjectDN: c.subject_dn,
          notBefore: new Date(c.not_before).toISOString(),
          notAfter: new Date(c.not_after).toISOString(),
          status: statusOf({ ...c, state: b.status === 'UNBOUND' ? 'UNBOUND' : 'ACTIVE' }, now),
          holderName: b.holderName == null ? null : text(b.holderName),
          kind: b.kind === 'SOFT' ? 'SOFT' : 'HARDWARE',
          certificate: c.certificate,
        },
      ];
    })
    .filter((item) => !filter.status || item.status === filter.status);
  const start = (filter.page - 1) * filter.size;
  return { list: all.slice(start, start + filter.size), count: all.length };
}
