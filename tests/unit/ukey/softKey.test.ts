import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { utf8, verifyBytes } from '@server/ukey/algorithms';
import { DEFAULT_UKEY_RULES } from '@contract/ukey';
import { runUkeyFlow } from '@/ukey/runUkeyFlow';
import { createSoftKey } from '@/ukey/softKey/createSoftKey';
import { createSoftKeyDriver } from '@/ukey/softKey/softKeyDriver';
import { memorySoftKeyStore } from '@/ukey/softKey/softKeyStore';
import type { UkeyAlgorithm } from '@contract/ukey';

const spkiPem = (b64: string): string =>
  createPublicKey({ key: Buffer.from(b64, 'base64'), format: 'der', type: 'spki' })
    .export({ type: 'spki', format: 'pem' })
    .toString();

describe('the browser soft key', () => {
  for (const algorithm of ['RSA', 'SM2'] as const satisfies readonly UkeyAlgorithm[]) {
    it(`${algorithm}: proves possession, keeps the certificate and signs through the flow`, async () => {
      const store = memorySoftKeyStore();
      let proofRequest: { algorithm: string; publicKey: string; original: string; proof: string } | undefined;
      const record = await createSoftKey('U0006', algorithm, store, {
        getOriginal: async (q) => {
          expect(q).toEqual({ purpose: 'soft-key' });
          return 'SCF-UKEY-SIGN/1;nonce=01;purpose=SOFT_KEY';
        },
        requestCertificate: async (body) => {
          proofRequest = body;
          return {
            ukeyNo: algorithm === 'SM2' ? 'SKG000001001' : 'SKJ0000000001001',
            printNumber: '9000000000001001',
            bank: 'SCF',
            raType: 'SOFTCA',
            algorithm,
            certificate: 'Y2VydA==',
            certSerial: 'AB01',
            issuerDN: 'C=CN, CN=SCF Test CA',
            subjectDN: 'C=CN, CN=刘海峰',
          };
        },
      });
      // The server can check the proof with the public key it was sent (cross-implementation).
      const pub = algorithm === 'RSA' ? spkiPem(proofRequest!.publicKey) : proofRequest!.publicKey;
      expect(verifyBytes(algorithm, pub, utf8(proofRequest!.original), proofRequest!.proof)).toBe(true);
      expect(record).toMatchObject({ owner: 'U0006', algorithm, bank: 'SCF' });
      if (algorithm === 'RSA') expect(record.rsaPrivateKey?.extractable).toBe(false);
      expect(await store.get('U0006')).toBe(record);

      const result = await runUkeyFlow({
        driver: createSoftKeyDriver('U0006', store),
        rules: DEFAULT_UKEY_RULES,
        bank: 'SCF',
        getOriginal: async () => '原文：测试签名',
      });
      expect(result).toMatchObject({
        code: 0,
        record: { ukeyNo: record.ukeyNo, algorithmType: algorithm, raType: 'SOFTCA' },
      });
      expect(verifyBytes(algorithm, pub, utf8('原文：测试签名'), result.record!.signature)).toBe(true);
      expect(verifyBytes(algorithm, pub, utf8('原文'), result.record!.signature)).toBe(false);
    });
  }

  it('without a soft key the flow says no key is inserted', async () => {
    const result = await runUkeyFlow({
      driver: createSoftKeyDriver('U0001', memorySoftKeyStore()),
      rules: DEFAULT_UKEY_RULES,
      getOriginal: async () => 'x',
    });
    expect(result).toEqual({ code: 2, message: '请检查Ukey是否正确插入。' });
  });
});
