import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsrsasign from 'jsrsasign';
import type { KeyPair, UkeyAlgorithm } from '../../server/ukey/algorithms';
import { parseCertificate, type ParsedCertificate } from '../../server/ukey/certificates';

/** Format tag of a key file (docs/decisions: UKEY agent protocol, "key files"). */
export const KEY_FILE_FORMAT = 'scf-ukey-emulator/1';
export const KEY_FILE_SUFFIX = '.ukey.json';

/**
 * One emulated hardware key, as a JSON file `<name>.ukey.json` in the key folder: dropping the file in
 * inserts the key, deleting it removes the key.
 */
export interface KeyFile {
  format: typeof KEY_FILE_FORMAT;
  /** 介质编号; its third character (G/H/I → SM2, J/K → RSA) and length follow the signing rules. */
  serialNumber: string;
  /** 印刷编号; its prefix names the issuing bank. */
  printNumber: string;
  bank: string;
  algorithm: UkeyAlgorithm;
  holder?: string;
  /** RSA: PKCS#8 PEM; SM2: the private scalar, 64 hex digits. */
  privateKey: string;
  /** RSA: SPKI PEM; SM2: uncompressed point hex. */
  publicKey: string;
  /** PEM. */
  certificate: string;
}

export interface InsertedKey {
  file: string;
  key: KeyFile;
  pair: KeyPair;
  /** Base64 DER, as the protocol hands it out. */
  certificateDer: string;
  cert: ParsedCertificate;
}

function certificateDer(pem: string): string {
  return Buffer.from(jsrsasign.pemtohex(pem, 'CERTIFICATE'), 'hex').toString('base64');
}

/** Reads one key file; throws with the reason when it is not a usable key. */
export function readKeyFile(path: string): InsertedKey {
  const key = JSON.parse(readFileSync(path, 'utf8')) as KeyFile;
  if (key.format !== KEY_FILE_FORMAT) throw new Error(`${path}: not a ${KEY_FILE_FORMAT} key file`);
  for (const field of [
    'serialNumber',
    'printNumber',
    'bank',
    'privateKey',
    'publicKey',
    'certificate',
  ] as const) {
    if (typeof key[field] !== 'string' || key[field] === '') throw new Error(`${path}: ${field} missing`);
  }
  if (key.algorithm !== 'RSA' && key.algorithm !== 'SM2')
    throw new Error(`${path}: algorithm must be RSA or SM2`);
  const der = certificateDer(key.certificate);
  return {
    file: path,
    key,
    pair: { algorithm: key.algorithm, privateKey: key.privateKey, publicKey: key.publicKey },
    certificateDer: der,
    cert: parseCertificate(der),
  };
}

/** The keys "inserted" now: every readable key file of the folder, by name. Bad files are reported, not used. */
export function scanKeys(dir: string, onBadFile: (message: string) => void = () => undefined): InsertedKey[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith(KEY_FILE_SUFFIX))
      .sort();
  } catch {
    return [];
  }
  const out: InsertedKey[] = [];
  for (const name of names) {
    try {
      out.push(readKeyFile(join(dir, name)));
    } catch (e) {
      onBadFile((e as Error).message);
    }
  }
  return out;
}
