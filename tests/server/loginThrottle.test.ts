import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_POLICY, unlockUser } from '@server/auth/loginThrottle';
import { join } from 'node:path';
import { buildApp, trustProxyFromEnv } from '@server/app';
import { Browser, clock, testServer, type TestServer } from './helpers';

/** README, Login: a lockout nobody can use against someone else, no user enumeration, a budget per client. */
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

describe('behind a load balancer (TRUST_PROXY)', () => {
  it('never believes every client: true and catch-all CIDRs are refused at start-up, with what to set', () => {
    expect(() => trustProxyFromEnv('true')).toThrow(/load balancer's addresses or CIDRs.*hop count/);
    expect(() => trustProxyFromEnv('0.0.0.0/0')).toThrow(/covers every address/);
    expect(() => trustProxyFromEnv('10.0.0.1, ::/0')).toThrow(/covers every address/);
    expect(() => trustProxyFromEnv('10.0.0.1/33')).toThrow(/not an address/);
    expect(() => trustProxyFromEnv('proxy.example')).toThrow(/not an address/);
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('false')).toBe(false);
    expect(trustProxyFromEnv('1')).toBe(1);
    expect(trustProxyFromEnv('10.0.0.1, 10.1.0.0/16,loopback')).toBe('10.0.0.1,10.1.0.0/16,loopback');
  });

  it("believes X-Forwarded-For from the proxy only: a client's own header neither locks nor frees anyone", async () => {
    const app = await buildApp({
      db: s.db,
      schemasDir: join(process.cwd(), 'schemas'),
      now: () => clock.now,
      trustProxy: trustProxyFromEnv('10.99.0.1'),
    });
    try {
      const via = (remoteAddress: string, forwardedFor: string) => {
        const b = new Browser(app);
        b.remoteAddress = remoteAddress;
        const call = b.call.bind(b);
        b.call = (method, path, opts = {}) =>
          call(method, path, { ...opts, headers: { ...opts.headers, 'x-forwarded-for': forwardedFor } });
        return b;
      };
      // A client reaching the server directly claims the victim's address five times: only its own is locked.
      for (let i = 0; i < LOGIN_POLICY.maxFailures; i++)
        await via('10.98.0.66', '10.98.0.7').login('core_query', 'bad');
      expect((await via('10.99.0.1', '10.98.0.7').login('core_query')).json().code).toBe('0');
      expect((await via('10.98.0.66', '10.98.0.7').login('core_query')).json().code).toBe('SCF.LOGIN_LOCKED');
      // Rotating the header changes nothing either; through the proxy, a forged first hop is skipped.
      expect((await via('10.98.0.66', '10.98.0.8').login('core_query')).json().code).toBe('SCF.LOGIN_LOCKED');
      for (let i = 0; i < LOGIN_POLICY.maxFailures; i++)
        await via('10.99.0.1', `10.98.0.7, 10.98.0.9`).login('core_query', 'bad');
      expect((await via('10.99.0.1', '10.98.0.9').login('core_query')).json().code).toBe('SCF.LOGIN_LOCKED');
      expect((await via('10.99.0.1', '10.98.0.7').login('core_query')).json().code).toBe('0');
    } finally {
      await app.close();
    }
    expect(() =>
      buildApp({ db: s.db, schemasDir: '', trustProxy: true as unknown as false }),
    ).rejects.toThrow(/TRUST_PROXY=true/);
  });
});
