import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, loggedIn, testServer, unreadMessages, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

const platform = async (platformUrl: string) =>
  (
    await new Browser(s.app).call('POST', '/biz/v1/platforms', {
      body: { platformUrl },
      unsigned: true,
      noCsrf: true,
    })
  ).json();

describe('platform config, holidays and messages', () => {
  it('brands each host: the default CCBSCF and the ABS platform', async () => {
    const main = await platform('127.0.0.1:8080');
    expect(main.code).toBe('0');
    expect(main.data[0]).toMatchObject({
      platformType: 'CCBSCF',
      loginUrl: '/login/login',
      tempId: '1',
      isOrgLogin: true,
    });
    const abs = await platform('abs.localhost:8080');
    expect(abs.data[0]).toMatchObject({
      platformType: 'ABS',
      loginUrl: '/login/abs/login',
      topBarColor: '#8a1c2b',
    });
    expect(abs.data[0].slogan).not.toBe(main.data[0].slogan);
    const unknown = await platform('portal.example.com');
    expect(unknown.data[0].platformType).toBe('CCBSCF');
    for (const key of [
      'hotline',
      'contactAddress',
      'copyrightCn',
      'securityRegister',
      'icpRegister',
      'avalableProduct',
      'tailBarColor',
      'tailBarWordColor',
      'topBarWordColor',
    ]) {
      expect(main.data[0]).toHaveProperty(key);
    }
  });

  it('lists the holidays of region R_156 for the current year', async () => {
    const res = (
      await new Browser(s.app).call('GET', '/corp/v1/dates/holidays/currentYear', {
        query: { region: 'R_156' },
      })
    ).json();
    expect(res.code).toBe('0');
    expect(res.data).toContain('2026-10-01');
    expect(res.data.every((d: string) => d.startsWith('2026-'))).toBe(true);
    const none = (
      await new Browser(s.app).call('GET', '/corp/v1/dates/holidays/currentYear', {
        query: { region: 'R_999' },
      })
    ).json();
    expect(none.data).toEqual([]);
  });

  it('counts unread messages in data.pagecond.count', async () => {
    const unread = async (u: string) =>
      (
        await (await loggedIn(s.app, u)).call('GET', '/corp/v1/sys/messages', { query: { status: 'UNREAD' } })
      ).json().data;
    for (const user of ['core_operator', 'chain_director', 'new_user']) {
      const count = await unreadMessages(s.db, user);
      const page = await unread(user);
      expect(page.pagecond).toEqual({ count, page: 1, size: 10 });
      expect(page.list).toHaveLength(Math.min(count, 10));
    }
  });

  it('records a product switch, refusing one without a product', async () => {
    const b = await loggedIn(s.app, 'chain_operator');
    expect(
      (
        await b.call('POST', '/corp/v1/corps/persons/product-switch/records', {
          query: { productType: 'abs', productSubtype: 'chain' },
        })
      ).json().code,
    ).toBe('0');
    const rows = await s.db.query<{ product_type: string }>(
      "select product_type from product_switch_records r join users u on u.id = r.user_id where u.username = 'chain_operator'",
    );
    expect(rows.rows.map((r) => r.product_type)).toEqual(['abs']);
    expect((await b.call('POST', '/corp/v1/corps/persons/product-switch/records')).json().code).toBe(
      'SCF.BAD_REQUEST',
    );
  });
});
