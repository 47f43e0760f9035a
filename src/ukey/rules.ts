/** Key algorithms of spec section 9. */
export type UkeyAlgorithm = 'RSA' | 'SM2';

/** An institution that issues keys; its keys' print numbers start with one of `prefixes`. */
export interface UkeyIssuer {
  code: string;
  name: string;
  prefixes: string[];
  raType: string;
  soft?: boolean;
}

/** The signing rules of `GET /v1/auth/ccbca/rules`. */
export interface UkeyRules {
  gmChars: string[];
  otherChars: string[];
  gmSerialLength: number;
  minDriverVersion: string;
  rsa: { keySize: number; hash: string };
  sm2: { hash: string; userId: string };
  issuers: UkeyIssuer[];
}

/**
 * The spec's defaults (section 9), used when the rules call fails: third serial character G/H/I → SM2,
 * J/K → other (RSA); a 12-character serial is national crypto; RSA-2048 with SHA-1.
 */
export const DEFAULT_UKEY_RULES: UkeyRules = {
  gmChars: ['G', 'H', 'I'],
  otherChars: ['J', 'K'],
  gmSerialLength: 12,
  minDriverVersion: '2.3.0',
  rsa: { keySize: 2048, hash: 'SHA1' },
  sm2: { hash: 'SM3', userId: '1234567812345678' },
  issuers: [
    { code: 'CCB', name: '中国建设银行', prefixes: ['105'], raType: 'CCBCA' },
    { code: 'ICBC', name: '中国工商银行', prefixes: ['102'], raType: 'CFCA' },
    { code: 'ABC', name: '中国农业银行', prefixes: ['103'], raType: 'CFCA' },
    { code: 'BOC', name: '中国银行', prefixes: ['104'], raType: 'CFCA' },
    { code: 'BOCOM', name: '交通银行', prefixes: ['301'], raType: 'CFCA' },
    { code: 'SCF', name: '平台软证书', prefixes: ['900'], raType: 'SOFTCA', soft: true },
  ],
};

/** Merges a (possibly partial) server answer over the defaults. */
export function withDefaults(rules: Partial<UkeyRules> | null | undefined): UkeyRules {
  const r = rules ?? {};
  return {
    ...DEFAULT_UKEY_RULES,
    ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== null)),
  } as UkeyRules;
}

/** The algorithm the serial stands for, or null when the rules cannot tell. */
export function algorithmOfSerial(
  serial: string,
  rules: UkeyRules = DEFAULT_UKEY_RULES,
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
  rules: UkeyRules = DEFAULT_UKEY_RULES,
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
