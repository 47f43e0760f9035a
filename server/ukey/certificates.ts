import jsrsasign from 'jsrsasign';
import smCrypto from 'sm-crypto';
import {
  asn1,
  base64ToHex,
  fromHex,
  hexToBase64,
  SM2_SPKI_PREFIX,
  SM2_USER_ID,
  type KeyPair,
  type UkeyAlgorithm,
} from './algorithms';

const { KJUR, ASN1HEX, X509 } = jsrsasign;
const { sm2 } = smCrypto;

const OID = {
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  ecPublicKey: '1.2.840.10045.2.1',
  sm2Curve: '1.2.156.10197.1.301',
  sm3WithSm2: '1.2.156.10197.1.501',
} as const;

/** One attribute of a distinguished name, in order from the root (C) to the leaf (CN). */
export interface DnPart {
  type: 'C' | 'ST' | 'L' | 'O' | 'OU' | 'CN';
  value: string;
}

/** What the server and the agent need to know about a certificate. */
export interface ParsedCertificate {
  /** DER, base64: the `pkCa` of a sign record. */
  der: string;
  /** X.509 serial number, upper-case hex without leading zeros. */
  serialHex: string;
  issuerDN: string;
  subjectDN: string;
  notBefore: Date;
  notAfter: Date;
  algorithm: UkeyAlgorithm;
  /** RSA: SPKI PEM; SM2: uncompressed point hex. */
  publicKey: string;
  tbsHex: string;
  signatureAlgorithmOid: string;
  signatureHex: string;
}

const escapeDn = (v: string): string => v.replace(/([,+\\])/g, '\\$1');

/** The DN as the kit and the sign record show it: `C=CN, O=…, CN=…` in certificate order. */
export function dnString(parts: readonly DnPart[]): string {
  return parts.map((p) => `${p.type}=${escapeDn(p.value)}`).join(', ');
}

function x500Name(parts: readonly DnPart[]): unknown {
  // C is PrintableString by RFC 5280; the rest UTF8String so Chinese names survive.
  return new KJUR.asn1.x509.X500Name({
    array: parts.map((p) => [{ type: p.type, value: p.value, ds: p.type === 'C' ? 'prn' : 'utf8' }]),
  } as never);
}

function asn1Time(d: Date): unknown {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  // RFC 5280: UTCTime through 2049, GeneralizedTime after.
  return d.getUTCFullYear() < 2050 ? { utctime: { str: iso.slice(2) } } : { gentime: { str: iso } };
}

function spki(algorithm: UkeyAlgorithm, publicKey: string): unknown {
  if (algorithm === 'SM2') return { asn1: { tlv: SM2_SPKI_PREFIX + publicKey } };
  return { asn1: { tlv: jsrsasign.pemtohex(publicKey, 'PUBLIC KEY') } };
}

const extension = (oid: string, critical: boolean, value: unknown): unknown => ({
  seq: [{ oid: { oid } }, ...(critical ? [{ bool: true }] : []), { octstr: { hex: asn1(value).tohex() } }],
});

export interface CertificateRequest {
  serialHex: string;
  issuer: readonly DnPart[];
  subject: readonly DnPart[];
  notBefore: Date;
  notAfter: Date;
  subjectAlgorithm: UkeyAlgorithm;
  subjectPublicKey: string;
  isCa: boolean;
  /** The issuing key (the subject's own for a self-signed CA certificate). */
  signer: KeyPair;
}

/**
 * Builds and signs an X.509 v3 certificate. jsrsasign's certificate class knows neither the SM2 curve nor
 * SM3withSM2, so the TBSCertificate is assembled from its ASN.1 primitives for both kinds and signed with
 * SHA256withRSA (jsrsasign) or SM3withSM2 (sm-crypto, DER, default user id), as OpenSSL expects.
 */
export function buildCertificate(req: CertificateRequest): string {
  const sigAlg =
    req.signer.algorithm === 'RSA'
      ? { seq: [{ oid: { oid: OID.sha256WithRSA } }, { null: '' }] }
      : { seq: [{ oid: { oid: OID.sm3WithSm2 } }] };
  const keyUsage = req.isCa ? '0000011' : '11'; // keyCertSign+cRLSign | digitalSignature+nonRepudiation
  const extensions = [
    ...(req.isCa ? [extension('2.5.29.19', true, { seq: [{ bool: true }] })] : []),
    extension('2.5.29.15', true, { bitstr: { bin: keyUsage } }),
  ];
  const tbs = asn1({
    seq: [
      { tag: { tage: 'a0', obj: { int: 2 } } },
      { int: { hex: req.serialHex } },
      sigAlg,
      x500Name(req.issuer),
      { seq: [asn1Time(req.notBefore), asn1Time(req.notAfter)] },
      x500Name(req.subject),
      spki(req.subjectAlgorithm, req.subjectPublicKey),
      { tag: { tage: 'a3', obj: { seq: extensions } } },
    ],
  }).tohex();
  let signatureHex: string;
  if (req.signer.algorithm === 'RSA') {
    const sig = new KJUR.crypto.Signature({ alg: 'SHA256withRSA' });
    sig.init(req.signer.privateKey);
    sig.updateHex(tbs);
    signatureHex = sig.sign();
  } else {
    signatureHex = sm2.doSignature(Array.from(fromHex(tbs)), req.signer.privateKey, {
      hash: true,
      der: true,
      publicKey: req.signer.publicKey,
      userId: SM2_USER_ID,
    });
  }
  return hexToBase64(
    asn1({ seq: [{ asn1: { tlv: tbs } }, sigAlg, { bitstr: { hex: '00' + signatureHex } }] }).tohex(),
  );
}

function parseTime(s: string): Date {
  const full = s.length === 13 ? (Number(s.slice(0, 2)) >= 50 ? '19' : '20') + s : s;
  const m = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(full);
  if (!m) throw new Error(`bad certificate time ${s}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

type JsrsasignX509 = InstanceType<typeof X509>;
const dnOf = (name: ReturnType<JsrsasignX509['getIssuer']>): string =>
  dnString((name.array ?? []).flat().map((a) => ({ type: a.type as DnPart['type'], value: a.value })));

/** Parses a base64 DER certificate; throws on anything that is not one of our two key kinds. */
export function parseCertificate(derBase64: string): ParsedCertificate {
  if (typeof derBase64 !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(derBase64))
    throw new Error('not base64');
  const hex = base64ToHex(derBase64);
  if (!ASN1HEX.isASN1HEX(hex)) throw new Error('not DER');
  const x = new X509();
  x.readCertHex(hex);
  const spkiHex = x.getPublicKeyHex();
  const v = (h: string, path: number[], tag?: string): string => {
    const found = ASN1HEX.getVbyList(h, 0, path, tag);
    if (found === null) throw new Error(`missing ${path.join('/')}`);
    return found;
  };
  const keyOid = ASN1HEX.hextooidstr(v(spkiHex, [0, 0], '06'));
  let algorithm: UkeyAlgorithm;
  let publicKey: string;
  if (keyOid === OID.rsaEncryption) {
    algorithm = 'RSA';
    publicKey = jsrsasign.hextopem(spkiHex, 'PUBLIC KEY');
  } else if (keyOid === OID.ecPublicKey && ASN1HEX.hextooidstr(v(spkiHex, [0, 1], '06')) === OID.sm2Curve) {
    algorithm = 'SM2';
    publicKey = v(spkiHex, [1], '03').slice(2);
  } else {
    throw new Error(`unsupported key ${keyOid}`);
  }
  return {
    der: derBase64,
    serialHex: x
      .getSerialNumberHex()
      .replace(/^0+(?=.)/, '')
      .toUpperCase(),
    issuerDN: dnOf(x.getIssuer()),
    subjectDN: dnOf(x.getSubject()),
    notBefore: parseTime(x.getNotBefore()),
    notAfter: parseTime(x.getNotAfter()),
    algorithm,
    publicKey,
    tbsHex: ASN1HEX.getTLVbyList(hex, 0, [0]) as string,
    signatureAlgorithmOid: ASN1HEX.hextooidstr(v(hex, [1, 0], '06')),
    signatureHex: x.getSignatureValueHex(),
  };
}

/** True when `cert` was signed by the key `issuer` (RSA: SHA256withRSA; SM2: SM3withSM2). */
export function verifyCertificateSignature(
  cert: ParsedCertificate,
  issuer: { algorithm: UkeyAlgorithm; publicKey: string },
): boolean {
  try {
    if (issuer.algorithm === 'RSA') {
      if (cert.signatureAlgorithmOid !== OID.sha256WithRSA) return false;
      const sig = new KJUR.crypto.Signature({ alg: 'SHA256withRSA' });
      sig.init(issuer.publicKey);
      sig.updateHex(cert.tbsHex);
      return sig.verify(cert.signatureHex);
    }
    if (cert.signatureAlgorithmOid !== OID.sm3WithSm2) return false;
    return sm2.doVerifySignature(Array.from(fromHex(cert.tbsHex)), cert.signatureHex, issuer.publicKey, {
      hash: true,
      der: true,
      userId: SM2_USER_ID,
    });
  } catch {
    return false;
  }
}

/** PEM of a base64 DER certificate (for files and `openssl`). */
export const certificatePem = (derBase64: string): string =>
  jsrsasign.hextopem(base64ToHex(derBase64), 'CERTIFICATE');

/** A random positive 128-bit serial number (RFC 5280: at most 20 octets, unpredictable). */
export function randomSerialHex(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[0] = (bytes[0]! & 0x7f) | 0x10; // positive, and no leading zero octet to strip
  return Buffer.from(bytes).toString('hex').toUpperCase();
}
