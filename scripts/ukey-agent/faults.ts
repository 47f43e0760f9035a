import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Faults the reference agent can inject, each standing for a real failure of a key or its driver.
 * The value is the certificate-kit error code the failing call reports (see src/ukey/kitErrors.ts).
 */
export const FAULTS = {
  /** The driver reports version 1.0.0, below any minimum. */
  'driver-too-old': null,
  /** No key is seen, whatever the folder holds. */
  'no-key': null,
  /** A second key is seen next to the real one(s). */
  'two-keys': null,
  'print-number': '0x80100066', // SCARD_W_UNRESPONSIVE_CARD
  'select-cert': '0x800704C7', // ERROR_CANCELLED: the user cancelled the certificate choice
  serial: '0x80090016', // NTE_BAD_KEYSET
  algorithm: '0x80090008', // NTE_BAD_ALGID
  'issuer-dn': '0x80092002', // CRYPT_E_BAD_ENCODE
  'subject-dn': '0x80092004', // CRYPT_E_NOT_FOUND
  sign: '0x8010006B', // SCARD_W_WRONG_CHV: wrong PIN
  /** The key's print number carries another bank's prefix. */
  'issuer-mismatch': null,
  /** The key's print number carries a prefix no bank uses. */
  'unknown-issuer': null,
} as const satisfies Record<string, string | null>;

export type FaultName = keyof typeof FAULTS;
/** Active faults: name → the kit code to report (a fault may override the default code). */
export type FaultSet = Partial<Record<FaultName, string | null>>;

export const FAULT_FILE = 'faults.json';

const isFault = (name: string): name is FaultName => Object.prototype.hasOwnProperty.call(FAULTS, name);
const KIT_CODE = /^0x[0-9A-Fa-f]{8}$/;

/**
 * Reads a fault list: `["sign", "two-keys"]`, or `{"sign": "0x80090004"}` to report another kit code.
 * Throws on unknown names so that a typo in a test is not a silent pass.
 */
export function parseFaults(value: unknown): FaultSet {
  const out: FaultSet = {};
  if (Array.isArray(value)) {
    for (const name of value) {
      if (typeof name !== 'string' || !isFault(name)) throw new Error(`unknown fault ${String(name)}`);
      out[name] = FAULTS[name];
    }
    return out;
  }
  if (value && typeof value === 'object') {
    for (const [name, code] of Object.entries(value)) {
      if (!isFault(name)) throw new Error(`unknown fault ${name}`);
      if (code !== null && code !== true && (typeof code !== 'string' || !KIT_CODE.test(code))) {
        throw new Error(`fault ${name}: code must be like 0x8010006B`);
      }
      out[name] = typeof code === 'string' ? code.toUpperCase().replace(/^0X/, '0x') : FAULTS[name];
    }
    return out;
  }
  throw new Error('faults must be a list of names or an object of name → kit code');
}

/** The fault file of the key folder (`faults.json`: `{"faults": [...]}`); absent or broken means none. */
export function readFaultFile(keysDir: string, onError: (m: string) => void = () => undefined): FaultSet {
  let text: string;
  try {
    text = readFileSync(join(keysDir, FAULT_FILE), 'utf8');
  } catch {
    return {};
  }
  try {
    return parseFaults((JSON.parse(text) as { faults?: unknown }).faults ?? []);
  } catch (e) {
    onError(`${FAULT_FILE}: ${(e as Error).message}`);
    return {};
  }
}
