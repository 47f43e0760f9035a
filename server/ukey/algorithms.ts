import { SM2_USER_ID, type UkeyAlgorithm } from '@contract/ukey';
import jsrsasign from 'jsrsasign';
import smCrypto from 'sm-crypto';

const { KJUR } = jsrsasign;
const { sm2 } = smCrypto;

export { SM2_USER_ID, type UkeyAlgorithm };
/** Signature algorithm of the original text for RSA keys (spec section 9: SHA-1 for CA keys). */
export const RSA_SIGN_ALG = 'SHA1withRSA';
/** DER header of an SM2 SubjectPublicKeyInfo, before the 65-byte uncompressed point (TOOLCHAIN.md). */
export const SM2_SPKI_PREFIX = '3059301306072a8648ce3d020106082a811ccf5501822d034200';

/**
 * A key pair as the UKEY code passes it around. RSA: PKCS#8 / SPKI PEM. SM2: sm-crypto's hex forms
 * (private scalar, 64 hex digits; public point `04…`, 130 hex digits).
 */
export interface KeyPair {
  algorithm: UkeyAlgorithm;
  privateKey: string;
  publicKey: string;
}

/** jsrsasign's JSON-to-DER builder (`KJUR.asn1.ASN1Util.newObject`, missing from its type definitions). */
export function asn1(param: unknown): { tohex(): string } {
  const util = KJUR.asn1.ASN1Util as unknown as { newObject(p: unknown): { tohex(): string } };
  return util.newObject(param);
}

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
export const fromHex = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
export const base64ToHex = (b64: string): string => Buffer.from(b64, 'base64').toString('hex');
export const hexToBase64 = (hex: string): string => Buffer.from(hex, 'hex').toString('base64');

function randomHex(bytes: number): string {
  const out = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(out);
  return toHex(out);
}

type Sm2Point = ReturnType<typeof sm2.getPoint>;
type BigIntegerCtor = new (value: string, radix: number) => Sm2Point['k'];
let bigInteger: BigIntegerCtor | null = null;

/**
 * A signing nonce k (with x1 of kG) drawn from the platform CSPRNG. sm-crypto's own generator is an RC4
 * stream seeded once, whose early-output biases are a known risk for ECDSA-like nonces; its `pointPool`
 * option lets us hand in our own.
 */
function freshPoint(): Sm2Point {
  // sm-crypto does not export its BigInteger class; a point it makes carries one.
  bigInteger ??= sm2.getPoint().k.constructor as unknown as BigIntegerCtor;
  const pair = generateSm2(randomHex(32));
  return {
    ...pair,
    k: new bigInteger(pair.privateKey, 16),
    x1: new bigInteger(pair.publicKey.slice(2, 66), 16),
  } as Sm2Point;
}

/** sm-crypto derives the scalar as 1 + (seed mod (n - 1)) from the hex seed it is given. */
function generateSm2(seedHex: string): { privateKey: string; publicKey: string } {
  const generate = sm2.generateKeyPairHex as unknown as (
    seed: string,
    radix: number,
  ) => { privateKey: string; publicKey: string };
  return generate(seedHex, 16);
}

/** A fresh SM2 key pair from the CSPRNG (or from a 64-hex-digit seed, for deterministic demo keys). */
export function sm2KeyPair(seedHex: string = randomHex(32)): KeyPair {
  const pair = generateSm2(seedHex);
  return { algorithm: 'SM2', privateKey: pair.privateKey, publicKey: pair.publicKey };
}

export function sm2PublicKeyPem(publicKeyHex: string): string {
  return jsrsasign.hextopem(SM2_SPKI_PREFIX + publicKeyHex, 'PUBLIC KEY');
}

/** SEC 1 `EC PRIVATE KEY` PEM of an SM2 key (what `openssl pkey` reads). */
export function sm2PrivateKeyPem(pair: KeyPair): string {
  const der = asn1({
    seq: [
      { int: 1 },
      { octstr: { hex: pair.privateKey } },
      { tag: { tage: 'a0', obj: { oid: { oid: '1.2.156.10197.1.301' } } } },
      { tag: { tage: 'a1', obj: { bitstr: { hex: '00' + pair.publicKey } } } },
    ],
  });
  return jsrsasign.hextopem(der.tohex(), 'EC PRIVATE KEY');
}

/**
 * Signs bytes as a UKEY does: RSA → SHA1withRSA (PKCS#1 v1.5); SM2 → SM3 with Z(user id), DER-encoded (r, s).
 * Returns the signature in base64.
 */
export function signBytes(pair: KeyPair, data: Uint8Array): string {
  if (pair.algorithm === 'RSA') {
    const sig = new KJUR.crypto.Signature({ alg: RSA_SIGN_ALG });
    sig.init(pair.privateKey);
    sig.updateHex(toHex(data));
    return hexToBase64(sig.sign());
  }
  const der = sm2.doSignature(Array.from(data), pair.privateKey, {
    hash: true,
    der: true,
    publicKey: pair.publicKey,
    userId: SM2_USER_ID,
    pointPool: [freshPoint()],
  });
  return hexToBase64(der);
}

/** Verifies a base64 signature of `signBytes`' kind; any malformed input is simply `false`. */
export function verifyBytes(
  algorithm: UkeyAlgorithm,
  publicKey: string,
  data: Uint8Array,
  signatureB64: string,
): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureB64)) return false;
  try {
    if (algorithm === 'RSA') {
      const sig = new KJUR.crypto.Signature({ alg: RSA_SIGN_ALG });
      sig.init(publicKey);
      sig.updateHex(toHex(data));
      return sig.verify(base64ToHex(signatureB64));
    }
    return sm2.doVerifySignature(Array.from(data), base64ToHex(signatureB64), publicKey, {
      hash: true,
      der: true,
      userId: SM2_USER_ID,
    });
  } catch {
    return false;
  }
}

/** Signs/verifies the original text: always its UTF-8 bytes (docs/decisions: what is signed). */
export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
