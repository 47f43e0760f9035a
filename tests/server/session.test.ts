import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, clock, loggedIn, testServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

describe('login and the session calls', () => {
  it('GET /login hands out an anonymous session and its CSRF token', async () => {
    const b = new Browser(s.app);
    const res = await b.call('GET', '/login');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '0', data: { loggedIn: false, systemType: 'CORP_WEB' } });
    expect(res.json().data.csrfToken).toMatch(/^[\w-]{20,}$/);
    expect(res.headers['x-csrf-token']).toBe(res.json().data.csrfToken);
    const cookie = res.cookies.find((c) => c.name === 'SCF_SESSION')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it("GET /v2/security answers code '0' only with a logged-in session", async () => {
    const anonymous = new Browser(s.app);
    await anonymous.bootstrap();
    const denied = await anonymous.call('GET', '/v2/security');
    expect(denied.statusCode).toBe(401);
    expect(denied.json().code).toBe('SCF.AUTH_REQUIRED');

    const b = await loggedIn(s.app, 'core_operator');
    const res = await b.call('GET', '/v2/security', {
      query: {
        user3Required: 'true',
        candidateRoles3Required: 'true',
        roles3Required: 'true',
        menus3Required: 'true',
      },
    });
    expect(res.json().code).toBe('0');
    const data = res.json().data;
    expect(data.user3).toMatchObject({
      userName: 'core_operator',
      personName: '张建国',
      corpType: 'CORE',
      corpCancelled: false,
    });
    expect(Object.keys(data.user3)).toEqual(
      expect.arrayContaining([
        'personId',
        'userId',
        'userName',
        'personName',
        'mobile',
        'userType',
        'enableSwitchVersion',
      ]),
    );
    expect(data.currentRole3).toMatchObject({
      roleCode: 'ROLE_CORE_OPERATOR',
      pkRole: 'PK_ROLE_CORE_OPERATOR',
    });
    expect(data.roles3.map((r: { roleCode: string }) => r.roleCode)).toEqual(['ROLE_CORE_OPERATOR']);
    expect(data.candidateRoles).toHaveLength(1);
    expect(Array.isArray(data.menus3)).toBe(true);
    expect(data.homeUrl).toBe('/credit/core/index/operator');
    expect(data.openedProductCorps).toMatchObject({ credit: true, abs: true, abcp: true });
    // core_operator holds no key.
    expect(data).toMatchObject({ uKeyCodeSuffix: null, raType: null, certNumber: null });
  });

  it("starts a role on its enterprise's opened products: a factor with only joint factoring never on credit", async () => {
    for (const [user, home] of [
      ['fin_client_manager', '/credit/core/supplier/finance-query'],
      ['fin2_client_manager', '/factoring/joint/finance-management/loan/apply/list'],
      ['fin2_product_manager', '/factoring/joint/finance-management/loan/apply/list'],
    ]) {
      const b = await loggedIn(s.app, user!);
      expect((await b.call('GET', '/v2/security')).json().data.homeUrl, user).toBe(home);
      expect((await b.call('GET', '/uaa/login/success')).json().data.redirectUrl, user).toBe(`/cv3${home}`);
    }
  });

  it('describes the bound UKEY of a director in /v2/security', async () => {
    const data = (await (await loggedIn(s.app, 'core_director')).call('GET', '/v2/security')).json().data;
    const binding = (
      await s.db.query<{ ukey_no: string; ra_type: string; print_number: string }>(
        `select ukey_no, ra_type, print_number from ukey_bindings b join users u on u.id = b.holder_user_id
          where u.username = 'core_director' and b.state = 'ACTIVE' order by b.created_at desc, b.id desc limit 1`,
      )
    ).rows[0]!;
    expect(data.uKeyCodeSuffix).toBe(binding.ukey_no.slice(-4));
    expect(data.raType).toBe(binding.ra_type);
    expect(data.certNumber).toBe(binding.print_number);
  });

  it('logs in with a new session id (no fixation) and a new CSRF token', async () => {
    const b = new Browser(s.app);
    await b.bootstrap();
    const before = { cookie: b.cookie, csrf: b.csrf };
    const res = await b.call('POST', '/uaa/login', {
      body: { username: 'chain_operator', password: await b.encrypt('Demo@2026') },
    });
    expect(res.json().code).toBe('0');
    expect(b.cookie).not.toBe(before.cookie);
    expect(res.json().data.csrfToken).not.toBe(before.csrf);
    // The anonymous session is gone.
    const old = new Browser(s.app);
    old.cookie = before.cookie;
    expect((await old.call('GET', '/login')).json().data.csrfToken).not.toBe(before.csrf);
  });

  it('never accepts the password in clear', async () => {
    const b = new Browser(s.app);
    await b.bootstrap();
    const res = await b.call('POST', '/uaa/login', {
      body: { username: 'core_operator', password: 'Demo@2026' },
    });
    expect(res.json()).toMatchObject({
      code: 'SCF.PASSWORD_DECRYPT_FAILED',
      message: '密码加密信息无效，请刷新页面后重试',
    });
  });

  it('gives a wrong password and an unknown user the same message', async () => {
    const wrong = await new Browser(s.app).login('core_query', 'Wrong@2026');
    const unknown = await new Browser(s.app).login('nobody_here', 'Demo@2026');
    expect(wrong.json()).toMatchObject({ code: 'SCF.LOGIN_FAILED', message: '用户名或密码错误' });
    expect(unknown.json()).toMatchObject({ code: 'SCF.LOGIN_FAILED', message: '用户名或密码错误' });
  });

  it('locks a user out after 5 failures, even with the right password afterwards', async () => {
    for (let i = 0; i < 4; i++)
      expect((await new Browser(s.app).login('unit_query', 'bad')).json().code).toBe('SCF.LOGIN_FAILED');
    const fifth = await new Browser(s.app).login('unit_query', 'bad');
    expect(fifth.json()).toMatchObject({
      code: 'SCF.LOGIN_LOCKED',
      message: '登录失败次数过多，账户已锁定，请15分钟后再试',
    });
    expect((await new Browser(s.app).login('unit_query')).json().code).toBe('SCF.LOGIN_LOCKED');
    const saved = clock.now;
    clock.now = new Date(saved.getTime() + 16 * 60 * 1000);
    try {
      expect((await new Browser(s.app).login('unit_query')).json().code).toBe('0');
    } finally {
      clock.now = saved;
    }
  });

  it('logs every demo user in', async () => {
    const users = [
      'core_director',
      'core_final',
      'core_purchase',
      'chain_director',
      'chain_query',
      'chain_purchase',
      'unit_operator',
      'unit_director',
      'unit_purchase',
      'fin_client_manager',
      'fin_product_manager',
      'corp_manager',
      'dual_role',
      'new_user',
    ];
    for (const u of users) {
      const b = await loggedIn(s.app, u);
      expect((await b.call('GET', '/v2/security')).json().data.user3.userName).toBe(u);
    }
  });

  it('switches the current role only to a role the user holds', async () => {
    const b = await loggedIn(s.app, 'dual_role');
    const first = (await b.call('GET', '/v2/security')).json().data;
    expect(first.candidateRoles.map((r: { roleCode: string }) => r.roleCode).sort()).toEqual([
      'ROLE_CORE_OPERATOR',
      'ROLE_CORP_OPERATOR',
    ]);
    const switched = (
      await b.call('GET', '/v2/security', { query: { currentRole3: 'ROLE_CORP_OPERATOR' } })
    ).json().data;
    expect(switched.currentRole3.roleCode).toBe('ROLE_CORP_OPERATOR');
    // Kept in the session.
    expect((await b.call('GET', '/v2/security')).json().data.currentRole3.roleCode).toBe(
      'ROLE_CORP_OPERATOR',
    );
    const refused = await b.call('GET', '/v2/security', { query: { currentRole3: 'ROLE_CORE_DIRECTOR' } });
    expect(refused.json()).toMatchObject({ code: 'SCF.ROLE_NOT_HELD', message: '当前用户没有该角色' });
  });

  it('hands the login-success address of the role', async () => {
    const b = await loggedIn(s.app, 'chain_operator');
    expect((await b.call('GET', '/uaa/login/success')).json().data.redirectUrl).toBe(
      '/cv3/credit/chain/index/operator',
    );
  });

  it('logs out with redirect_url and _csrf, and refuses a foreign redirect', async () => {
    const b = await loggedIn(s.app, 'core_query');
    const wrong = await b.call('GET', '/uaa/logout', {
      query: { redirect_url: '/cv3/login/login', _csrf: 'forged' },
    });
    expect(wrong.statusCode).toBe(302);
    expect((await b.call('GET', '/v2/security')).json().code).toBe('0');
    const res = await b.call('GET', '/uaa/logout', {
      query: { redirect_url: '/cv3/login/login', _csrf: b.csrf },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/cv3/login/login');
    expect((await b.call('GET', '/v2/security')).statusCode).toBe(401);
    const evil = await new Browser(s.app).call('GET', '/uaa/logout', {
      query: { redirect_url: '//evil.example/x' },
    });
    expect(evil.headers.location).toBe('/cv3/login/login');
  });

  it('lets a cancelled enterprise read its session but blocks its business calls', async () => {
    const b = await loggedIn(s.app, 'cancelled_user');
    const info = (await b.call('GET', '/v2/security')).json();
    expect(info.code).toBe('0');
    expect(info.data.user3.corpCancelled).toBe(true);
    const blocked = (await b.call('GET', '/corp/v1/credits/issue/issuers/param')).json();
    expect(blocked.code).toBe('SCF.CORP_CANCELLED');
    expect(blocked.message).toBe(
      '非常抱歉！查询到您的企业在工商局已经注销，暂时限制登录。如有疑问，请及时联系平台客服。',
    );
  });

  it('gives the user token, the issuer param and the password key', async () => {
    const b = await loggedIn(s.app, 'unit_operator');
    expect((await b.call('GET', '/corp/v1/auth/token')).json().data.token).toMatch(
      /^U\d{4}\.\d+\.[\w-]+\.[\w-]+$/,
    );
    expect((await b.call('GET', '/corp/v1/credits/issue/issuers/param')).json().data).toMatchObject({
      legalType: false,
      issuerType: 'UNIT',
    });
    const key = (await b.call('GET', '/v1/auth/passwords/public-keys')).json().data;
    expect(key.algorithm).toBe('RSA-OAEP-256');
    expect(Buffer.from(key.publicKey, 'base64').length).toBeGreaterThan(290);
  });
});

describe('spec section 7: token login, logo preview, licence names, soft-CA project code', () => {
  it("POST {token} gives a new browser a session of the token's user, once; the form GET goes home", async () => {
    const owner = await loggedIn(s.app, 'core_operator');
    const { token } = (await owner.call('GET', '/corp/v1/auth/token')).json().data;

    const other = new Browser(s.app);
    await other.bootstrap();
    const anonymous = other.cookie;
    const res = await other.call('POST', `/uaa/token/${encodeURIComponent(token)}`);
    expect(res.json()).toMatchObject({ code: '0' });
    other.csrf = res.json().data.csrfToken;
    expect(other.cookie).not.toBe(anonymous);
    const me = await other.call('GET', '/v2/security', { query: { user3Required: 'true' } });
    expect(me.json().data.user3.userName).toBe('core_operator');

    // The form navigation: no signature or CSRF header, a page request; it redirects to the home.
    const nav = await s.app.inject({
      method: 'GET',
      url: '/api/web/uaa/login/success',
      headers: { cookie: other.cookie, accept: 'text/html,application/xhtml+xml' },
    });
    expect(nav.statusCode).toBe(302);
    expect(nav.headers.location).toMatch(/^\/cv3\//);
    // The portal's call still reads it as JSON.
    expect((await other.call('GET', '/uaa/login/success')).json().data.redirectUrl).toBe(
      nav.headers.location,
    );

    // Used once only; a forged or expired one is refused with its code.
    const again = new Browser(s.app);
    await again.bootstrap();
    const replay = await again.call('POST', `/uaa/token/${encodeURIComponent(token)}`);
    expect(replay.json().code).toBe('SCF.USER_TOKEN_INVALID');
    const forged = token.replace(/^U\d{4}/, 'U0001');
    expect((await again.call('POST', `/uaa/token/${encodeURIComponent(forged)}`)).json().code).toBe(
      'SCF.USER_TOKEN_INVALID',
    );
    const late = (await owner.call('GET', '/corp/v1/auth/token')).json().data.token as string;
    const before = clock.now;
    clock.now = new Date(before.getTime() + 5 * 60 * 1000 + 1000);
    try {
      const expired = await again.call('POST', `/uaa/token/${encodeURIComponent(late)}`);
      expect(expired.json().code).toBe('SCF.USER_TOKEN_INVALID');
    } finally {
      clock.now = before;
    }
  });

  it("GET /v1/files/logo/preview answers the asking host's logo, without a session", async () => {
    const plain = await s.app.inject({ method: 'GET', url: '/api/web/v1/files/logo/preview' });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe('/cv3/brand/ccbscf.svg');
    const abs = await s.app.inject({
      method: 'GET',
      url: '/api/web/v1/files/logo/preview',
      headers: { host: 'abs.localhost:8080' },
    });
    expect(abs.headers.location).toBe('/cv3/brand/abs.svg');
  });

  it('GET /corp/v1/realname/licenses/verify/license-names names the enterprise and its legal person', async () => {
    const b = await loggedIn(s.app, 'chain_operator');
    const data = (await b.call('GET', '/corp/v1/realname/licenses/verify/license-names')).json().data;
    expect(data.corpName).toBe('华建建材供应有限公司');
    expect(typeof data.legalName).toBe('string');
    const anonymous = new Browser(s.app);
    await anonymous.bootstrap();
    expect((await anonymous.call('GET', '/corp/v1/realname/licenses/verify/license-names')).json().code).toBe(
      'SCF.AUTH_REQUIRED',
    );
  });

  it('POST /corp/v1/credits/signature/softCa/projectCode names the project of a soft key only', async () => {
    const b = await loggedIn(s.app, 'chain_director');
    const ok = await b.call('POST', '/corp/v1/credits/signature/softCa/projectCode', {
      body: { ukeyNo: 'SKG000001001' },
    });
    expect(ok.json().data).toMatchObject({ ukeyNo: 'SKG000001001' });
    expect(ok.json().data.projectCode).toMatch(/^XYPZ-[0-9A-Z]{18}$/);
    const hardware = await b.call('POST', '/corp/v1/credits/signature/softCa/projectCode', {
      body: { ukeyNo: '1234567890AB' },
    });
    expect(hardware.json().code).toBe('SCF.SOFT_KEY_INVALID');
  });
});
