/**
 * UKEY signing facts shared by the portal (which signs) and the server (which hands out the rules and
 * verifies): the sign record, the key algorithms, the issuing banks and the rules of
 * `GET /v1/auth/ccbca/rules` (spec sections 3, 5 and 9; ADR 0008).
 */

/** The two key kinds of spec section 9: RSA-2048 (certificate-authority keys) and SM2 (national crypto). */
export type UkeyAlgorithm = 'RSA' | 'SM2';

/** The sign record of spec section 3, as the portal sends it with a signed action (ADR 0005 section 4). */
export interface SignRecord {
  raType: string;
  ukeyBank: string;
  ukeyCode: string;
  original: string;
  signature: string;
  pkCa: string;
  ukeyNo: string;
  algorithmType: UkeyAlgorithm;
  issuerDN: string;
  subjectDN: string;
}

/** Every key of a {@link SignRecord}, in the order the spec lists them. */
export const SIGN_RECORD_KEYS = [
  'raType',
  'ukeyBank',
  'ukeyCode',
  'original',
  'signature',
  'pkCa',
  'ukeyNo',
  'algorithmType',
  'issuerDN',
  'subjectDN',
] as const satisfies ReadonlyArray<keyof SignRecord>;

/** An institution that issues keys; the print number (印刷编号) of its keys starts with one of `prefixes`. */
export interface UkeyIssuer {
  code: string;
  name: string;
  /** Certificate-number prefixes (the bank's code of the People's Bank of China numbering). */
  prefixes: string[];
  /** The registration authority its certificates come through (sign record `raType`). */
  raType: string;
  /** Soft keys live in the browser; only hardware keys are offered in the bank choice. */
  soft?: boolean;
}

/** Signing rules of `GET /v1/auth/ccbca/rules` (spec sections 5 and 9). */
export interface UkeyRules {
  /** Third character (index 2) of a key serial that marks an SM2 (GM) key. */
  gmChars: string[];
  /** Third character that marks an RSA key ("other algorithms"). */
  otherChars: string[];
  /** A serial of this length is a national-crypto (SM2) key whatever its third character. */
  gmSerialLength: number;
  /** Lowest driver version accepted ('UKEY驱动不是最新版本' below it). */
  minDriverVersion: string;
  rsa: { keySize: number; hash: 'SHA1' };
  sm2: { hash: 'SM3'; userId: string };
  issuers: UkeyIssuer[];
}

/** The banks whose keys the platform accepts, and the platform's own soft certificate. */
export const UKEY_ISSUERS: UkeyIssuer[] = [
  { code: 'CCB', name: '中国建设银行', prefixes: ['105'], raType: 'CCBCA' },
  { code: 'ICBC', name: '中国工商银行', prefixes: ['102'], raType: 'CFCA' },
  { code: 'ABC', name: '中国农业银行', prefixes: ['103'], raType: 'CFCA' },
  { code: 'BOC', name: '中国银行', prefixes: ['104'], raType: 'CFCA' },
  { code: 'BOCOM', name: '交通银行', prefixes: ['301'], raType: 'CFCA' },
  { code: 'SCF', name: '平台软证书', prefixes: ['900'], raType: 'SOFTCA', soft: true },
];

/** The SM2 signer identity every party uses (GM/T 0009 default; OpenSSL 3 needs it as `distid`). */
export const SM2_USER_ID = '1234567812345678';

/**
 * The spec's rules (section 9), served by the server and used by the portal when the rules call fails:
 * third serial character G/H/I → SM2, J/K → other (RSA); a 12-character serial is national crypto;
 * RSA-2048 with SHA-1; SM2 with SM3.
 */
export const DEFAULT_UKEY_RULES: UkeyRules = {
  gmChars: ['G', 'H', 'I'],
  otherChars: ['J', 'K'],
  gmSerialLength: 12,
  minDriverVersion: '2.3.0',
  rsa: { keySize: 2048, hash: 'SHA1' },
  sm2: { hash: 'SM3', userId: SM2_USER_ID },
  issuers: UKEY_ISSUERS,
};

/** Merges a (possibly partial) rules answer over the defaults. */
export function withDefaults(rules: Partial<UkeyRules> | null | undefined): UkeyRules {
  const r = rules ?? {};
  return {
    ...DEFAULT_UKEY_RULES,
    ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== null)),
  } as UkeyRules;
}

/** The algorithm a serial stands for under the rules, or null when the rules cannot tell. */
export function algorithmOfSerial(
  serial: string,
  rules: Pick<UkeyRules, 'gmChars' | 'otherChars' | 'gmSerialLength'> = DEFAULT_UKEY_RULES,
): UkeyAlgorithm | null {
  if (serial.length === rules.gmSerialLength) return 'SM2';
  const c = serial.charAt(2).toUpperCase();
  if (rules.gmChars.includes(c)) return 'SM2';
  if (rules.otherChars.includes(c)) return 'RSA';
  return null;
}

/** The issuer a print (certificate) number belongs to, by prefix. */
export function issuerOfPrintNumber(
  printNumber: string,
  rules: Pick<UkeyRules, 'issuers'> = DEFAULT_UKEY_RULES,
): UkeyIssuer | undefined {
  return rules.issuers.find((i) => i.prefixes.some((p) => printNumber.startsWith(p)));
}

/** Compares dotted versions numerically ('2.10.0' > '2.9.1'); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** A key's state in the key list. */
export type UkeyStatus = 'NORMAL' | 'EXPIRED' | 'REVOKED' | 'UNBOUND';

/** One row of the key list `GET /corp/v1/ukeys` (介质编号, 证书序列号, 颁发机构, 算法, 有效期, 状态, 持有人). */
export interface UkeyItem {
  id: string;
  ukeyNo: string;
  certSerial: string;
  bank: string;
  bankName: string;
  raType: string;
  printNumber: string;
  algorithm: UkeyAlgorithm;
  issuerDN: string;
  subjectDN: string;
  notBefore: string;
  notAfter: string;
  status: UkeyStatus;
  holderName: string | null;
  kind: 'HARDWARE' | 'SOFT';
  /** DER, base64: public, lets the reference agent write its key files. */
  certificate: string;
}

/**
 * What a UKEY signature of a record's transition approves (ADR 0008): `model/id/action`, e.g.
 * `creditVoucher/42/approve`. The portal asks for an original issued for it, the engine verifies the
 * signature against it, the seeder signs it.
 */
export const signScope = (model: string, id: string | number, action: string): string =>
  `${model}/${String(id)}/${action}`;
