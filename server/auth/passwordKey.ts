import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt, createPublicKey } from 'node:crypto';
import type { Db } from '../db/db';

/**
 * The RSA key pair with which the browser encrypts the password at login (RSA-OAEP, SHA-256). It lives in
 * the database so every server instance decrypts what any of them handed out.
 */
export interface PasswordKey {
  keyId: string;
  /** SubjectPublicKeyInfo, DER, base64: what WebCrypto `importKey('spki')` takes. */
  publicKeySpki: string;
  decrypt(cipherBase64: string): string;
}

export async function loadPasswordKey(db: Db): Promise<PasswordKey> {
  const found = await db.query<{ value: string }>(
    "select value from server_keys where name = 'password-rsa'",
  );
  let pem = found.rows[0]?.value;
  if (!pem) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const generated = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await db.query(
      "insert into server_keys (name, value) values ('password-rsa', $1) on conflict (name) do nothing",
      [generated],
    );
    pem = (await db.query<{ value: string }>("select value from server_keys where name = 'password-rsa'"))
      .rows[0]!.value;
  }
  return fromPem(pem);
}

/** The cipher of a login's password: RSA-OAEP with SHA-256 (the browser's side: src/api/passwordCipher.ts). */
const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const;

/**
 * What a client sends as a login's `password`: `password` encrypted with the server's public key (SPKI, DER,
 * base64, as `GET /v1/auth/passwords/public-keys` hands it out), base64. For Node clients (tests, tools).
 */
export function encryptPassword(spkiBase64: string, password: string): string {
  const key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt({ key, ...OAEP }, Buffer.from(password)).toString('base64');
}

function fromPem(pem: string): PasswordKey {
  const spki = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  const keyId = spki.subarray(-8).toString('hex');
  return {
    keyId,
    publicKeySpki: spki.toString('base64'),
    decrypt(cipherBase64: string): string {
      return privateDecrypt({ key: pem, ...OAEP }, Buffer.from(cipherBase64, 'base64')).toString('utf8');
    },
  };
}
