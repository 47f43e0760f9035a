import { checkPrimeSync, createHmac, createPrivateKey, createPublicKey } from 'node:crypto';
import { sm2KeyPair, type KeyPair, type UkeyAlgorithm } from './algorithms';

/**
 * The demo world's hardware keys. Their private keys are derived from a published seed, so the server
 * (which only ever needs the public half to issue the certificate) and the reference agent's `--init`
 * (which writes key files) agree without any private key being stored or sent. Demo keys only: anyone
 * with this file can sign as them.
 */
export interface DemoUkey {
  /** Key file name (without `.ukey.json`). */
  label: string;
  username: string;
  bank: string;
  algorithm: UkeyAlgorithm;
  /** 介质编号: third character G/H/I → SM2, J/K → RSA; 12 characters → SM2. */
  serial: string;
  /** 印刷编号: its prefix names the bank. */
  printNumber: string;
  /** A superseded key whose certificate was revoked (shown as such in the list). */
  revoked?: boolean;
}

export const DEMO_UKEY_SEED = 'scf-demo-ukey-2026';

export const DEMO_UKEYS: readonly DemoUkey[] = [
  {
    label: 'core_director-rsa',
    username: 'core_director',
    bank: 'CCB',
    algorithm: 'RSA',
    serial: 'CBJ2026000000101',
    printNumber: '1050202600000101',
  },
  {
    label: 'core_director-sm2',
    username: 'core_director',
    bank: 'CCB',
    algorithm: 'SM2',
    serial: 'CBG260000102',
    printNumber: '1050202600000102',
  },
  {
    label: 'chain_director-sm2',
    username: 'chain_director',
    bank: 'ICBC',
    algorithm: 'SM2',
    serial: 'ICH260000201',
    printNumber: '1020202600000201',
  },
  {
    label: 'unit_director-rsa',
    username: 'unit_director',
    bank: 'ABC',
    algorithm: 'RSA',
    serial: 'ABK2026000000301',
    printNumber: '1030202600000301',
  },
  {
    label: 'fin_product_manager-sm2',
    username: 'fin_product_manager',
    bank: 'CCB',
    algorithm: 'SM2',
    serial: 'CBG260000401',
    printNumber: '1050202600000401',
  },
  {
    label: 'fin2_product_manager-sm2',
    username: 'fin2_product_manager',
    bank: 'CCB',
    algorithm: 'SM2',
    serial: 'CBG260000402',
    printNumber: '1050202600000402',
  },
  {
    label: 'core_director-old',
    username: 'core_director',
    bank: 'CCB',
    algorithm: 'RSA',
    serial: 'CBJ2024000000099',
    printNumber: '1050202400000099',
    revoked: true,
  },
];

/** An HMAC-SHA256 stream keyed by the seed: deterministic bytes per label. */
function byteStream(seed: string, label: string): (n: number) => Buffer {
  let counter = 0;
  return (n) => {
    const chunks: Buffer[] = [];
    let have = 0;
    while (have < n) {
      const block = createHmac('sha256', seed).update(`${label}|${counter++}`).digest();
      chunks.push(block);
      have += block.length;
    }
    return Buffer.concat(chunks).subarray(0, n);
  };
}

const toBigInt = (b: Buffer): bigint => BigInt('0x' + b.toString('hex'));
const toB64url = (v: bigint, length?: number): string => {
  let hex = v.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  let buf = Buffer.from(hex, 'hex');
  if (length && buf.length < length) buf = Buffer.concat([Buffer.alloc(length - buf.length), buf]);
  return buf.toString('base64url');
};

function modInverse(a: bigint, m: bigint): bigint {
  let [r0, r1] = [a % m, m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  if (r0 !== 1n) throw new Error('not invertible');
  return ((s0 % m) + m) % m;
}

const E = 65537n;

function prime(next: (n: number) => Buffer, bits: number): bigint {
  const bytes = bits / 8;
  for (;;) {
    const b = next(bytes);
    b[0] = b[0]! | 0xc0; // top two bits: the product has exactly 2·bits bits
    b[bytes - 1] = b[bytes - 1]! | 1;
    const p = toBigInt(b);
    if ((p - 1n) % E !== 0n && checkPrimeSync(p, { checks: 40 })) return p;
  }
}

/** A deterministic RSA-2048 key pair (PKCS#8 / SPKI PEM) from the seed and a label. */
function rsaKeyPair(seed: string, label: string): KeyPair {
  const next = byteStream(seed, label);
  let p = prime(next, 1024);
  let q = prime(next, 1024);
  if (p < q) [p, q] = [q, p];
  const n = p * q;
  const d = modInverse(E, (p - 1n) * (q - 1n));
  const jwk = {
    kty: 'RSA',
    n: toB64url(n),
    e: toB64url(E),
    d: toB64url(d),
    p: toB64url(p),
    q: toB64url(q),
    dp: toB64url(d % (p - 1n)),
    dq: toB64url(d % (q - 1n)),
    qi: toB64url(modInverse(q, p)),
  };
  const key = createPrivateKey({ key: jwk, format: 'jwk' });
  return {
    algorithm: 'RSA',
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const cache = new Map<string, KeyPair>();

/** The key pair of a demo key (same on every machine for the same seed). */
export function demoKeyPair(
  key: Pick<DemoUkey, 'label' | 'algorithm'>,
  seed: string = DEMO_UKEY_SEED,
): KeyPair {
  const id = `${seed}|${key.label}|${key.algorithm}`;
  let pair = cache.get(id);
  if (!pair) {
    pair =
      key.algorithm === 'RSA'
        ? rsaKeyPair(seed, key.label)
        : sm2KeyPair(byteStream(seed, key.label)(32).toString('hex'));
    cache.set(id, pair);
  }
  return pair;
}
