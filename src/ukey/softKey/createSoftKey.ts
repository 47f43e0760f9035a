import type { UkeyAlgorithm } from '@contract/ukey';
import { fetchOriginal, requestSoftKeyCertificate } from '../ukeyApi';
import { generateSoftKey, signWithSoftKey } from './softKeyCrypto';
import type { SoftKeyRecord, SoftKeyStore } from './softKeyStore';

export interface CreateSoftKeyDeps {
  getOriginal?: typeof fetchOriginal;
  requestCertificate?: typeof requestSoftKeyCertificate;
  now?: () => Date;
}

/**
 * Makes a soft key for `owner`: generates the key pair in the browser, proves possession by signing an
 * original issued for that purpose, has the server's CA certify the public key (which binds it to the
 * user's enterprise) and keeps key and certificate in the store. Replaces an earlier soft key.
 */
export async function createSoftKey(
  owner: string,
  algorithm: UkeyAlgorithm,
  store: SoftKeyStore,
  deps: CreateSoftKeyDeps = {},
): Promise<SoftKeyRecord> {
  const getOriginal = deps.getOriginal ?? fetchOriginal;
  const requestCertificate = deps.requestCertificate ?? requestSoftKeyCertificate;
  const key = await generateSoftKey(algorithm);
  const original = await getOriginal({ purpose: 'soft-key' });
  const proof = await signWithSoftKey(
    { ...key, ...(algorithm === 'SM2' ? { sm2PublicKey: key.publicKey } : {}) },
    original,
  );
  const issued = await requestCertificate({ algorithm, publicKey: key.publicKey, original, proof });
  const record: SoftKeyRecord = {
    owner,
    algorithm,
    ukeyNo: issued.ukeyNo,
    printNumber: issued.printNumber,
    bank: issued.bank,
    raType: issued.raType,
    certificate: issued.certificate,
    certSerial: issued.certSerial,
    issuerDN: issued.issuerDN,
    subjectDN: issued.subjectDN,
    createdAt: (deps.now ?? (() => new Date()))().toISOString(),
    ...(key.rsaPrivateKey ? { rsaPrivateKey: key.rsaPrivateKey } : {}),
    ...(key.sm2PrivateKey ? { sm2PrivateKey: key.sm2PrivateKey, sm2PublicKey: key.publicKey } : {}),
  };
  await store.put(record);
  return record;
}
