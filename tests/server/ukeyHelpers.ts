import type { SignRecord } from '@server/context';
import type { Queryable } from '@server/db/db';
import { signBytes, utf8, type KeyPair } from '@server/ukey/algorithms';
import { parseCertificate } from '@server/ukey/certificates';
import { DEMO_UKEYS, demoKeyPair, type DemoUkey } from '@server/ukey/demoKeys';
import { UKEY_ISSUERS } from '@server/ukey/rules';
import type { Browser } from './helpers';

export function demoKey(label: string): DemoUkey {
  const key = DEMO_UKEYS.find((k) => k.label === label);
  if (!key) throw new Error(`no demo key ${label}`);
  return key;
}

export async function certificateOf(db: Queryable, ukeyNo: string): Promise<string> {
  const r = await db.query<{ certificate: string }>(
    `select c.certificate from ukey_bindings b join ukey_certificates c on c.serial = b.cert_serial
      where b.ukey_no = $1 order by b.created_at desc, b.id desc limit 1`,
    [ukeyNo],
  );
  if (!r.rows[0]) throw new Error(`no certificate for ${ukeyNo}`);
  return r.rows[0].certificate;
}

export async function fetchOriginal(b: Browser, query: Record<string, string> = {}): Promise<string> {
  const res = await b.call('GET', '/v1/auth/cas/add/info/original', { query });
  if (res.json().code !== '0') throw new Error(`original: ${res.body}`);
  return res.json().data as string;
}

export interface SignAs {
  ukeyNo: string;
  printNumber: string;
  bank: string;
  pair: KeyPair;
  certificate: string;
}

/** What the portal's signer produces for a key: the sign record of spec section 3. */
export function signRecord(key: SignAs, original: string): SignRecord {
  const cert = parseCertificate(key.certificate);
  return {
    raType: UKEY_ISSUERS.find((i) => i.code === key.bank)?.raType ?? 'CFCA',
    ukeyBank: key.bank,
    ukeyCode: key.printNumber,
    original,
    signature: signBytes(key.pair, utf8(original)),
    pkCa: key.certificate,
    ukeyNo: key.ukeyNo,
    algorithmType: cert.algorithm,
    issuerDN: cert.issuerDN,
    subjectDN: cert.subjectDN,
  };
}

export async function demoSigner(db: Queryable, label: string): Promise<SignAs> {
  const key = demoKey(label);
  return {
    ukeyNo: key.serial,
    printNumber: key.printNumber,
    bank: key.bank,
    pair: demoKeyPair(key),
    certificate: await certificateOf(db, key.serial),
  };
}
