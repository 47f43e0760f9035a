import type { UkeyAlgorithm } from './algorithms';
import { SM2_USER_ID } from './algorithms';

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

export const UKEY_ISSUERS: UkeyIssuer[] = [
  { code: 'CCB', name: '中国建设银行', prefixes: ['105'], raType: 'CCBCA' },
  { code: 'ICBC', name: '中国工商银行', prefixes: ['102'], raType: 'CFCA' },
  { code: 'ABC', name: '中国农业银行', prefixes: ['103'], raType: 'CFCA' },
  { code: 'BOC', name: '中国银行', prefixes: ['104'], raType: 'CFCA' },
  { code: 'BOCOM', name: '交通银行', prefixes: ['301'], raType: 'CFCA' },
  { code: 'SCF', name: '平台软证书', prefixes: ['900'], raType: 'SOFTCA', soft: true },
];

/** The minimum driver version unless UKEY_MIN_DRIVER_VERSION says otherwise (spec section 9: {ip}). */
export const DEFAULT_MIN_DRIVER_VERSION = '2.3.0';

export function ukeyRules(env: NodeJS.ProcessEnv = process.env): UkeyRules {
  return {
    gmChars: ['G', 'H', 'I'],
    otherChars: ['J', 'K'],
    gmSerialLength: 12,
    minDriverVersion: env.UKEY_MIN_DRIVER_VERSION || DEFAULT_MIN_DRIVER_VERSION,
    rsa: { keySize: 2048, hash: 'SHA1' },
    sm2: { hash: 'SM3', userId: SM2_USER_ID },
    issuers: UKEY_ISSUERS,
  };
}

/** The algorithm a serial stands for under the rules, or null when the rules say nothing. */
export function algorithmOfSerial(
  serial: string,
  rules: Pick<UkeyRules, 'gmChars' | 'otherChars' | 'gmSerialLength'>,
): UkeyAlgorithm | null {
  if (serial.length === rules.gmSerialLength) return 'SM2';
  const c = serial.charAt(2).toUpperCase();
  if (rules.gmChars.includes(c)) return 'SM2';
  if (rules.otherChars.includes(c)) return 'RSA';
  return null;
}

export function issuerOfPrintNumber(
  printNumber: string,
  issuers: readonly UkeyIssuer[] = UKEY_ISSUERS,
): UkeyIssuer | undefined {
  return issuers.find((i) => i.prefixes.some((p) => printNumber.startsWith(p)));
}
