import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signBytes,
  sm2PrivateKeyPem,
  sm2PublicKeyPem,
  utf8,
  verifyBytes,
  type KeyPair,
} from '@server/ukey/algorithms';
import { certificatePem, parseCertificate } from '@server/ukey/certificates';
import { DEMO_UKEYS, demoKeyPair } from '@server/ukey/demoKeys';
import { loadTestCas, type TestCas } from '@server/ukey/testCa';
import { testServer, type TestServer } from './helpers';
import { certificateOf } from './ukeyHelpers';

/**
 * Differential checks against OpenSSL 3 on the command line: our signatures and certificates must be what
 * OpenSSL makes and accepts, and OpenSSL's signatures must verify in our code.
 */
let dir: string;
let s: TestServer;
let cas: TestCas;
const ORIGINAL = 'SCF-UKEY-SIGN/1;nonce=00ff;user=core_director;purpose=SIGN;备注=中文也按UTF-8签名';
const SM2_OPT = ['-sigopt', 'distid:1234567812345678'];

const rsaKey = DEMO_UKEYS.find((k) => k.algorithm === 'RSA' && !k.revoked)!;
const sm2Key = DEMO_UKEYS.find((k) => k.algorithm === 'SM2')!;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ukey-openssl-'));
  writeFileSync(join(dir, 'original.txt'), ORIGINAL, 'utf8');
  s = await testServer();
  cas = await loadTestCas(s.db);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s.app.close();
  await s.db.close();
});

const file = (name: string, content: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** Runs openssl; returns its exit status and output (stderr included). */
function openssl(...args: string[]): { status: number; out: string } {
  const r = spawnSync('openssl', args, { encoding: 'utf8' });
  return { status: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

function publicPem(pair: KeyPair): string {
  return pair.algorithm === 'RSA' ? pair.publicKey : sm2PublicKeyPem(pair.publicKey);
}

const digestArgs = (pair: KeyPair): string[] => (pair.algorithm === 'RSA' ? ['-sha1'] : ['-sm3', ...SM2_OPT]);

describe('signatures against OpenSSL 3', () => {
  it('prints its version (the differential partner is really there)', () => {
    expect(execFileSync('openssl', ['version'], { encoding: 'utf8' })).toMatch(/^OpenSSL 3\./);
  });

  for (const key of [rsaKey, sm2Key]) {
    it(`OpenSSL verifies our ${key.algorithm} signature and refuses it over other bytes`, () => {
      const pair = demoKeyPair(key);
      const pub = file(`${key.label}.pub.pem`, publicPem(pair));
      const sig = file(`${key.label}.sig`, Buffer.from(signBytes(pair, utf8(ORIGINAL)), 'base64'));
      const ok = openssl(
        'dgst',
        ...digestArgs(pair),
        '-verify',
        pub,
        '-signature',
        sig,
        join(dir, 'original.txt'),
      );
      expect(ok.out).toContain('Verified OK');
      expect(ok.status).toBe(0);
      const other = file('other.txt', `${ORIGINAL}!`);
      const bad = openssl('dgst', ...digestArgs(pair), '-verify', pub, '-signature', sig, other);
      expect(bad.status).not.toBe(0);
      expect(bad.out).toContain('Verification failure');
    });

    it(`our code verifies OpenSSL's ${key.algorithm} signature`, () => {
      const pair = demoKeyPair(key);
      const priv = file(
        `${key.label}.key.pem`,
        pair.algorithm === 'RSA' ? pair.privateKey : sm2PrivateKeyPem(pair),
      );
      const sigPath = join(dir, `${key.label}.openssl.sig`);
      const made = openssl(
        'dgst',
        ...digestArgs(pair),
        '-sign',
        priv,
        '-out',
        sigPath,
        join(dir, 'original.txt'),
      );
      expect(made.status, made.out).toBe(0);
      const signature = readFileSync(sigPath).toString('base64');
      expect(verifyBytes(pair.algorithm, pair.publicKey, utf8(ORIGINAL), signature)).toBe(true);
      expect(verifyBytes(pair.algorithm, pair.publicKey, utf8(`${ORIGINAL} `), signature)).toBe(false);
    });
  }
});

describe('certificates against OpenSSL 3', () => {
  for (const algorithm of ['RSA', 'SM2'] as const) {
    it(`the ${algorithm} CA certificate and a demo key's certificate parse, chain and match our reading`, async () => {
      const key = algorithm === 'RSA' ? rsaKey : sm2Key;
      const der = await certificateOf(s.db, key.serial);
      const certPath = file(`${key.label}.crt`, certificatePem(der));
      const caPath = file(`${algorithm}.ca.crt`, certificatePem(cas[algorithm].certificate));
      const text = openssl(
        'x509',
        '-in',
        certPath,
        '-noout',
        '-text',
        '-nameopt',
        'utf8,sep_comma_plus_space',
      );
      expect(text.status, text.out).toBe(0);
      expect(text.out).toContain(algorithm === 'RSA' ? 'sha256WithRSAEncryption' : 'SM2-with-SM3');
      expect(text.out).toContain(algorithm === 'RSA' ? 'Public-Key: (2048 bit)' : 'ASN1 OID: SM2');
      const parsed = parseCertificate(der);
      expect(text.out).toContain(`Subject: ${parsed.subjectDN}`);
      expect(text.out).toContain(`Issuer: ${parsed.issuerDN}`);
      const serial = openssl('x509', '-in', certPath, '-noout', '-serial');
      expect(serial.out.trim()).toBe(`serial=${parsed.serialHex}`);
      // OpenSSL 3 checks an SM2 certificate signature with the default signer id only when told (-vfyopt).
      const vfy = algorithm === 'SM2' ? ['-vfyopt', 'distid:1234567812345678'] : [];
      const verified = openssl('verify', ...vfy, '-CAfile', caPath, certPath);
      expect(verified.out.trim()).toBe(`${certPath}: OK`);
      // The public key in the certificate is the demo key's.
      const pub = openssl('x509', '-in', certPath, '-noout', '-pubkey');
      expect(pub.out.replace(/\s/g, '')).toBe(publicPem(demoKeyPair(key)).replace(/\s/g, ''));
    });
  }

  it('OpenSSL refuses a certificate checked against the other CA', async () => {
    const der = await certificateOf(s.db, rsaKey.serial);
    const certPath = file('rsa-leaf.crt', certificatePem(der));
    const wrongCa = file('sm2-ca.crt', certificatePem(cas.SM2.certificate));
    expect(openssl('verify', '-CAfile', wrongCa, certPath).status).not.toBe(0);
  });
});
