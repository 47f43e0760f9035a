import type { Queryable } from '../db/db';
import { writeSystemSteps } from './audit';
import { timeOrderedId } from './ids';

/** The model of UKEY bindings (schemas/_models/ukeyBinding.json). */
export const UKEY_BINDING = 'ukeyBinding';

/** A key the test CA issued, bound to an enterprise and its holder. */
export interface BindingInput {
  ukeyNo: string;
  certSerial: string;
  corpId: string;
  holderUserId: string | null;
  bank: string;
  raType: string;
  printNumber: string;
  kind: 'HARDWARE' | 'SOFT';
  /** Default: now. */
  at?: Date;
}

/**
 * The one writer of the model ukeyBinding (table ukey_bindings, records seen by their enterprise): a key is
 * bound when the CA issues it (server/ukey/ukeyStore.ts insertBinding: the demo keys, a browser soft key) and
 * a person's soft keys are unbound when a new one replaces them ({@link unbindSoftKeys}). Each is audited as
 * the system's step (`bind`, `unbind`), inside the caller's transaction. The certificate itself is the test
 * CA's (ukey_certificates), not a record. Two reads stay SQL here instead of going through the engine's list:
 * the verifier's ({@link boundByCertificate}: by the presented certificate's serial, inside the signing
 * transaction, and it must tell a key bound elsewhere from none at all) and the session's
 * ({@link heldKey}: the user's own key while /v2/security is answered, before any role is chosen, which the
 * engine's visibility needs).
 */
export async function bindUkey(q: Queryable, b: BindingInput): Promise<string> {
  const at = b.at ?? new Date();
  const id = timeOrderedId(at);
  await q.query(
    `insert into ukey_bindings (id, ukey_no, cert_serial, corp_id, holder_user_id, holder_name, ukey_bank, ra_type,
                                print_number, kind, state, visible_corps, created_at, updated_at)
     values ($1, $2, $3, $4, $5, (select person_name from users where id = $5), $6, $7, $8, $9, 'ACTIVE',
             array[$4::text], $10, $10)`,
    [id, b.ukeyNo, b.certSerial, b.corpId, b.holderUserId, b.bank, b.raType, b.printNumber, b.kind, at],
  );
  await writeSystemSteps(q, UKEY_BINDING, [{ id, from: null }], 'bind', 'ACTIVE', at);
  return id;
}

/** Unbinds the active soft keys of a person (one soft key per person: a new one replaces the previous). */
export async function unbindSoftKeys(
  q: Queryable,
  holderUserId: string,
  at: Date = new Date(),
): Promise<void> {
  const r = await q.query<{ id: string }>(
    `update ukey_bindings set state = 'UNBOUND', version = version + 1, updated_at = $2
      where holder_user_id = $1 and kind = 'SOFT' and state = 'ACTIVE' returning id`,
    [holderUserId, at],
  );
  await writeSystemSteps(
    q,
    UKEY_BINDING,
    r.rows.map((row) => ({ id: row.id, from: 'ACTIVE' })),
    'unbind',
    'UNBOUND',
    at,
  );
}

/** An active binding with its certificate, as the UKEY verifier checks it (server/ukey/verifier.ts). */
export interface BoundCertificate {
  ukey_no: string;
  corp_id: string;
  holder_user_id: string | null;
  kind: 'HARDWARE' | 'SOFT';
  print_number: string;
  ukey_bank: string;
  certificate: string;
  revoked_at: Date | string | null;
}

/** The active binding of the certificate with this serial, whatever its enterprise, or null. */
export async function boundByCertificate(q: Queryable, serialHex: string): Promise<BoundCertificate | null> {
  const r = await q.query<BoundCertificate>(
    `select b.ukey_no, b.corp_id, b.holder_user_id, b.kind, b.print_number, b.ukey_bank, c.certificate, c.revoked_at
       from ukey_bindings b join ukey_certificates c on c.serial = b.cert_serial
      where b.cert_serial = $1 and b.state = 'ACTIVE'`,
    [serialHex],
  );
  return r.rows[0] ?? null;
}

/** The key a user holds for its enterprise (the newest active binding), or null. */
export async function heldKey(
  q: Queryable,
  userId: string,
  corpId: string,
): Promise<{ ukeyNo: string; raType: string; printNumber: string } | null> {
  const r = await q.query<{ ukeyNo: string; raType: string; printNumber: string }>(
    `select ukey_no as "ukeyNo", ra_type as "raType", print_number as "printNumber" from ukey_bindings
      where holder_user_id = $1 and corp_id = $2 and state = 'ACTIVE' order by created_at desc, id desc limit 1`,
    [userId, corpId],
  );
  return r.rows[0] ?? null;
}
