import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, pathOf } from '@contract/api';
import { AGREEMENT_BOOKS, AGREEMENT_CODES, SMS_POLICY } from '@contract/registration';
import { creditCodeCheckChar, VALIDATION_MESSAGES } from '@renderer/core/validators';
import { CLIENT_RATES } from '@server/auth/clientRates';
import { TERMINAL_CODE } from '@/api/constants';
import { Browser, clock, loggedIn, pdfText, testServer, type TestServer } from './helpers';

/** README, Registration: registration, SMS codes, password reset and the face check, through the API as the portal calls it. */
let s: TestServer;
const saved = clock.now;
beforeAll(async () => {
  s = await testServer(undefined, undefined, { testMode: true });
});
afterEach(() => {
  clock.now = saved;
});
afterAll(async () => {
  clock.now = saved;
  await s.app.close();
  await s.db.close();
});

let seq = 0;
/** A fresh valid 统一社会信用代码 and phone per registration. */
function freshCreditCode(): string {
  const body = `91110108MA0${String(100000 + ++seq).slice(-6)}`;
  return body + creditCodeCheckChar(body);
}
const phone = (n: number): string => `1390000${String(n).padStart(4, '0')}`;

async function anonymous(address: string): Promise<Browser> {
  const b = new Browser(s.app);
  b.remoteAddress = address;
  await b.bootstrap();
  return b;
}

type Answer = { code: string; message: string; data: Record<string, unknown> | null };
const post = async (b: Browser, path: string, body: unknown): Promise<Answer> =>
  (await b.call('POST', path, { body })).json() as Answer;

/** A password reset sending the same (encrypted) new password twice. */
const reset = (b: Browser, username: string, mobile: string, smsCode: string, pw: string): Promise<Answer> =>
  post(b, '/v1/auth/passwords/reset', { username, mobile, smsCode, password: pw, confirmPassword: pw });

async function smsCode(b: Browser, mobile: string): Promise<string> {
  const res = await b.call('GET', '/test/sms', { query: { mobile } });
  return (res.json() as { data: { code: string } }).data.code;
}

async function registration(
  b: Browser,
  over: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const n = ++seq;
  return {
    enterpriseName: `测试注册企业${n}有限公司`,
    creditCode: freshCreditCode(),
    legalName: '张三',
    legalIdCard: '11010519491231002X',
    username: `reg_user_${n}`,
    contactName: '李四',
    mobile: phone(n),
    smsCode: '000000',
    password: await b.encrypt('Reg@2026x'),
    agreements: [...AGREEMENT_CODES],
    ...over,
  };
}

/** Requests a code for the form's phone and puts it in the form. */
async function withCode(b: Browser, form: Record<string, unknown>): Promise<Record<string, unknown>> {
  const sent = await post(b, '/v1/sms/codes', { mobile: form.mobile, purpose: 'REGISTER' });
  expect(sent.code).toBe('0');
  return { ...form, smsCode: await smsCode(b, form.mobile as string) };
}

describe('registration', () => {
  it('registers an enterprise whose user logs in as ROLE_CORP_DEFAULT and reaches product opening', async () => {
    const b = await anonymous('10.13.0.1');
    const form = await withCode(b, await registration(b));
    const res = await post(b, '/v1/register', form);
    expect(res).toMatchObject({ code: '0', data: { username: form.username } });

    const u = new Browser(s.app);
    expect((await u.login(form.username as string, 'Reg@2026x')).json().code).toBe('0');
    const security = (await u.call('GET', '/v2/security')).json().data;
    expect(security.currentRole3.roleCode).toBe('ROLE_CORP_DEFAULT');
    expect(security.user3.corpName).toBe(form.enterpriseName);
    expect(security.homeUrl).toBe('/my/product/overview');
    expect(security.menus3.flatMap((m: { childMenuResources: unknown[] }) => m.childMenuResources)).toEqual(
      expect.arrayContaining([expect.objectContaining({ menuBrief: '/my/product/overview' })]),
    );
    // Its products are listed for it, 未开通, and it applies to open one (the model productOpening).
    const openings = (
      await u.call('GET', '/biz/v1/models/productOpening/records', { query: { size: '50' } })
    ).json().data.list as Array<{ id: string; product: string; status: string; version: number }>;
    expect(openings.map((o) => o.status)).toEqual(openings.map(() => 'UNOPENED'));
    const credit = openings.find((o) => o.product === 'credit')!;
    const applied = await post(u, `/biz/v1/models/productOpening/records/${credit.id}/actions/apply`, {
      version: credit.version,
    });
    expect(applied).toMatchObject({ code: '0', data: { status: 'PENDING' } });
  });

  it('refuses a duplicate 统一社会信用代码 (and a taken user name) once the code is right, spending one try each', async () => {
    const b = await anonymous('10.13.0.2');
    const form = await withCode(b, await registration(b, { creditCode: '911100001000044477' }));
    expect(await post(b, '/v1/register', form)).toMatchObject({
      code: 'SCF.REG_CREDIT_CODE_TAKEN',
      message: '该统一社会信用代码已注册，请勿重复注册',
    });
    expect(
      await post(b, '/v1/register', { ...form, creditCode: freshCreditCode(), username: 'core_operator' }),
    ).toMatchObject({ code: 'SCF.REG_USERNAME_TAKEN' });
    // The same code still registers a fresh enterprise (its third try).
    expect((await post(b, '/v1/register', { ...form, creditCode: freshCreditCode() })).code).toBe('0');
    const tries = await s.db.query(
      'select attempts from sms_codes where mobile = $1 order by id desc limit 1',
      [form.mobile],
    );
    expect(tries.rows).toEqual([{ attempts: 3 }]);
    const corps = await s.db.query('select 1 from corps where credit_code = $1', ['911100001000044477']);
    expect(corps.rows).toHaveLength(1);
  });

  it('refuses bad fields with the spec messages and writes nothing', async () => {
    const b = await anonymous('10.13.0.3');
    const base = await registration(b);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ creditCode: '91350100M000100Y44' }, 'creditCode', VALIDATION_MESSAGES.creditCode],
      [{ legalIdCard: '110105194912310021' }, 'legalIdCard', VALIDATION_MESSAGES.idCard],
      [{ password: await b.encrypt('abcdefgh') }, 'password', VALIDATION_MESSAGES.password],
      [{ enterpriseName: 'x'.repeat(81) }, 'enterpriseName', VALIDATION_MESSAGES.enterpriseName],
      [{ legalName: '张3' }, 'legalName', VALIDATION_MESSAGES.personName],
      [{ mobile: '12000000000' }, 'mobile', VALIDATION_MESSAGES.phone],
      [{ username: '9abc' }, 'username', VALIDATION_MESSAGES.username],
    ];
    for (const [over, field, message] of cases) {
      expect(await post(b, '/v1/register', { ...base, ...over })).toMatchObject({
        code: 'SCF.REG_FIELD_INVALID',
        message,
        data: { field },
      });
    }
    expect(await post(b, '/v1/register', { ...base, agreements: AGREEMENT_CODES.slice(1) })).toMatchObject({
      code: 'SCF.REG_AGREEMENTS_REQUIRED',
      message: '请阅读并同意全部协议',
    });
    const users = await s.db.query('select 1 from users where username = $1', [base.username]);
    expect(users.rows).toHaveLength(0);
  });

  it('needs a session: an unsigned call without one is refused', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/web/v1/register',
      headers: { 'content-type': 'application/json', 'x-ccbscf-terminal-code': TERMINAL_CODE },
      payload: '{}',
    });
    expect(res.json().code).toBe('SCF.CSRF_INVALID');
  });
});

describe('SMS codes', () => {
  it('refuse brute force: five wrong tries void the code, the right one is then refused too', async () => {
    const b = await anonymous('10.13.1.1');
    const form = await withCode(b, await registration(b));
    const right = form.smsCode as string;
    const wrong = right === '111111' ? '222222' : '111111';
    const answers: Answer[] = [];
    for (let i = 0; i < SMS_POLICY.maxAttempts; i++) {
      answers.push(await post(b, '/v1/register', { ...form, smsCode: wrong }));
    }
    expect(answers.map((a) => a.message)).toEqual([
      '验证码错误，还可输入4次',
      '验证码错误，还可输入3次',
      '验证码错误，还可输入2次',
      '验证码错误，还可输入1次',
      '验证码错误次数过多，请重新获取',
    ]);
    expect(await post(b, '/v1/register', form)).toMatchObject({ code: 'SCF.SMS_CODE_LOCKED' });
    const users = await s.db.query('select 1 from users where username = $1', [form.username]);
    expect(users.rows).toHaveLength(0);
  });

  it('parallel guesses share the five tries', async () => {
    const b = await anonymous('10.13.1.2');
    const form = await withCode(b, await registration(b));
    const wrong = form.smsCode === '333333' ? '444444' : '333333';
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => post(b, '/v1/register', { ...form, smsCode: wrong })),
    );
    expect(guesses.filter((a) => a.code === 'SCF.SMS_CODE_WRONG').length).toBeLessThanOrEqual(4);
    const row = await s.db.query<{ attempts: number; state: string }>(
      `select attempts, state from sms_codes where mobile = $1 order by id desc limit 1`,
      [form.mobile],
    );
    expect(row.rows[0]).toEqual({ attempts: 5, state: 'VOID' });
  });

  it('are rate limited per phone (60 s, 10 a day) and per client', async () => {
    const b = await anonymous('10.13.2.1');
    const mobile = phone(9001);
    const ask = () => post(b, '/v1/sms/codes', { mobile, purpose: 'REGISTER' });
    expect((await ask()).code).toBe('0');
    expect(await ask()).toMatchObject({
      code: 'SCF.SMS_TOO_FREQUENT',
      message: '验证码发送过于频繁，请60秒后再试',
    });
    clock.now = new Date(saved.getTime() + 30_000);
    expect((await ask()).message).toBe('验证码发送过于频繁，请30秒后再试');
    for (let i = 1; i < SMS_POLICY.dailyMax; i++) {
      clock.now = new Date(saved.getTime() + i * 61_000);
      expect((await ask()).code).toBe('0');
    }
    clock.now = new Date(saved.getTime() + SMS_POLICY.dailyMax * 61_000);
    expect((await ask()).code).toBe('SCF.SMS_DAILY_LIMIT');
    // The next day (China time) the phone may ask again.
    clock.now = new Date(saved.getTime() + 24 * 3600_000);
    await b.bootstrap(); // the anonymous session lasted two hours
    expect((await ask()).code).toBe('0');

    // One client over many phones: thirty an hour.
    const c = await anonymous('10.13.2.2');
    const codes: string[] = [];
    for (let i = 0; i <= SMS_POLICY.clientHourlyMax; i++) {
      codes.push((await post(c, '/v1/sms/codes', { mobile: phone(9100 + i), purpose: 'REGISTER' })).code);
    }
    expect(codes.slice(0, SMS_POLICY.clientHourlyMax).every((code) => code === '0')).toBe(true);
    expect(codes.at(-1)).toBe('SCF.SMS_CLIENT_LIMIT');
    clock.now = saved;
  });

  it('expire after five minutes; a used code does not register twice', async () => {
    const b = await anonymous('10.13.3.1');
    const form = await withCode(b, await registration(b));
    clock.now = new Date(saved.getTime() + SMS_POLICY.ttlSeconds * 1000 + 1000);
    expect(await post(b, '/v1/register', form)).toMatchObject({
      code: 'SCF.SMS_CODE_EXPIRED',
      message: '验证码已过期，请重新获取',
    });
    const again = await withCode(b, form);
    expect((await post(b, '/v1/register', again)).code).toBe('0');
    // A used code does not register a second time.
    expect(
      (await post(b, '/v1/register', { ...again, creditCode: freshCreditCode(), username: 'reg_again_1' }))
        .code,
    ).toBe('SCF.SMS_CODE_MISSING');
    clock.now = saved;
  });

  it('a code for registration does not reset a password', async () => {
    const b = await anonymous('10.13.3.2');
    const mobile = '13800000006'; // chain_operator's phone (seed)
    expect((await post(b, '/v1/sms/codes', { mobile, purpose: 'REGISTER' })).code).toBe('0');
    const code = await smsCode(b, mobile);
    const pw = await b.encrypt('New@2026x');
    expect(await reset(b, 'chain_operator', mobile, code, pw)).toMatchObject({
      code: 'SCF.SMS_CODE_MISSING',
    });
  });
});

describe('the test-only SMS endpoint', () => {
  it('is not mounted outside test mode', async () => {
    const plain = await testServer();
    try {
      const b = new Browser(plain.app);
      await b.bootstrap();
      const mobile = phone(9500);
      expect((await post(b, '/v1/sms/codes', { mobile, purpose: 'REGISTER' })).code).toBe('0');
      const res = await b.call('GET', '/test/sms', { query: { mobile } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SCF.NOT_FOUND');
    } finally {
      await plain.app.close();
      await plain.db.close();
    }
  });
});

describe('password reset', () => {
  it('by phone and code ends the old sessions, clears the lockout and takes the new password', async () => {
    const old = await loggedIn(s.app, 'unit_query');
    expect((await old.call('GET', '/v2/security')).json().code).toBe('0');
    // Locked out by bad passwords from another client.
    const stranger = new Browser(s.app);
    stranger.remoteAddress = '10.13.4.9';
    for (let i = 0; i < 5; i++) await stranger.login('unit_query', 'bad');
    expect((await stranger.login('unit_query')).json().code).toBe('SCF.LOGIN_LOCKED');

    const b = await anonymous('10.13.4.1');
    const mobile = '13800000012'; // unit_query's phone (seed)
    expect(
      (await post(b, '/v1/sms/codes', { mobile, purpose: 'RESET_PASSWORD', username: 'unit_query' })).code,
    ).toBe('0');
    const code = await smsCode(b, mobile);
    const pw = await b.encrypt('New@2026x');
    expect(
      await post(b, '/v1/auth/passwords/reset', {
        username: 'unit_query',
        mobile,
        smsCode: code,
        password: pw,
        confirmPassword: await b.encrypt('New@2026y'),
      }),
    ).toMatchObject({ code: 'SCF.REG_FIELD_INVALID', message: '两次输入的密码不一致' });
    const weak = await b.encrypt('123456');
    expect(await reset(b, 'unit_query', mobile, code, weak)).toMatchObject({
      code: 'SCF.REG_FIELD_INVALID',
      message: VALIDATION_MESSAGES.password,
    });
    expect(await reset(b, 'unit_query', mobile, code, pw)).toMatchObject({ code: '0' });

    expect((await old.call('GET', '/v2/security')).statusCode).toBe(401);
    expect((await stranger.login('unit_query', 'New@2026x')).json().code).toBe('0');
    expect((await new Browser(s.app).login('unit_query')).json().code).toBe('SCF.LOGIN_FAILED');
  });

  it('sends nothing for a name and phone that do not match, with the same answer', async () => {
    const b = await anonymous('10.13.4.2');
    const mobile = '13800000013'; // unit_purchase's phone, asked for another user
    const before = (await b.call('GET', '/test/sms', { query: { mobile } })).json().data;
    expect(
      (await post(b, '/v1/sms/codes', { mobile, purpose: 'RESET_PASSWORD', username: 'core_operator' })).code,
    ).toBe('0');
    expect((await b.call('GET', '/test/sms', { query: { mobile } })).json().data).toEqual(before);
    const pw = await b.encrypt('New@2026x');
    expect((await reset(b, 'core_operator', mobile, '123456', pw)).code).toBe('SCF.SMS_CODE_WRONG');
  });
});

describe('no account oracle, no blocking by strangers', () => {
  it('registration answers a taken name like a free one until the code is right', async () => {
    const b = await anonymous('10.13.7.1');
    const free = await registration(b);
    const taken = { ...free, username: 'core_operator' };
    // No code asked for: the same answer for both names.
    expect((await post(b, '/v1/register', taken)).code).toBe('SCF.SMS_CODE_MISSING');
    expect((await post(b, '/v1/register', free)).code).toBe('SCF.SMS_CODE_MISSING');
    // A wrong code: the same answer for both (each spends a try).
    const form = await withCode(b, free);
    const wrong = form.smsCode === '111111' ? '222222' : '111111';
    expect(await post(b, '/v1/register', { ...taken, smsCode: wrong })).toMatchObject({
      code: 'SCF.SMS_CODE_WRONG',
      message: '验证码错误，还可输入4次',
    });
    expect(await post(b, '/v1/register', { ...form, smsCode: wrong })).toMatchObject({
      code: 'SCF.SMS_CODE_WRONG',
      message: '验证码错误，还可输入3次',
    });
  });

  it('a reset code for a name and phone that do not match is checked like a sent one', async () => {
    const answers = async (username: string, address: string): Promise<string[]> => {
      const b = await anonymous(address);
      const mobile = '13800000014'; // a seeded user's phone (its owner is looked up below)
      expect((await post(b, '/v1/sms/codes', { mobile, purpose: 'RESET_PASSWORD', username })).code).toBe(
        '0',
      );
      const pw = await b.encrypt('New@2026x');
      const out: string[] = [];
      for (let i = 0; i < SMS_POLICY.maxAttempts + 1; i++) {
        const a = await reset(b, username, mobile, '000000', pw);
        out.push(`${a.code} ${a.message}`);
      }
      return out;
    };
    const owner = (
      await s.db.query<{ username: string }>('select username from users where mobile = $1 limit 1', [
        '13800000014',
      ])
    ).rows[0]!.username;
    const real = await answers(owner, '10.13.7.2');
    const fake = await answers('core_operator', '10.13.7.3');
    expect(fake).toEqual(real);
    expect(real[0]).toBe('SCF.SMS_CODE_WRONG 验证码错误，还可输入4次');
  });

  it('registration and reset attempts are rate limited per client', async () => {
    const b = await anonymous('10.13.7.4');
    const form = await registration(b);
    const codes = await Promise.all(
      Array.from({ length: CLIENT_RATES.accountAttempts.max + 10 }, () => post(b, '/v1/register', form)),
    );
    expect(codes.filter((a) => a.code === 'SCF.RATE_LIMITED')).toHaveLength(10);
    expect(codes.filter((a) => a.code === 'SCF.SMS_CODE_MISSING')).toHaveLength(
      CLIENT_RATES.accountAttempts.max,
    );
    const pw = await b.encrypt('New@2026x');
    expect((await reset(b, 'unit_query', '13800000012', '000000', pw)).code).toBe('SCF.RATE_LIMITED');
    // Another client is not affected; the window ends.
    expect((await post(await anonymous('10.13.7.5'), '/v1/register', form)).code).toBe(
      'SCF.SMS_CODE_MISSING',
    );
    clock.now = new Date(saved.getTime() + CLIENT_RATES.accountAttempts.windowSeconds * 1000 + 1000);
    expect((await post(b, '/v1/register', form)).code).toBe('SCF.SMS_CODE_MISSING');
  });

  it('code requests are rate limited per client, refused ones included', async () => {
    const b = await anonymous('10.13.7.6');
    const codes: string[] = [];
    for (let i = 0; i <= CLIENT_RATES.smsRequests.max; i++) {
      codes.push((await post(b, '/v1/sms/codes', { mobile: phone(9700), purpose: 'REGISTER' })).code);
    }
    expect(codes[0]).toBe('0');
    expect(codes.slice(1, -1).every((c) => c === 'SCF.SMS_TOO_FREQUENT')).toBe(true);
    expect(codes.at(-1)).toBe('SCF.RATE_LIMITED');
  });

  it("a stranger's reset requests for the owner's phone neither void the owner's code nor spend its quota", async () => {
    const mobile = '13800000012'; // unit_query's phone (seed)
    const owner = await anonymous('10.13.8.1');
    expect(
      (await post(owner, '/v1/sms/codes', { mobile, purpose: 'RESET_PASSWORD', username: 'unit_query' }))
        .code,
    ).toBe('0');
    const code = await smsCode(owner, mobile);

    // After the resend window, a stranger asks again and again for the owner's phone with a wrong name (and
    // once with the right one), and guesses codes.
    const stranger = await anonymous('10.13.8.2');
    for (let i = 1; i <= SMS_POLICY.dailyMax + 1; i++) {
      clock.now = new Date(saved.getTime() + i * (SMS_POLICY.resendSeconds + 1) * 1000);
      const username = i === 1 ? 'unit_query' : 'core_operator';
      const asked = await post(stranger, '/v1/sms/codes', { mobile, purpose: 'RESET_PASSWORD', username });
      expect(asked.code).toBe(i <= SMS_POLICY.dailyMax ? '0' : 'SCF.SMS_DAILY_LIMIT');
    }
    const pw = await owner.encrypt('New@2026z');
    for (let i = 0; i < SMS_POLICY.maxAttempts; i++) {
      await reset(stranger, 'unit_query', mobile, code === '000000' ? '000001' : '000000', pw);
    }
    clock.now = new Date(saved.getTime() + 4 * 60_000);

    // The owner's code still resets the password, and the owner may still ask for codes today.
    expect(await reset(owner, 'unit_query', mobile, code, pw)).toMatchObject({ code: '0' });
    clock.now = new Date(saved.getTime() + 20 * 60_000);
    expect(
      (await post(owner, '/v1/sms/codes', { mobile, purpose: 'RESET_PASSWORD', username: 'unit_query' }))
        .code,
    ).toBe('0');
  });
});

describe('real-name face check', () => {
  it('fails on a mismatch, then verifies the legal person', async () => {
    const user = await loggedIn(s.app, 'chain_director');
    expect((await user.call('GET', '/corp/v1/realname/status')).json().data.state).toBe('NONE');
    expect(
      await post(user, '/corp/v1/realname/face-checks', {
        legalName: '刘海峰',
        legalIdCard: '110105194912310021',
      }),
    ).toMatchObject({ code: 'SCF.REG_FIELD_INVALID', message: VALIDATION_MESSAGES.idCard });
    const start = async () =>
      (
        await post(user, '/corp/v1/realname/face-checks', {
          legalName: '刘海峰',
          legalIdCard: '11010519491231002X',
        })
      ).data as { checkId: string; h5Path: string };
    const first = await start();
    expect(first.h5Path).toBe(`/h5/face?token=${first.checkId}`);
    // The page follows the running check: where the phone opens it, and that this role may start one.
    expect((await user.call('GET', '/corp/v1/realname/status')).json().data).toMatchObject({
      state: 'PENDING',
      checkId: first.checkId,
      h5Path: first.h5Path,
      mayStart: true,
    });

    const phoneBrowser = await anonymous('10.13.5.1');
    const seen = (await phoneBrowser.call('GET', `/v1/realname/face-checks/${first.checkId}`)).json().data;
    expect(seen).toMatchObject({ state: 'PENDING', personName: '刘**', emulated: true });
    expect(
      await post(phoneBrowser, `/v1/realname/face-checks/${first.checkId}/capture`, { emulate: 'MISMATCH' }),
    ).toMatchObject({ code: '0', data: { state: 'FAILED' } });
    expect(
      (await post(phoneBrowser, `/v1/realname/face-checks/${first.checkId}/capture`, { emulate: 'MATCH' }))
        .code,
    ).toBe('SCF.FACE_CHECK_DONE');
    expect((await user.call('GET', '/corp/v1/realname/status')).json().data).toMatchObject({
      state: 'FAILED',
      reason: '人脸与身份证照片比对不一致',
    });

    const second = await start();
    expect(
      await post(phoneBrowser, `/v1/realname/face-checks/${second.checkId}/capture`, { emulate: 'MATCH' }),
    ).toMatchObject({ code: '0', data: { state: 'VERIFIED' } });
    expect((await user.call('GET', '/corp/v1/realname/status')).json().data).toMatchObject({
      state: 'VERIFIED',
      legalName: '刘海峰',
      legalIdCard: '11010519491231002X', // a director sees it whole (contract/personalData.ts)
    });
    expect(
      (
        await post(user, '/corp/v1/realname/face-checks', {
          legalName: '刘海峰',
          legalIdCard: '11010519491231002X',
        })
      ).code,
    ).toBe('SCF.REALNAME_ALREADY_VERIFIED');
    // Another enterprise sees its own state only.
    const other = await loggedIn(s.app, 'core_director');
    expect((await other.call('GET', '/corp/v1/realname/status')).json().data.state).toBe('NONE');
  });

  it('query roles may not start a check', async () => {
    const q = await loggedIn(s.app, 'chain_query');
    // The status says so, and the page offers no form (schemas/my/enterprise-info/realname.json).
    expect((await q.call('GET', '/corp/v1/realname/status')).json().data).toMatchObject({
      mayStart: false,
      h5Path: null,
    });
    expect(
      (
        await q.call('POST', '/corp/v1/realname/face-checks', {
          body: { legalName: '刘海峰', legalIdCard: '11010519491231002X' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('hostile input', () => {
  it('gets coded answers below 500 and writes nothing', async () => {
    const b = await anonymous('10.13.6.1');
    const count = async () =>
      (
        await s.db.query<{ n: number }>(
          `select (select count(*) from corps) + (select count(*) from users) + (select count(*) from corp_registrations)
                  + (select count(*) from face_checks) as n`,
        )
      ).rows[0]!.n;
    const before = await count();
    let runs = 0;
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 2 }),
      fc.constantFrom(
        '91350100M000100Y43',
        '11010519491231002X',
        '13900001234',
        '123456',
        'REGISTER',
        'x'.repeat(5000),
      ),
    );
    const fields = [
      'enterpriseName',
      'creditCode',
      'legalName',
      'legalIdCard',
      'username',
      'contactName',
      'mobile',
      'smsCode',
      'password',
      'confirmPassword',
      'agreements',
      'purpose',
      'emulate',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/v1/register',
          '/v1/sms/codes',
          '/v1/auth/passwords/reset',
          '/v1/realname/face-checks/x/capture',
        ),
        fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 8 }),
        async (path, body) => {
          // A fresh address per run: the per-client budgets (server/auth/clientRates.ts) would answer most.
          b.remoteAddress = `10.13.6.${++runs % 250}`;
          const res = await b.call('POST', path, { body });
          expect(res.statusCode).toBeLessThan(500);
          expect(typeof res.json().code).toBe('string');
        },
      ),
      { numRuns: 150 },
    );
    expect(await count()).toBe(before);
  });
});

describe('signed agreements (/my/protocol/index)', () => {
  it("lists the agreements the enterprise accepted as its signedAgreement records, serves each as a PDF, and never another enterprise's", async () => {
    const b = await anonymous('10.13.0.90');
    const form = await withCode(b, await registration(b));
    expect((await post(b, '/v1/register', form)).code).toBe('0');
    const u = new Browser(s.app);
    expect((await u.login(form.username as string, 'Reg@2026x')).json().code).toBe('0');

    const records = (q: Browser) =>
      q.call('GET', '/biz/v1/models/signedAgreement/records', { query: { kind: 'REGISTRATION' } });
    const list = (await records(u)).json() as {
      code: string;
      data: { list: Array<Record<string, unknown>> };
    };
    expect(list.code).toBe('0');
    expect(list.data.list.map((a) => [a.code, a.title, a.agreementVersion, a.signerName]).sort()).toEqual(
      AGREEMENT_BOOKS.map((a) => [a.code, a.title, a.version, form.contactName]).sort(),
    );
    const privacy = list.data.list.find((a) => a.code === 'PRIVACY')!;
    expect(privacy.pdf).toBe(pathOf(API.protocolPdf, { id: String(privacy.id) }));

    const pdf = await u.call('GET', String(privacy.pdf));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('attachment');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('《隐私政策》');
    expect(text).toContain(form.enterpriseName as string);
    expect(text).toContain('平台仅为办理业务之必要收集企业信息');

    expect((await u.call('GET', pathOf(API.protocolPdf, { id: 'NO_SUCH' }))).json().code).not.toBe('0');

    // A seeded enterprise that signed nothing here sees an empty list, and neither the new one's record nor
    // its PDF by id.
    const other = await loggedIn(s.app, 'core_operator');
    expect((await records(other)).json()).toMatchObject({ code: '0', data: { list: [] } });
    const record = await other.call('GET', `/biz/v1/models/signedAgreement/records/${String(privacy.id)}`);
    expect(record.json().code).not.toBe('0');
    const theirs = await other.call('GET', String(privacy.pdf));
    expect(theirs.headers['content-type']).not.toBe('application/pdf');
    expect(theirs.rawPayload.subarray(0, 4).toString()).not.toBe('%PDF');

    // Logged out: refused.
    const anon = await anonymous('10.13.0.91');
    expect((await records(anon)).json().code).not.toBe('0');
  });
});
