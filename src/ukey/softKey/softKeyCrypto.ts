import smCrypto from 'sm-crypto';
import { SM2_USER_ID, type UkeyAlgorithm } from '@contract/ukey';

const { sm2 } = smCrypto;

const RSA_PARAMS: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  // Spec section 9: SHA-1 for RSA signatures of certificate-authority keys.
  hash: 'SHA-1',
};

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function randomHex(n: number): string {
  const bytes = new Uint8Array(n);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const b of view) binary += String.fromCharCode(b);
  return btoa(binary);
}

const hexToBase64 = (hex: string): string =>
  toBase64(Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16)));

/** A freshly generated soft key: the public half as the server takes it, the private half for the store. */
export interface GeneratedSoftKey {
  algorithm: UkeyAlgorithm;
  /** RSA: SPKI DER base64; SM2: uncompressed point hex `04…`. */
  publicKey: string;
  rsaPrivateKey?: CryptoKey;
  sm2PrivateKey?: string;
}

type KeyPairHexGen = (seed: string, radix: number) => { privateKey: string; publicKey: string };
const sm2FromSeed = sm2.generateKeyPairHex as unknown as KeyPairHexGen;

export async function generateSoftKey(algorithm: UkeyAlgorithm): Promise<GeneratedSoftKey> {
  if (algorithm === 'RSA') {
    // Non-extractable: the private key never leaves WebCrypto, even IndexedDB keeps it opaque.
    const pair = await crypto.subtle.generateKey(RSA_PARAMS, false, ['sign', 'verify']);
    const spki = await crypto.subtle.exportKey('spki', pair.publicKey);
    return { algorithm, publicKey: toBase64(spki), rsaPrivateKey: pair.privateKey };
  }
  const pair = sm2FromSeed(randomHex(32), 16);
  return { algorithm, publicKey: pair.publicKey, sm2PrivateKey: pair.privateKey };
}

type Sm2Point = ReturnType<typeof sm2.getPoint>;
type BigIntegerCtor = new (value: string, radix: number) => Sm2Point['k'];
let bigInteger: BigIntegerCtor | null = null;

/** A signing nonce from WebCrypto's CSPRNG rather than sm-crypto's RC4 stream (same as the server's). */
function freshPoint(): Sm2Point {
  bigInteger ??= sm2.getPoint().k.constructor as unknown as BigIntegerCtor;
  const pair = sm2FromSeed(randomHex(32), 16);
  return {
    ...pair,
    k: new bigInteger(pair.privateKey, 16),
    x1: new bigInteger(pair.publicKey.slice(2, 66), 16),
  } as Sm2Point;
}

/** Signs the UTF-8 bytes of `original`: SHA1withRSA, or SM3withSM2 (DER, default user id). Base64. */
export async function signWithSoftKey(
  key: Pick<GeneratedSoftKey, 'algorithm' | 'rsaPrivateKey' | 'sm2PrivateKey'> & { sm2PublicKey?: string },
  original: string,
): Promise<string> {
  const data = new TextEncoder().encode(original);
  if (key.algorithm === 'RSA') {
    if (!key.rsaPrivateKey) throw new Error('no RSA private key');
    return toBase64(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key.rsaPrivateKey, data));
  }
  if (!key.sm2PrivateKey) throw new Error('no SM2 private key');
  const der = sm2.doSignature(Array.from(data), key.sm2PrivateKey, {
    hash: true,
    der: true,
    userId: SM2_USER_ID,
    pointPool: [freshPoint()],
    ...(key.sm2PublicKey ? { publicKey: key.sm2PublicKey } : {}),
  });
  return hexToBase64(der);
}
