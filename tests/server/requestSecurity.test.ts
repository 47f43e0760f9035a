import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '@/api/signature';
import { Browser, clock, loggedIn, testServer, type TestServer } from './helpers';

let s: TestServer;
let b: Browser;
beforeAll(async () => {
  s = await testServer();
  b = await loggedIn(s.app, 'core_operator');
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

const record = (browser: Browser, body: unknown = undefined, opts = {}) =>
  browser.call('POST', '/corp/v1/corps/persons/product-switch/records', {
    query: { productType: 'credit' },
    body,
    ...opts,
  });

describe('CSRF token and request signature on state-changing calls', () => {
  it('accepts a signed call with the CSRF token', async () => {
    expect((await record(b)).json().code).toBe('0');
  });

  it('refuses a call without the CSRF token', async () => {
    const res = await record(b, undefined, { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SCF.CSRF_INVALID');
  });

  it("refuses a call with another session's CSRF token", async () => {
    const other = await loggedIn(s.app, 'core_director');
    const res = await record(b, undefined, { headers: { 'x-csrf-token': other.csrf } });
    expect(res.json().code).toBe('SCF.CSRF_INVALID');
  });

  it('refuses a call without a signature', async () => {
    const res = await record(b, undefined, { unsigned: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SCF.SIGNATURE_MISSING');
  });

  const signedFor = (path: string, rawQuery: string, body: string) =>
    signRequest({
      method: 'POST',
      path: `/api/web${path}`,
      rawQuery,
      body,
      csrfToken: b.csrf,
      timestamp: clock.now.getTime(),
    });

  it('refuses a tampered query', async () => {
    const path = '/corp/v1/corps/persons/product-switch/records';
    const sig = signedFor(path, 'productType=credit', '');
    const res = await b.call('POST', path, { query: { productType: 'abs' }, signature: sig });
    expect(res.json().code).toBe('SCF.SIGNATURE_INVALID');
    // The same signature on the query it was made for passes.
    expect(
      (await b.call('POST', path, { query: { productType: 'credit' }, signature: sig })).json().code,
    ).toBe('0');
  });

  it('refuses a tampered body', async () => {
    const sig = signedFor('/uaa/login', '', JSON.stringify({ username: 'a', password: 'b' }));
    const res = await b.call('POST', '/uaa/login', {
      body: { username: 'a', password: 'c' },
      signature: sig,
    });
    expect(res.json().code).toBe('SCF.SIGNATURE_INVALID');
  });

  it('refuses a replayed request', async () => {
    await record(b);
    const replay = await record(b, undefined, { signature: b.lastSignature });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'SCF.REQUEST_REPLAYED', message: '重复的请求已被拒绝' });
  });

  it('refuses a request signed too long ago', async () => {
    const stale = await record(b, undefined, { timestamp: clock.now.getTime() - 10 * 60 * 1000 });
    expect(stale.json().code).toBe('SCF.REQUEST_EXPIRED');
    const fresh = await record(b, undefined, { timestamp: clock.now.getTime() - 60 * 1000 });
    expect(fresh.json().code).toBe('0');
  });

  it('checks a GET signature when one is sent', async () => {
    const res = await b.call('GET', '/v2/security', {
      signature: '1795300000000.0123456789abcdef.0123456789abcdef0123456789abcdef',
    });
    expect(res.json().code).toBe('SCF.SIGNATURE_INVALID');
  });

  it('routes a POST with X-SCF-REAL-HTTP-METHOD to the PUT or DELETE route it names', async () => {
    const t = await testServer();
    t.app.put('/probe', async () => ({ code: '0', data: 'put' }));
    t.app.delete('/probe', async () => ({ code: '0', data: 'delete' }));
    t.app.post('/probe', async () => ({ code: '0', data: 'post' }));
    const put = await t.app.inject({
      method: 'POST',
      url: '/probe',
      headers: { 'x-scf-real-http-method': 'PUT' },
    });
    const del = await t.app.inject({
      method: 'POST',
      url: '/probe',
      headers: { 'x-scf-real-http-method': 'delete' },
    });
    const post = await t.app.inject({ method: 'POST', url: '/probe' });
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/probe',
      headers: { 'x-scf-real-http-method': 'TRACE' },
    });
    expect([put.json().data, del.json().data, post.json().data, bogus.json().data]).toEqual([
      'put',
      'delete',
      'post',
      'post',
    ]);
    await t.app.close();
    await t.db.close();
  });
});

describe('every request of a session is signed and checked, GET too', () => {
  const messages = (browser: Browser, opts = {}) =>
    browser.call('GET', '/corp/v1/sys/messages', { query: { status: 'UNREAD', v: '1' }, ...opts });

  it('accepts a signed GET with the CSRF token and the terminal code', async () => {
    expect((await messages(b)).json().code).toBe('0');
  });

  it('accepts exactly one of many copies of a signed GET sent at once, and every fresh one', async () => {
    // Nonces are claimed in batches (server/auth/nonceStore.ts): copies inside one batch and across batches
    // must still be refused, while distinct requests in the same batch all pass.
    await messages(b);
    const signature = b.lastSignature;
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => messages(b, { signature })),
      ...Array.from({ length: 8 }, () => messages(b)),
    ]);
    const codes = answers.map((res) => res.json().code);
    expect(codes.slice(0, 8)).toEqual(Array(8).fill('SCF.REQUEST_REPLAYED'));
    expect(codes.slice(8)).toEqual(Array(8).fill('0'));
    const fresh = signRequest({
      method: 'GET',
      path: '/api/web/corp/v1/sys/messages',
      rawQuery: 'status=UNREAD&v=1',
      body: '',
      csrfToken: b.csrf,
      timestamp: clock.now.getTime(),
    });
    // The leading request takes the first batch, so the copies queue up together in the next one.
    const [lead, ...copies] = await Promise.all([
      messages(b),
      ...Array.from({ length: 6 }, () => messages(b, { signature: fresh })),
    ]);
    expect(lead!.json().code).toBe('0');
    expect(copies.map((res) => res.json().code).sort()).toEqual([
      '0',
      ...Array(5).fill('SCF.REQUEST_REPLAYED'),
    ]);
  });

  it('refuses a GET without a signature, with an old timestamp or a reused signature', async () => {
    expect((await messages(b, { unsigned: true })).json().code).toBe('SCF.SIGNATURE_MISSING');
    const stale = await messages(b, { timestamp: clock.now.getTime() - 10 * 60 * 1000 });
    expect(stale.json().code).toBe('SCF.REQUEST_EXPIRED');
    await messages(b);
    const replay = await messages(b, { signature: b.lastSignature });
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'SCF.REQUEST_REPLAYED']);
  });

  it('refuses a GET without the CSRF header', async () => {
    const res = await messages(b, { noCsrf: true });
    expect([res.statusCode, res.json().code]).toEqual([403, 'SCF.CSRF_INVALID']);
  });

  it('covers the cache-busting v: changing it breaks the signature', async () => {
    const path = '/corp/v1/sys/messages';
    const sig = signRequest({
      method: 'GET',
      path: `/api/web${path}`,
      rawQuery: 'v=1',
      body: '',
      csrfToken: b.csrf,
      timestamp: clock.now.getTime(),
    });
    expect((await b.call('GET', path, { query: { v: '2' }, signature: sig })).json().code).toBe(
      'SCF.SIGNATURE_INVALID',
    );
  });

  it('checks the terminal code on GET and POST', async () => {
    for (const headers of [{ 'x-ccbscf-terminal-code': '' }, { 'x-ccbscf-terminal-code': 'EVIL' }]) {
      const get = await messages(b, { headers });
      expect([get.statusCode, get.json().code]).toEqual([400, 'SCF.TERMINAL_INVALID']);
      const post = await record(b, undefined, { headers });
      expect(post.json().code).toBe('SCF.TERMINAL_INVALID');
    }
  });

  it('protects the role switch (GET /v2/security?currentRole3=…) like a POST', async () => {
    const dual = await loggedIn(s.app, 'dual_role');
    const current = async () =>
      (await dual.call('GET', '/v2/security')).json().data.currentRole3.roleCode as string;
    const before = await current();
    const target = before === 'ROLE_CORP_OPERATOR' ? 'ROLE_CORE_OPERATOR' : 'ROLE_CORP_OPERATOR';
    const sw = (opts = {}) => dual.call('GET', '/v2/security', { query: { currentRole3: target }, ...opts });
    expect((await sw({ unsigned: true })).json().code).toBe('SCF.SIGNATURE_MISSING');
    expect((await sw({ noCsrf: true })).json().code).toBe('SCF.CSRF_INVALID');
    expect((await sw({ timestamp: clock.now.getTime() - 6 * 60 * 1000 })).json().code).toBe(
      'SCF.REQUEST_EXPIRED',
    );
    expect(await current()).toBe(before);
    expect((await sw()).json().data.currentRole3.roleCode).toBe(target);
    expect((await sw({ signature: dual.lastSignature })).json().code).toBe('SCF.REQUEST_REPLAYED');
  });

  it('leaves public reads and navigations usable without headers', async () => {
    const anon = new Browser(s.app);
    const res = await s.app.inject({ method: 'GET', url: '/api/web/login' });
    expect(res.json().code).toBe('0');
    expect((await anon.call('GET', '/v1/auth/passwords/public-keys', { unsigned: true })).json().code).toBe(
      '0',
    );
    const logout = await s.app.inject({
      method: 'GET',
      url: '/api/web/uaa/logout?redirect_url=/cv3/login/login',
    });
    expect(logout.statusCode).toBe(302);
  });
});

describe('JSON answers are neither sniffed nor stored', () => {
  it('carries nosniff and no-store on successes, business errors, refusals and unknown paths', async () => {
    const answers = [
      await b.call('GET', '/v2/security'),
      await record(b, undefined, { noCsrf: true }),
      await b.call('GET', '/biz/v1/models/creditVoucher/records', { query: { sort: 'nope,asc' } }),
      await s.app.inject({ method: 'GET', url: '/api/web/v2/security' }),
      await s.app.inject({ method: 'GET', url: '/api/web/no/such/path' }),
      await s.app.inject({ method: 'GET', url: '/api/web/login' }),
    ];
    expect(answers.map((r) => [r.statusCode, r.json().code])).toEqual([
      [200, '0'],
      [403, 'SCF.CSRF_INVALID'],
      [200, 'SCF.SORT_INVALID'],
      [401, 'SCF.AUTH_REQUIRED'],
      [404, 'SCF.NOT_FOUND'],
      [200, '0'],
    ]);
    for (const res of answers) {
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('a safe call signed with a token the page had not stored yet', () => {
  // After 退出 the login page's GET /login gives the browser a new anonymous session; a page opened before
  // its token was stored signs the platform lookup with the ended session's token (seen in login.spec).
  const lookup = (browser: Browser) =>
    browser.call('POST', '/biz/v1/platforms', { body: { platformUrl: '127.0.0.1' } });

  it("is answered for a visitor: an anonymous session's safe call has nothing to protect", async () => {
    const visitor = new Browser(s.app);
    await visitor.bootstrap();
    visitor.csrf = 'a-token-of-the-ended-session';
    const res = await lookup(visitor);
    expect([res.statusCode, res.json().code]).toEqual([200, '0']);
  });

  it("is refused for a user: a logged-in session's calls are always checked", async () => {
    const user = await loggedIn(s.app, 'core_director');
    user.csrf = 'a-token-of-the-ended-session';
    const res = await lookup(user);
    expect([res.statusCode, res.json().code]).toEqual([400, 'SCF.SIGNATURE_INVALID']);
  });
});
