import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sm2PublicKeyPem } from '../../server/ukey/algorithms';
import { certificatePem, parseCertificate } from '../../server/ukey/certificates';
import { DEMO_UKEY_SEED, DEMO_UKEYS, demoKeyPair } from '../../server/ukey/demoKeys';
import { KEY_FILE_FORMAT, KEY_FILE_SUFFIX, type KeyFile } from './keyFiles';
import { PortalClient } from './portalClient';

export interface InitOptions {
  /** Folder the key files are written to. */
  dir: string;
  /** Portal origin, e.g. http://127.0.0.1:8080. */
  server: string;
  password?: string;
  seed?: string;
  log?: (message: string) => void;
  /** Clock for request signatures (a test server's). */
  now?: () => number;
}

const normalisePem = (pem: string): string => pem.replace(/\s/g, '');

/**
 * Writes a key file for every demo key: the private key is derived from the demo seed (as the seeder
 * did), the certificate is the one the server's CA issued, read through the holder's own key list.
 * A certificate whose public key is not the derived one (a server seeded with another seed) is skipped.
 */
export async function initKeyFiles(options: InitOptions): Promise<string[]> {
  const log = options.log ?? (() => undefined);
  mkdirSync(options.dir, { recursive: true });
  const written: string[] = [];
  const holders = [...new Set(DEMO_UKEYS.map((k) => k.username))];
  for (const username of holders) {
    const client = new PortalClient(options.server, options.now);
    await client.login(username, options.password ?? 'Demo@2026');
    const { list } = await client.get<{
      list: Array<{ ukeyNo: string; certificate: string; holderName: string | null }>;
    }>('/corp/v1/ukeys?page=1&size=100');
    for (const key of DEMO_UKEYS.filter((k) => k.username === username)) {
      const item = list.find((i) => i.ukeyNo === key.serial);
      if (!item) {
        log(`${key.label}: not on the server, skipped`);
        continue;
      }
      const pair = demoKeyPair(key, options.seed ?? DEMO_UKEY_SEED);
      const cert = parseCertificate(item.certificate);
      const expected = pair.algorithm === 'RSA' ? pair.publicKey : sm2PublicKeyPem(pair.publicKey);
      const actual = cert.algorithm === 'RSA' ? cert.publicKey : sm2PublicKeyPem(cert.publicKey);
      if (normalisePem(expected) !== normalisePem(actual)) {
        log(`${key.label}: the server's certificate is for another key (other seed?), skipped`);
        continue;
      }
      const file: KeyFile = {
        format: KEY_FILE_FORMAT,
        serialNumber: key.serial,
        printNumber: key.printNumber,
        bank: key.bank,
        algorithm: key.algorithm,
        holder: item.holderName ?? username,
        privateKey: pair.privateKey,
        publicKey: pair.publicKey,
        certificate: certificatePem(item.certificate),
      };
      const path = join(options.dir, `${key.label}${KEY_FILE_SUFFIX}`);
      writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
      written.push(path);
      log(`wrote ${path}`);
    }
  }
  return written;
}
