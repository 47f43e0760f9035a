import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBytes, sm2KeyPair, utf8, type KeyPair } from '@server/ukey/algorithms';
import { parseCertificate } from '@server/ukey/certificates';
import { loggedIn, testServer, type Browser, type TestServer } from './helpers';
import { demoSigner, fetchOriginal, signRecord } from './ukeyHelpers';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

describe('signing calls of spec section 7', () => {
  it('GET /v1/auth/ccbca/rules gives the spec defaults and the issuers', async () => {
    const b = await loggedIn(s.app, 'core_director');
    const data = (await b.call('GET', '/v1/auth/ccbca/rules')).json().data;
    expect(data).toMatchObject({
      gmChars: ['G', 'H', 'I'],
      otherChars: ['J', 'K'],
      gmSerialLength: 12,
      minDriverVersion: '2.3.0',
      rsa: { keySize: 2048, hash: 'SHA1' },
      sm2: { hash: 'SM3', userId: '1234567812345678' },
    });
    expect(data.issuers.map((i: { code: string }) => i.code)).toEqual([
      'CCB',
      'ICBC',
      'ABC',
      'BOC',
      'BOCOM',
      'SCF',
    ]);
  });

  it('GET /v1/auth/cas/add/info/original hands out a fresh text each time', async () => {
    const b = await loggedIn(s.app, 'chain_director');
    const a = await fetchOriginal(b);
    const c = await fetchOriginal(b, { scope: 'creditVoucher/7/approve' });
    expect(a).toMatch(
      /^SCF-UKEY-SIGN\/1;nonce=[0-9a-f]{32};user=chain_director;corp=SUP001;purpose=SIGN;time=2026-11-20T02:00:00\.000Z$/,
    );
    expect(c).toContain(';scope=creditVoucher/7/approve;');
    expect(a).not.toBe(c);
    expect(
      (await b.call('GET', '/v1/auth/cas/add/info/original', { query: { scope: 'bad scope!' } })).json().code,
    ).toBe('SCF.BAD_REQUEST');
  });

  it('the key-binding check answers true only for enterprises with a CCB key (canInputCCBNumber)', async () => {
    const core = await loggedIn(s.app, 'core_operator');
    expect((await core.call('GET', '/v1/auth/v1/ca/is-use/ukey-bind/verify/function')).json()).toMatchObject({
      code: '0',
      data: true,
    });
    const chain = await loggedIn(s.app, 'chain_operator');
    expect((await chain.call('GET', '/v1/auth/v1/ca/is-use/ukey-bind/verify/function')).json()).toMatchObject(
      { code: '0', data: false },
    );
  });

  it('state-ca is normal for an enterprise with a usable key, not for one without', async () => {
    const unit = await loggedIn(s.app, 'unit_query');
    expect((await unit.call('GET', '/corp/v1/corps/state-ca/is-normal')).json()).toMatchObject({
      code: '0',
      data: true,
    });
    const fresh = await loggedIn(s.app, 'new_user');
    expect((await fresh.call('GET', '/corp/v1/corps/state-ca/is-normal')).json()).toMatchObject({
      code: '0',
      data: false,
    });
    expect((await fresh.call('GET', '/v1/auth/cfca/controls/enable')).json()).toMatchObject({
      code: '0',
      data: true,
    });
  });
});

describe('the ukey list', () => {
  it("shows the enterprise's own keys with status, holder and certificate", async () => {
    const b = await loggedIn(s.app, 'core_query');
    const res = (await b.call('GET', '/corp/v1/ukeys', { query: { page: '1', size: '10' } })).json();
    expect(res.code).toBe('0');
    const byNo = Object.fromEntries(res.data.list.map((i: { ukeyNo: string }) => [i.ukeyNo, i]));
    expect(Object.keys(byNo).sort()).toEqual(['CBG260000102', 'CBJ2024000000099', 'CBJ2026000000101']);
    expect(byNo.CBJ2026000000101).toMatchObject({
      status: 'NORMAL',
      algorithm: 'RSA',
      bankName: '中国建设银行',
      holderName: '李志强',
      kind: 'HARDWARE',
    });
    expect(byNo.CBG260000102).toMatchObject({ status: 'NORMAL', algorithm: 'SM2' });
    expect(byNo.CBJ2024000000099).toMatchObject({ status: 'REVOKED' });
    expect(parseCertificate(byNo.CBJ2026000000101.certificate).serialHex).toBe(
      byNo.CBJ2026000000101.certSerial,
    );
    expect(res.data.pagecond).toEqual({ count: 3, page: 1, size: 10 });
    const filtered = (await b.call('GET', '/corp/v1/ukeys', { query: { status: 'REVOKED' } })).json().data;
    expect(filtered.list.map((i: { ukeyNo: string }) => i.ukeyNo)).toEqual(['CBJ2024000000099']);
  });

  it("reads the records of the model ukeyBinding: each enterprise its own, never another's by id", async () => {
    const records = '/biz/v1/models/ukeyBinding/records';
    const core = await loggedIn(s.app, 'core_query');
    const mine = (await core.call('GET', records)).json().data.list as Array<Record<string, unknown>>;
    expect(mine.map((r) => r.ukeyNo).sort()).toEqual([
      'CBG260000102',
      'CBJ2024000000099',
      'CBJ2026000000101',
    ]);
    expect(mine.every((r) => r.corpId === 'CORE001' && r.status === 'ACTIVE')).toBe(true);
    const one = (await core.call('GET', `${records}/${String(mine[0]!.id)}`)).json();
    expect(one.code).toBe('0');
    expect(one.data.audit.map((e: { action: string }) => e.action)).toEqual(['bind']);
    const chain = await loggedIn(s.app, 'chain_query');
    const theirs = (await chain.call('GET', records)).json().data.list as Array<Record<string, unknown>>;
    expect(theirs.some((r) => mine.some((m) => m.id === r.id))).toBe(false);
    expect((await chain.call('GET', `${records}/${String(mine[0]!.id)}`)).json().code).not.toBe('0');
    // Nobody binds or unbinds through the models API: the CA's calls do (server/models/ukeyBindings.ts).
    expect(
      (
        await core.call('POST', `${records}/${String(mine[0]!.id)}/actions/unbind`, { body: { version: 1 } })
      ).json().code,
    ).not.toBe('0');
  });
});

describe('ukey applications (records of the model ukeyApplication)', () => {
  const RECORDS = '/biz/v1/models/ukeyApplication/records';
  const valid = {
    ukeyBank: 'CCB',
    algorithm: 'SM2',
    holderUserId: 'U0002',
    quantity: 1,
    contactMobile: '13800000002',
    reason: '新增主管岗签名UKEY',
  };

  it('an operator applies, sees the application and its detail; the holder is named by the server', async () => {
    const b = await loggedIn(s.app, 'core_operator');
    const created = (await b.call('POST', RECORDS, { body: { ...valid, holderName: '别人' } })).json();
    expect(created).toMatchObject({ code: '0', data: { status: 'SUBMITTED', holderName: '李志强' } });
    const list = (await b.call('GET', RECORDS)).json().data;
    expect(list.list[0]).toMatchObject({
      id: created.data.id,
      holderName: '李志强',
      createdByName: '张建国',
      status: 'SUBMITTED',
    });
    const detail = (await b.call('GET', `${RECORDS}/${created.data.id}`)).json();
    expect(detail).toMatchObject({
      code: '0',
      data: { ukeyBank: 'CCB', algorithm: 'SM2', reason: '新增主管岗签名UKEY' },
    });
    // Another enterprise does not see it.
    const other = await loggedIn(s.app, 'chain_operator');
    expect((await other.call('GET', `${RECORDS}/${created.data.id}`)).json().code).toBe(
      'SCF.RECORD_FORBIDDEN',
    );
  });

  it('refuses query roles, invalid applications and a holder of another enterprise', async () => {
    const query = await loggedIn(s.app, 'core_query');
    expect((await query.call('POST', RECORDS, { body: valid })).json().code).toBe('SCF.CREATE_FORBIDDEN');
    const b = await loggedIn(s.app, 'core_operator');
    for (const bad of [
      { ...valid, contactMobile: '12800000002' },
      { ...valid, ukeyBank: 'SCF' },
      { ...valid, quantity: 9 },
      { ...valid, reason: '' },
    ]) {
      expect((await b.call('POST', RECORDS, { body: bad })).json().code).toBe('SCF.RECORD_INVALID');
    }
    const foreign = (await b.call('POST', RECORDS, { body: { ...valid, holderUserId: 'U0006' } })).json();
    expect(foreign).toMatchObject({
      code: 'SCF.UKEY_HOLDER_UNKNOWN',
      message: 'UKEY持有人须为本企业的用户，请重新选择',
    });
  });
});

describe('soft keys', () => {
  async function issue(b: Browser, pair: KeyPair, publicKey: string) {
    const original = await fetchOriginal(b, { purpose: 'soft-key' });
    const proof = signBytes(pair, utf8(original));
    return b.call('POST', '/v1/auth/ukey/soft-keys', {
      body: { algorithm: pair.algorithm, publicKey, original, proof },
    });
  }

  it('certifies an SM2 and an RSA key after proof of possession; they sign like any bound key', async () => {
    const b = await loggedIn(s.app, 'chain_director');
    const sm2 = sm2KeyPair();
    const sm2Res = (await issue(b, sm2, sm2.publicKey)).json();
    expect(sm2Res).toMatchObject({ code: '0', data: { algorithm: 'SM2', bank: 'SCF', raType: 'SOFTCA' } });
    expect(sm2Res.data.ukeyNo).toMatch(/^SKG\d{9}$/);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsa: KeyPair = {
      algorithm: 'RSA',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
    const rsaRes = (
      await issue(b, rsa, publicKey.export({ type: 'spki', format: 'der' }).toString('base64'))
    ).json();
    expect(rsaRes).toMatchObject({ code: '0', data: { algorithm: 'RSA' } });
    expect(rsaRes.data.ukeyNo).toMatch(/^SKJ\d{13}$/);
    expect(parseCertificate(rsaRes.data.certificate).subjectDN).toBe(
      'C=CN, O=华建建材供应有限公司, OU=911100001000044477, CN=刘海峰',
    );

    // The newer soft key replaced the older one: the SM2 one no longer signs.
    const sign = (issued: typeof rsaRes.data, pair: KeyPair, original: string) =>
      signRecord(
        {
          ukeyNo: issued.ukeyNo,
          printNumber: issued.printNumber,
          bank: 'SCF',
          pair,
          certificate: issued.certificate,
        },
        original,
      );
    const okRes = await b.call('POST', '/v1/auth/ukey/verify-sign', {
      body: { signature: sign(rsaRes.data, rsa, await fetchOriginal(b)) },
    });
    expect(okRes.json()).toMatchObject({
      code: '0',
      data: { verified: true, algorithmType: 'RSA', holderName: '刘海峰' },
    });
    const old = await b.call('POST', '/v1/auth/ukey/verify-sign', {
      body: { signature: sign(sm2Res.data, sm2, await fetchOriginal(b)) },
    });
    expect(old.json().code).toBe('SCF.UKEY_NOT_BOUND');
    // Its binding is unbound, in its audit, and listed as 已解绑.
    const keys = (
      await b.call('GET', '/biz/v1/models/ukeyBinding/records', { query: { ukeyNo: 'SKG' } })
    ).json().data.list as Array<Record<string, unknown>>;
    const replaced = keys.find((k) => k.ukeyNo === sm2Res.data.ukeyNo)!;
    expect(replaced.status).toBe('UNBOUND');
    const trail = (await b.call('GET', `/biz/v1/models/ukeyBinding/records/${String(replaced.id)}`)).json()
      .data.audit as Array<{ action: string }>;
    expect(trail.map((e) => e.action)).toEqual(['bind', 'unbind']);
    const listed = (await b.call('GET', '/corp/v1/ukeys', { query: { ukeyNo: sm2Res.data.ukeyNo } })).json()
      .data;
    expect(listed.list.map((k: { status: string }) => k.status)).toEqual(['UNBOUND']);
  });

  it('refuses a proof by another key, a signing original, and a bad public key', async () => {
    const b = await loggedIn(s.app, 'unit_director');
    const pair = sm2KeyPair();
    const other = sm2KeyPair();
    const original = await fetchOriginal(b, { purpose: 'soft-key' });
    const wrongProof = await b.call('POST', '/v1/auth/ukey/soft-keys', {
      body: {
        algorithm: 'SM2',
        publicKey: pair.publicKey,
        original,
        proof: signBytes(other, utf8(original)),
      },
    });
    expect(wrongProof.json()).toMatchObject({
      code: 'SCF.UKEY_PROOF_INVALID',
      message: '软证书密钥持有证明验证失败',
    });
    const signing = await fetchOriginal(b);
    const wrongPurpose = await b.call('POST', '/v1/auth/ukey/soft-keys', {
      body: {
        algorithm: 'SM2',
        publicKey: pair.publicKey,
        original: signing,
        proof: signBytes(pair, utf8(signing)),
      },
    });
    expect(wrongPurpose.json().code).toBe('SCF.UKEY_ORIGINAL_INVALID');
    const badKey = await b.call('POST', '/v1/auth/ukey/soft-keys', {
      body: { algorithm: 'SM2', publicKey: '04abcd', original, proof: 'AA==' },
    });
    expect(badKey.json()).toMatchObject({ code: 'SCF.UKEY_PUBLIC_KEY_INVALID' });
    // A soft-key original is no signing original either.
    const proofOriginal = await fetchOriginal(b, { purpose: 'soft-key' });
    const bound = await demoSigner(s.db, 'unit_director-rsa');
    const res = await b.call('POST', '/v1/auth/ukey/verify-sign', {
      body: { signature: signRecord(bound, proofOriginal) },
    });
    expect(res.json().code).toBe('SCF.UKEY_ORIGINAL_INVALID');
  });
});
