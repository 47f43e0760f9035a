import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_POLICY, unlockUser } from '@server/auth/loginThrottle';
import { Browser, clock, testServer, type TestServer } from './helpers';

/** Issue 16: a lockout nobody can use against someone else, no user enumeration, a budget per client. */
let s: TestServer;
const saved = clock.now;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  clock.now = saved;
  await s.app.close();
  await s.db.close();
});

const from = (address: string) => {
  const b = new Browser(s.app);
  b.remoteAddress = address;
  return b;
};
const attempt = async (address: string, username: string, password?: string) =>
  (await from(address).login(username, password)).json() as { code: string; message: string };

describe('login lockout per account and client', () => {
  it('a stranger failing five times locks only his own client out, not the user', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt('10.0.0.66', 'chain_query', 'bad')).code);
    expect(codes).toEqual([...Array(4).fill('SCF.LOGIN_FAILED'), 'SCF.LOGIN_LOCKED']);
    expect((await attempt('10.0.0.66', 'chain_query')).code).toBe('SCF.LOGIN_LOCKED');
    // The user at their own desk is not affected.
    expect((await attempt('10.0.0.7', 'chain_query')).code).toBe('0');
  });

  it('locks longer each time (15, then 30 minutes)', async () => {
    const fail5 = async () => {
      let last = { code: '', message: '' };
      for (let i = 0; i < 5; i++) last = await attempt('10.0.1.1', 'unit_director', 'bad');
      return last;
    };
    expect(await fail5()).toMatchObject({
      code: 'SCF.LOGIN_LOCKED',
      message: '登录失败次数过多，账户已锁定，请15分钟后再试',
    });
    clock.now = new Date(saved.getTime() + 16 * 60000);
    expect(await fail5()).toMatchObject({
      code: 'SCF.LOGIN_LOCKED',
      message: '登录失败次数过多，账户已锁定，请30分钟后再试',
    });
    clock.now = new Date(saved.getTime() + 32 * 60000);
    expect((await attempt('10.0.1.1', 'unit_director')).code).toBe('SCF.LOGIN_LOCKED');
    clock.now = new Date(saved.getTime() + 47 * 60000);
    expect((await attempt('10.0.1.1', 'unit_director')).code).toBe('0');
    clock.now = saved;
  });

  it('a password reset unlocks the user from every client', async () => {
    for (let i = 0; i < 5; i++) await attempt('10.0.2.1', 'core_final', 'bad');
    expect((await attempt('10.0.2.1', 'core_final')).code).toBe('SCF.LOGIN_LOCKED');
    await unlockUser(s.db, 'core_final');
    expect((await attempt('10.0.2.1', 'core_final')).code).toBe('0');
  });
});

describe('unknown user names', () => {
  it('get the same answers, lockout included', async () => {
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await attempt('10.0.3.1', 'core_purchase', 'bad')).code);
      unknown.push((await attempt('10.0.3.1', 'nobody_at_all', 'bad')).code);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe('SCF.LOGIN_LOCKED');
  });

  it('take about the same time as known ones', async () => {
    const time = async (username: string, address: string) => {
      const b = from(address);
      await b.bootstrap();
      const password = await b.encrypt('Wrong@2026');
      const t = performance.now();
      await b.call('POST', '/uaa/login', { body: { username, password } });
      return performance.now() - t;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const k: number[] = [];
    const u: number[] = [];
    for (let i = 0; i < 4; i++) {
      k.push(await time('chain_director', `10.0.4.${i}`));
      u.push(await time('no_such_user', `10.0.5.${i}`));
    }
    const [mk, mu] = [median(k), median(u)];
    expect(Math.max(mk, mu) / Math.min(mk, mu)).toBeLessThan(2);
  });
});

describe('a failure budget per client', () => {
  it(`refuses a client after ${LOGIN_POLICY.clientMaxFailures} failures over many names, other clients unaffected`, async () => {
    for (let i = 0; i < LOGIN_POLICY.clientMaxFailures; i++) {
      expect((await attempt('10.0.9.9', `spray_${i}`, 'bad')).code).toBe('SCF.LOGIN_FAILED');
    }
    expect(await attempt('10.0.9.9', 'corp_manager')).toMatchObject({
      code: 'SCF.RATE_LIMITED',
      message: '操作过于频繁，请稍后再试',
    });
    expect((await attempt('10.0.9.10', 'corp_manager')).code).toBe('0');
    clock.now = new Date(saved.getTime() + (LOGIN_POLICY.clientWindowMinutes + 1) * 60000);
    expect((await attempt('10.0.9.9', 'corp_manager')).code).toBe('0');
    clock.now = saved;
  });

  it('refuses absurdly long names without storing them', async () => {
    expect((await attempt('10.0.8.1', 'x'.repeat(5000), 'bad')).code).toBe('SCF.LOGIN_FAILED');
    const r = await s.db.query<{ n: number }>(
      'select count(*)::int as n from login_failures where length(username) > 64',
    );
    expect(r.rows[0]!.n).toBe(0);
  });
});
