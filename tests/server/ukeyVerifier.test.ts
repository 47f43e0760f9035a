import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sm2KeyPair, type KeyPair } from '@server/ukey/algorithms';
import { buildCertificate, randomSerialHex } from '@server/ukey/certificates';
import { issueCertificate, loadTestCas, ukeySubject } from '@server/ukey/testCa';
import { insertBinding } from '@server/ukey/ukeyStore';
import { clock, loggedIn, testServer, type Browser, type TestServer } from './helpers';
import { demoSigner, fetchOriginal, signRecord, type SignAs } from './ukeyHelpers';

let s: TestServer;
let director: Browser;
const startedAt = clock.now;

beforeAll(async () => {
  s = await testServer();
  director = await loggedIn(s.app, 'core_director');
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});
afterEach(() => {
  clock.now = startedAt;
});

const verify = (b: Browser, signature: unknown) =>
  b.call('POST', '/v1/auth/ukey/verify-sign', { body: { signature } });

function rsaPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    algorithm: 'RSA',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** A key of the core group with a certificate made to order, bound like a real one. */
async function boundKey(ukeyNo: string, certificate: string, pair: KeyPair): Promise<SignAs> {
  await s.db.transaction((tx) =>
    insertBinding(tx, {
      certificate,
      ukeyNo,
      corpId: 'CORE001',
      holderUserId: 'U0002',
      bank: 'CCB',
      raType: 'CCBCA',
      printNumber: '1050202600000999',
      kind: 'HARDWARE',
    }),
  );
  return { ukeyNo, printNumber: '1050202600000999', bank: 'CCB', pair, certificate };
}

describe('the UKEY signature verifier', () => {
  it('accepts RSA (SHA1withRSA) and SM2 (SM3) signatures of the bound keys', async () => {
    for (const label of ['core_director-rsa', 'core_director-sm2']) {
      const key = await demoSigner(s.db, label);
      const res = await verify(director, signRecord(key, await fetchOriginal(director)));
      expect(res.json(), label).toMatchObject({
        code: '0',
        data: {
          verified: true,
          ukeyNo: key.ukeyNo,
          algorithmType: label.endsWith('rsa') ? 'RSA' : 'SM2',
          holderName: '李志强',
        },
      });
    }
  });

  it('refuses a tampered signature and leaves the original usable', async () => {
    const key = await demoSigner(s.db, 'core_director-sm2');
    const original = await fetchOriginal(director);
    const record = signRecord(key, original);
    const bytes = Buffer.from(record.signature, 'base64');
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0x01;
    const tampered = await verify(director, { ...record, signature: bytes.toString('base64') });
    expect(tampered.json()).toMatchObject({
      code: 'SCF.UKEY_SIGNATURE_INVALID',
      message: 'UKEY签名验证失败',
    });
    expect((await verify(director, record)).json().code).toBe('0');
  });

  it('refuses an RSA signature over other text', async () => {
    const key = await demoSigner(s.db, 'core_director-rsa');
    const original = await fetchOriginal(director);
    const record = { ...signRecord(key, original.replace('SIGN', 'SIGX')), original };
    expect((await verify(director, record)).json().code).toBe('SCF.UKEY_SIGNATURE_INVALID');
  });

  it('refuses an original this server never issued', async () => {
    const key = await demoSigner(s.db, 'core_director-rsa');
    const res = await verify(director, signRecord(key, `${await fetchOriginal(director)}x`));
    expect(res.json()).toMatchObject({
      code: 'SCF.UKEY_ORIGINAL_INVALID',
      message: '签名原文无效，请重新签名',
    });
  });

  it('refuses an original issued to another session, even of the same user', async () => {
    const other = await loggedIn(s.app, 'core_director');
    const key = await demoSigner(s.db, 'core_director-rsa');
    const res = await verify(director, signRecord(key, await fetchOriginal(other)));
    expect(res.json()).toMatchObject({
      code: 'SCF.UKEY_ORIGINAL_FOREIGN',
      message: '签名原文不是签发给当前登录会话的，请重新签名',
    });
  });

  it('refuses a reused original', async () => {
    const key = await demoSigner(s.db, 'core_director-rsa');
    const record = signRecord(key, await fetchOriginal(director));
    expect((await verify(director, record)).json().code).toBe('0');
    const again = await verify(director, record);
    expect(again.json()).toMatchObject({
      code: 'SCF.UKEY_ORIGINAL_USED',
      message: '签名原文已被使用，请重新签名',
    });
  });

  it('refuses an original older than ten minutes', async () => {
    const key = await demoSigner(s.db, 'core_director-rsa');
    const record = signRecord(key, await fetchOriginal(director));
    clock.now = new Date(startedAt.getTime() + 11 * 60 * 1000);
    expect((await verify(director, record)).json()).toMatchObject({
      code: 'SCF.UKEY_ORIGINAL_EXPIRED',
      message: '签名原文已过期，请重新签名',
    });
  });

  it('refuses a key bound to another enterprise', async () => {
    const key = await demoSigner(s.db, 'chain_director-sm2');
    const res = await verify(director, signRecord(key, await fetchOriginal(director)));
    expect(res.json()).toMatchObject({
      code: 'SCF.UKEY_NOT_BOUND',
      message: '该UKEY未绑定到贵企业，不能用于签名',
    });
    // The same key works for its own enterprise.
    const chain = await loggedIn(s.app, 'chain_director');
    expect((await verify(chain, signRecord(key, await fetchOriginal(chain)))).json().code).toBe('0');
  });

  it('refuses a revoked certificate', async () => {
    const key = await demoSigner(s.db, 'core_director-old');
    const res = await verify(director, signRecord(key, await fetchOriginal(director)));
    expect(res.json()).toMatchObject({ code: 'SCF.UKEY_CERT_REVOKED', message: 'UKEY证书已被吊销' });
  });

  it('refuses an expired certificate', async () => {
    const cas = await loadTestCas(s.db);
    const pair = sm2KeyPair();
    const issued = issueCertificate(cas, {
      algorithm: 'SM2',
      publicKey: pair.publicKey,
      subject: ukeySubject('华建集团第一工程局有限公司', '91350100M000100Y43', '李志强'),
      notBefore: new Date('2023-01-01T00:00:00Z'),
      notAfter: new Date('2025-01-01T00:00:00Z'),
    });
    const key = await boundKey('CBG260000888', issued.certificate, pair);
    const res = await verify(director, signRecord(key, await fetchOriginal(director)));
    expect(res.json()).toMatchObject({ code: 'SCF.UKEY_CERT_EXPIRED', message: 'UKEY证书已过期或尚未生效' });
  });

  it('refuses a certificate of a foreign CA, even one that copies our CA name', async () => {
    const cas = await loadTestCas(s.db);
    const foreignCa = rsaPair();
    const pair = rsaPair();
    const certificate = buildCertificate({
      serialHex: randomSerialHex(),
      issuer: cas.RSA.dn,
      subject: ukeySubject('华建集团第一工程局有限公司', '91350100M000100Y43', '李志强'),
      notBefore: new Date('2026-01-01T00:00:00Z'),
      notAfter: new Date('2028-01-01T00:00:00Z'),
      subjectAlgorithm: 'RSA',
      subjectPublicKey: pair.publicKey,
      isCa: false,
      signer: foreignCa,
    });
    const key = await boundKey('CBJ2026000000777', certificate, pair);
    const res = await verify(director, signRecord(key, await fetchOriginal(director)));
    expect(res.json()).toMatchObject({
      code: 'SCF.UKEY_CERT_UNTRUSTED',
      message: 'UKEY证书不是由平台认可的证书颁发机构签发',
    });
  });

  it('refuses a record whose key number or DN does not match the certificate', async () => {
    const key = await demoSigner(s.db, 'core_director-rsa');
    const wrongNo = { ...signRecord(key, await fetchOriginal(director)), ukeyNo: 'CBJ2026000000102' };
    expect((await verify(director, wrongNo)).json()).toMatchObject({
      code: 'SCF.UKEY_RECORD_MISMATCH',
      message: '签名信息与UKEY证书不一致',
    });
    const wrongDn = { ...signRecord(key, await fetchOriginal(director)), subjectDN: 'C=CN, CN=someone' };
    expect((await verify(director, wrongDn)).json().code).toBe('SCF.UKEY_RECORD_MISMATCH');
  });

  it('refuses a garbled certificate and an incomplete record', async () => {
    const key = await demoSigner(s.db, 'core_director-rsa');
    const record = signRecord(key, await fetchOriginal(director));
    expect((await verify(director, { ...record, pkCa: 'AAAA' })).json()).toMatchObject({
      code: 'SCF.UKEY_CERT_INVALID',
      message: 'UKEY证书格式错误',
    });
    const { signature: _dropped, ...incomplete } = record;
    expect((await verify(director, incomplete)).json()).toMatchObject({
      code: 'SCF.SIGNATURE_REQUIRED',
      message: '该操作需要使用UKEY签名',
    });
  });

  it('requires a scope when the caller asks for one', async () => {
    const { verifyUkeySignature } = await import('@server/ukey/verifier');
    const key = await demoSigner(s.db, 'core_director-rsa');
    const user = { id: 'U0002', corpId: 'CORE001' } as Parameters<typeof verifyUkeySignature>[2];
    const sessionHash = (
      await s.db.query<{ id_hash: string }>(
        "select id_hash from sessions where user_id = 'U0002' order by created_at desc limit 1",
      )
    ).rows[0]!.id_hash;
    // The most recent session of core_director may be another test's; issue the original to it directly.
    const { issueOriginal } = await import('@server/ukey/originals');
    const scoped = await issueOriginal(s.db, {
      sessionHash,
      userId: 'U0002',
      username: 'core_director',
      corpId: 'CORE001',
      purpose: 'SIGN',
      scope: 'creditVoucher/42/approve',
      now: clock.now,
    });
    const record = signRecord(key, scoped);
    await expect(
      s.db.transaction((tx) =>
        verifyUkeySignature(tx, record, user, sessionHash, {
          now: clock.now,
          scope: 'creditVoucher/43/approve',
        }),
      ),
    ).rejects.toMatchObject({
      code: 'UKEY_ORIGINAL_INVALID',
    });
    const ok = await s.db.transaction((tx) =>
      verifyUkeySignature(tx, record, user, sessionHash, {
        now: clock.now,
        scope: 'creditVoucher/42/approve',
      }),
    );
    expect(ok).toMatchObject({ corpId: 'CORE001', kind: 'HARDWARE' });
  });

  it('needs a logged-in session, CSRF token and request signature', async () => {
    const key = await demoSigner(s.db, 'core_director-rsa');
    const record = signRecord(key, await fetchOriginal(director));
    expect(
      (
        await director.call('POST', '/v1/auth/ukey/verify-sign', {
          body: { signature: record },
          noCsrf: true,
        })
      ).json().code,
    ).toBe('SCF.CSRF_INVALID');
    expect(
      (await director.call('GET', '/v1/auth/cas/add/info/original', { headers: { cookie: '' } })).statusCode,
    ).toBe(401);
  });
});
