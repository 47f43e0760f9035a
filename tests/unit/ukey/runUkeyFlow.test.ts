import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/api/errors';
import { SOFT_KEY_MESSAGES, UKEY_FLOW } from '@/ukey/flowCodes';
import { DEFAULT_UKEY_RULES, withDefaults } from '@contract/ukey';
import { runUkeyFlow, UKEY_PROGRESS, type UkeyFlowInput } from '@/ukey/runUkeyFlow';
import { fakeDriver, RSA_KEY, type FakeFault, type FakeKey } from './fakeDriver';

const ORIGINAL = 'SCF-UKEY-SIGN/1;nonce=ab;user=core_director;purpose=SIGN';

function run(
  key: Partial<FakeKey> = {},
  faults: Partial<Record<FakeFault, string | true>> = {},
  extra: Partial<UkeyFlowInput> = {},
) {
  const driver = fakeDriver(key, faults);
  const progress: string[] = [];
  const result = runUkeyFlow({
    driver,
    rules: DEFAULT_UKEY_RULES,
    bank: 'CCB',
    getOriginal: async () => ORIGINAL,
    onProgress: (m) => progress.push(m),
    ...extra,
  });
  return { driver, progress, result };
}

describe('runUkeyFlow: every flow code with its message (spec sections 4 and 8)', () => {
  it('0: signs with one inserted key and hands back the complete sign record', async () => {
    const { result, driver, progress } = run();
    expect(await result).toEqual({
      code: 0,
      message: '签名成功',
      record: {
        raType: 'CCBCA',
        ukeyBank: 'CCB',
        ukeyCode: RSA_KEY.printNumber,
        original: ORIGINAL,
        signature: RSA_KEY.signature,
        pkCa: RSA_KEY.certificate,
        ukeyNo: RSA_KEY.serial,
        algorithmType: 'RSA',
        issuerDN: RSA_KEY.issuerDN,
        subjectDN: RSA_KEY.subjectDN,
      },
    });
    expect(driver.signed).toEqual([`key-0|RSA|${ORIGINAL}`]);
    expect(progress[0]).toBe(UKEY_PROGRESS.driver);
    expect(progress.at(-1)).toBe(UKEY_PROGRESS.done);
  });

  it('0: an SM2 key by its 12-character serial, and one by a G/H/I third character', async () => {
    const twelve = await run({ serial: 'CBA260000102', algorithm: 'SM2' }).result;
    expect(twelve).toMatchObject({ code: 0, record: { algorithmType: 'SM2', ukeyNo: 'CBA260000102' } });
    for (const c of ['G', 'H', 'I']) {
      const r = await run({ serial: `CB${c}2026000000102`, algorithm: 'SM2' }).result;
      expect(r, c).toMatchObject({ code: 0, record: { algorithmType: 'SM2' } });
    }
    const k = await run({ serial: 'ABK2026000000301', printNumber: '1030202600000301' }, {}, { bank: 'ABC' })
      .result;
    expect(k).toMatchObject({ code: 0, record: { algorithmType: 'RSA', raType: 'CFCA', ukeyBank: 'ABC' } });
  });

  it('1: a print number whose prefix names no issuer', async () => {
    expect(await run({ printNumber: '9990202600000101' }).result).toEqual({
      code: 1,
      message: 'Ukey颁发机构不存在。',
    });
  });

  it('2: no key inserted, several keys inserted', async () => {
    expect(await run({ keyCount: 0 }).result).toEqual({ code: 2, message: '请检查Ukey是否正确插入。' });
    expect(await run({ keyCount: 2 }).result).toEqual({ code: 2, message: '请勿插入多个UKEY' });
    expect(await run({}, { keys: '0x8010002E' }).result).toMatchObject({
      code: 2,
      message: '请检查Ukey是否正确插入。',
      kitCode: '0x8010002E',
      detail: '未检测到UKEY，请检查UKEY是否插好（错误码：0x8010002E）',
    });
  });

  it('3: the print number cannot be read', async () => {
    expect(await run({}, { printNumber: true }).result).toEqual({ code: 3, message: '获取UKEY印刷编号失败' });
    expect(await run({ printNumber: '' }).result).toEqual({ code: 3, message: '获取UKEY印刷编号失败' });
  });

  it('4: certificate selection fails, with the kit error shown', async () => {
    expect(await run({}, { selectCertificate: '0x800704C7' }).result).toEqual({
      code: 4,
      message: '选择证书失败',
      kitCode: '0x800704C7',
      detail: '用户取消了操作（错误码：0x800704C7）',
    });
  });

  it('5: the serial number cannot be read', async () => {
    expect(await run({}, { serialNumber: true }).result).toEqual({ code: 5, message: '获取序列号失败。' });
  });

  it('6: the algorithm cannot be read, the serial fits no rule, or key and rule disagree', async () => {
    expect(await run({}, { algorithm: true }).result).toEqual({
      code: 6,
      message: '提取ukey签名算法类型失败',
    });
    expect(await run({ serial: 'CBX2026000000101' }).result).toEqual({
      code: 6,
      message: '提取ukey签名算法类型失败',
    });
    expect(await run({ serial: 'CBG2026000000101', algorithm: 'RSA' }).result).toEqual({
      code: 6,
      message: '提取ukey签名算法类型失败',
    });
  });

  it('7 and 8: the issuer or subject DN cannot be read', async () => {
    expect(await run({}, { issuerDN: true }).result).toEqual({ code: 7, message: '获取证书颁发者信息失败' });
    expect(await run({}, { subjectDN: true }).result).toEqual({ code: 8, message: '获取证书主题信息失败' });
  });

  it('9: the server answers without an original text', async () => {
    const refused = run(
      {},
      {},
      { getOriginal: () => Promise.reject(new ApiRequestError('SCF.AUTH_X', '会话异常', 200)) },
    );
    expect(await refused.result).toEqual({ code: 9, message: '获取签名原文失败', detail: '会话异常' });
    expect(await run({}, {}, { getOriginal: async () => '' }).result).toEqual({
      code: 9,
      message: '获取签名原文失败',
    });
    expect(refused.driver.signed).toEqual([]);
  });

  it('10: the key refuses to sign', async () => {
    expect(await run({}, { sign: '0x8010006B' }).result).toEqual({
      code: 10,
      message: '签名失败。',
      kitCode: '0x8010006B',
      detail: 'UKEY密码（PIN码）错误（错误码：0x8010006B）',
    });
  });

  it('11: the driver cannot be reached or is too old, or the original request gets no answer', async () => {
    expect(await run({}, { version: true }).result).toEqual({ code: 11, message: '获取驱动版本号失败' });
    expect(await run({ version: '2.2.9' }).result).toEqual({
      code: 11,
      message: 'UKEY驱动不是最新版本',
      detail: '当前版本2.2.9，最低版本2.3.0',
    });
    expect((await run({ version: '2.10.0' }).result).code).toBe(0);
    const strict = withDefaults({ minDriverVersion: '3.2' });
    expect(await run({}, {}, { rules: strict }).result).toMatchObject({
      code: 11,
      message: 'UKEY驱动不是最新版本',
    });
    const offline = run(
      {},
      {},
      { getOriginal: () => Promise.reject(new ApiRequestError('NETWORK', '网络异常，请您稍后重试。')) },
    );
    expect(await offline.result).toEqual({ code: 11, message: '网络异常，请您稍后重试。' });
  });

  it('12: the key belongs to another bank than the one chosen', async () => {
    expect(await run({}, {}, { bank: 'ICBC' }).result).toEqual({
      code: 12,
      message: '您选择的UKEY颁发机构与UKEY信息不匹配',
    });
    // Without a choice any known issuer is fine.
    expect((await run({}, {}, { bank: undefined }).result).code).toBe(0);
  });

  it('covers all thirteen codes', async () => {
    const codes = new Set<number>();
    const cases: Array<ReturnType<typeof run>> = [
      run(),
      run({ printNumber: '999' }),
      run({ keyCount: 2 }),
      run({}, { printNumber: true }),
      run({}, { selectCertificate: true }),
      run({}, { serialNumber: true }),
      run({}, { algorithm: true }),
      run({}, { issuerDN: true }),
      run({}, { subjectDN: true }),
      run({}, {}, { getOriginal: async () => '' }),
      run({}, { sign: true }),
      run({}, { version: true }),
      run({}, {}, { bank: 'BOC' }),
    ];
    for (const c of cases) codes.add((await c.result).code);
    expect([...codes].sort((a, b) => a - b)).toEqual(Object.values(UKEY_FLOW).sort((a, b) => a - b));
  });

  it('stops at the first failing step and never signs after it', async () => {
    const { driver, result } = run({}, { serialNumber: true });
    await result;
    expect(driver.calls).toEqual(['version', 'keys', 'printNumber', 'selectCertificate', 'serialNumber']);
    expect(driver.signed).toEqual([]);
  });

  it('uses the soft key wording where it differs, and skips the version for a driver without one', async () => {
    const driver = { ...fakeDriver({}, { serialNumber: true }, 'soft'), messages: SOFT_KEY_MESSAGES };
    delete (driver as { version?: unknown }).version;
    const r = await runUkeyFlow({ driver, rules: DEFAULT_UKEY_RULES, getOriginal: async () => ORIGINAL });
    expect(r).toEqual({ code: 5, message: '获取证书编号失败' });
    expect(driver.calls[0]).toBe('keys');
    const signFails = { ...fakeDriver({}, { sign: true }, 'soft'), messages: SOFT_KEY_MESSAGES };
    expect(
      await runUkeyFlow({ driver: signFails, rules: DEFAULT_UKEY_RULES, getOriginal: async () => ORIGINAL }),
    ).toEqual({
      code: 10,
      message: '证书签名失败。',
    });
  });
});
