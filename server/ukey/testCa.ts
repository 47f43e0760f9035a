import { generateKeyPairSync } from 'node:crypto';
import type { Queryable } from '../db/db';
import { sm2KeyPair, type KeyPair, type UkeyAlgorithm } from './algorithms';
import {
  buildCertificate,
  dnString,
  parseCertificate,
  randomSerialHex,
  type DnPart,
  type ParsedCertificate,
} from './certificates';

/** One certificate authority of the test CA: its key (kept in server_keys) and self-signed certificate. */
export interface TestCa {
  algorithm: UkeyAlgorithm;
  key: KeyPair;
  /** Base64 DER. */
  certificate: string;
  parsed: ParsedCertificate;
  dn: readonly DnPart[];
}

export type TestCas = Record<UkeyAlgorithm, TestCa>;

const CA_NAMES: Record<UkeyAlgorithm, readonly DnPart[]> = {
  RSA: [
    { type: 'C', value: 'CN' },
    { type: 'O', value: '建信融通供应链金融服务平台' },
    { type: 'CN', value: 'SCF Test RSA CA' },
  ],
  SM2: [
    { type: 'C', value: 'CN' },
    { type: 'O', value: '建信融通供应链金融服务平台' },
    { type: 'CN', value: 'SCF Test SM2 CA' },
  ],
};

const keyName = (algorithm: UkeyAlgorithm): string => `ukey-ca-${algorithm.toLowerCase()}`;
const YEAR_MS = 365 * 24 * 3600 * 1000;

function createCa(algorithm: UkeyAlgorithm, now: Date): { key: KeyPair; certificate: string } {
  let key: KeyPair;
  if (algorithm === 'RSA') {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    key = {
      algorithm,
      privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  } else {
    key = sm2KeyPair();
  }
  const dn = CA_NAMES[algorithm];
  const certificate = buildCertificate({
    serialHex: randomSerialHex(),
    issuer: dn,
    subject: dn,
    notBefore: new Date(now.getTime() - 2 * YEAR_MS),
    notAfter: new Date(now.getTime() + 20 * YEAR_MS),
    subjectAlgorithm: algorithm,
    subjectPublicKey: key.publicKey,
    isCa: true,
    signer: key,
  });
  return { key, certificate };
}

/**
 * The test CA's two authorities (RSA and SM2). Created on first use and kept in server_keys, so every
 * server instance on the same database issues and trusts the same certificates.
 */
export async function loadTestCas(db: Queryable, now: Date = new Date()): Promise<TestCas> {
  const out: Partial<TestCas> = {};
  for (const algorithm of ['RSA', 'SM2'] as const) {
    const name = keyName(algorithm);
    let row = (await db.query<{ value: string }>('select value from server_keys where name = $1', [name]))
      .rows[0];
    if (!row) {
      const created = createCa(algorithm, now);
      // Two instances starting together: the first insert wins and both read it back.
      await db.query('insert into server_keys (name, value) values ($1, $2) on conflict (name) do nothing', [
        name,
        JSON.stringify(created),
      ]);
      row = (await db.query<{ value: string }>('select value from server_keys where name = $1', [name]))
        .rows[0]!;
    }
    const stored = JSON.parse(row.value) as { key: KeyPair; certificate: string };
    out[algorithm] = {
      algorithm,
      key: stored.key,
      certificate: stored.certificate,
      parsed: parseCertificate(stored.certificate),
      dn: CA_NAMES[algorithm],
    };
  }
  return out as TestCas;
}

/** The CA of the given algorithm whose DN is the certificate's issuer, if any. */
export function caForIssuer(cas: TestCas, issuerDN: string): TestCa | undefined {
  return Object.values(cas).find((ca) => dnString(ca.dn) === issuerDN);
}

export interface IssueRequest {
  algorithm: UkeyAlgorithm;
  publicKey: string;
  subject: readonly DnPart[];
  notBefore: Date;
  notAfter: Date;
  serialHex?: string;
}

export interface IssuedCertificate {
  certificate: string;
  serialHex: string;
  issuerDN: string;
  subjectDN: string;
}

/** Issues an end-entity certificate: RSA keys by the RSA authority, SM2 keys by the SM2 authority. */
export function issueCertificate(cas: TestCas, req: IssueRequest): IssuedCertificate {
  const ca = cas[req.algorithm];
  const certificate = buildCertificate({
    serialHex: req.serialHex ?? randomSerialHex(),
    issuer: ca.dn,
    subject: req.subject,
    notBefore: req.notBefore,
    notAfter: req.notAfter,
    subjectAlgorithm: req.algorithm,
    subjectPublicKey: req.publicKey,
    isCa: false,
    signer: ca.key,
  });
  const parsed = parseCertificate(certificate);
  return { certificate, serialHex: parsed.serialHex, issuerDN: parsed.issuerDN, subjectDN: parsed.subjectDN };
}

/** Subject of a UKEY certificate: the enterprise, its credit code and the holder (CFCA-like layout). */
export function ukeySubject(corpName: string, creditCode: string, personName: string): DnPart[] {
  return [
    { type: 'C', value: 'CN' },
    { type: 'O', value: corpName },
    { type: 'OU', value: creditCode },
    { type: 'CN', value: personName },
  ];
}
