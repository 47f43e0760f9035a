import { UkeyDriverError, type UkeyDriver } from '../driver';
import { SOFT_KEY_MESSAGES } from '../flowCodes';
import { signWithSoftKey } from './softKeyCrypto';
import type { SoftKeyRecord, SoftKeyStore } from './softKeyStore';

/**
 * The browser soft key as a UKEY driver (register/abs/identify/soft-key): the "inserted key" is the soft
 * key this browser keeps for the user. It is part of the page, so no driver version applies.
 */
export function createSoftKeyDriver(owner: string, store: SoftKeyStore): UkeyDriver {
  async function record(keyId: string): Promise<SoftKeyRecord> {
    const rec = await store.get(owner);
    // CRYPT_E_NOT_FOUND: what a certificate kit reports when the store has no such certificate.
    if (!rec || rec.ukeyNo !== keyId) throw new UkeyDriverError('证书库中没有可用的证书', '0x80092004');
    return rec;
  }
  return {
    kind: 'soft',
    messages: SOFT_KEY_MESSAGES,
    async listKeys() {
      const rec = await store.get(owner);
      return rec ? [{ keyId: rec.ukeyNo, label: rec.ukeyNo }] : [];
    },
    printNumber: async (keyId) => (await record(keyId)).printNumber,
    selectCertificate: async (keyId) => (await record(keyId)).certificate,
    serialNumber: async (keyId) => (await record(keyId)).ukeyNo,
    algorithm: async (keyId) => (await record(keyId)).algorithm,
    issuerDN: async (keyId) => (await record(keyId)).issuerDN,
    subjectDN: async (keyId) => (await record(keyId)).subjectDN,
    async sign(keyId, original) {
      const rec = await record(keyId);
      try {
        return await signWithSoftKey(rec, original);
      } catch {
        throw new UkeyDriverError('证书签名失败', '0x80090020');
      }
    },
  };
}
