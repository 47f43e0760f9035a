import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, DEMO_PASSWORD, loggedIn, testServer, type TestServer } from './helpers';

/** Person info (my/person-info/index): own profile, password change, phone change by SMS code. */
let s: TestServer;
beforeAll(async () => {
  s = await testServer(undefined, undefined, { testMode: true });
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

type Answer = { code: string; message: string; data: Record<string, unknown> | null };
const post = async (b: Browser, path: string, body: unknown): Promise<Answer> =>
  (await b.call('POST', path, { body })).json() as Answer;

async function passwords(b: Browser, oldPassword: string, password: string, confirm = password) {
  return {
    oldPassword: await b.encrypt(oldPassword),
    password: await b.encrypt(password),
    confirmPassword: await b.encrypt(confirm),
  };
}

describe('person info', () => {
  it('shows the caller’s own profile only', async () => {
    const b = await loggedIn(s.app, 'chain_operator');
    const res = (await b.call('GET', '/corp/v1/persons/me')).json();
    expect(res.code).toBe('0');
    expect(res.data).toMatchObject({ userName: 'chain_operator' });
    expect(res.data.roles.length).toBeGreaterThan(0);
    expect(typeof res.data.corpName).toBe('string');
    const anon = new Browser(s.app);
    await anon.bootstrap();
    expect((await anon.call('GET', '/corp/v1/persons/me')).statusCode).toBe(401);
  });

  it('changes the password: old one required, spec rule, other sessions end, new one logs in', async () => {
    const a = await loggedIn(s.app, 'chain_query');
    const other = await loggedIn(s.app, 'chain_query');
    const wrong = await post(
      a,
      '/corp/v1/persons/me/password',
      await passwords(a, 'Nope@2026', 'Next@2026a'),
    );
    expect(wrong).toMatchObject({ code: 'SCF.PERSON_OLD_PASSWORD_WRONG', message: '原密码错误' });
    const weak = await post(a, '/corp/v1/persons/me/password', await passwords(a, DEMO_PASSWORD, 'abc'));
    expect(weak.code).toBe('SCF.PERSON_FIELD_INVALID');
    expect(weak.data).toEqual({ field: 'password' });
    const mismatch = await post(
      a,
      '/corp/v1/persons/me/password',
      await passwords(a, DEMO_PASSWORD, 'Next@2026a', 'Next@2026b'),
    );
    expect(mismatch).toMatchObject({ code: 'SCF.PERSON_FIELD_INVALID', data: { field: 'confirmPassword' } });
    const same = await post(
      a,
      '/corp/v1/persons/me/password',
      await passwords(a, DEMO_PASSWORD, DEMO_PASSWORD),
    );
    expect(same.code).toBe('SCF.PERSON_PASSWORD_SAME');
    // Nothing changed so far: the other session still works.
    expect((await other.call('GET', '/corp/v1/persons/me')).json().code).toBe('0');

    const done = await post(
      a,
      '/corp/v1/persons/me/password',
      await passwords(a, DEMO_PASSWORD, 'Next@2026a'),
    );
    expect(done.code, done.message).toBe('0');
    expect((await a.call('GET', '/corp/v1/persons/me')).json().code).toBe('0');
    expect((await other.call('GET', '/corp/v1/persons/me')).statusCode).toBe(401);
    expect((await new Browser(s.app).login('chain_query')).json().code).toBe('SCF.LOGIN_FAILED');
    expect((await new Browser(s.app).login('chain_query', 'Next@2026a')).json().code).toBe('0');
  });

  it('changes the phone with a code sent to the new phone, for the user who asked only', async () => {
    const a = await loggedIn(s.app, 'chain_director');
    const thief = await loggedIn(s.app, 'core_operator');
    const mobile = '13700001357';
    const bad = await post(a, '/corp/v1/persons/me/mobile', { mobile: '123', smsCode: '123456' });
    expect(bad).toMatchObject({ code: 'SCF.PERSON_FIELD_INVALID', data: { field: 'mobile' } });
    const missing = await post(a, '/corp/v1/persons/me/mobile', { mobile, smsCode: '123456' });
    expect(missing.code).toBe('SCF.SMS_CODE_MISSING');

    // Anonymous callers cannot ask for a phone-change code.
    const anon = new Browser(s.app);
    await anon.bootstrap();
    expect(
      (await anon.call('POST', '/v1/sms/codes', { body: { mobile, purpose: 'CHANGE_MOBILE' } })).statusCode,
    ).toBe(401);

    expect((await post(a, '/v1/sms/codes', { mobile, purpose: 'CHANGE_MOBILE' })).code).toBe('0');
    const sms = (await a.call('GET', '/test/sms', { query: { mobile } })).json().data as { code: string };
    // Another user who learns the code cannot take the phone with it.
    expect((await post(thief, '/corp/v1/persons/me/mobile', { mobile, smsCode: sms.code })).code).toBe(
      'SCF.SMS_CODE_MISSING',
    );
    const done = await post(a, '/corp/v1/persons/me/mobile', { mobile, smsCode: sms.code });
    expect(done.code, done.message).toBe('0');
    expect((await a.call('GET', '/corp/v1/persons/me')).json().data.mobile).toBe(mobile);
    const row = await s.db.query<{ mobile: string }>(
      "select mobile from users where username = 'core_operator'",
    );
    expect(row.rows[0]!.mobile).not.toBe(mobile);
    // The code is used up.
    expect(
      (await post(a, '/corp/v1/persons/me/mobile', { mobile: '13700001358', smsCode: sms.code })).code,
    ).toBe('SCF.SMS_CODE_MISSING');
  });
});
