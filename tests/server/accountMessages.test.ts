import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, testServer, unreadMessages, type TestServer } from './helpers';

/** In-site mail and SMS with read/unread (my/message/*). */
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

type B = Awaited<ReturnType<typeof loggedIn>>;
const unread = async (b: B): Promise<number> =>
  (await b.call('GET', '/corp/v1/sys/messages', { query: { messageState: 'UNREAD', size: '1' } })).json().data
    .pagecond.count;

describe('messages', () => {
  it('marks chosen messages read and the bell count follows at once', async () => {
    const b = await loggedIn(s.app, 'core_operator');
    // The seeded notices and the to-dos the demo world's records left waiting for core_operator.
    const before = await unreadMessages(s.db, 'core_operator');
    expect(before).toBeGreaterThan(1);
    expect(await unread(b)).toBe(before);
    const list = (await b.call('GET', '/corp/v1/sys/messages', { query: { messageState: 'UNREAD' } })).json()
      .data.list as Array<{ id: string }>;
    const res = (await b.call('POST', '/corp/v1/sys/messages/read', { body: { ids: [list[0]!.id] } })).json();
    expect(res).toMatchObject({ code: '0', data: { updated: 1 } });
    expect(await unread(b)).toBe(before - 1);
    // Reading it again changes nothing.
    expect(
      (await b.call('POST', '/corp/v1/sys/messages/read', { body: { ids: [list[0]!.id] } })).json().data
        .updated,
    ).toBe(0);
    expect(
      (await b.call('POST', '/corp/v1/sys/messages/read', { body: { all: true } })).json().data.updated,
    ).toBe(before - 1);
    expect(await unread(b)).toBe(0);
  });

  it('never marks another user’s messages', async () => {
    const other = await loggedIn(s.app, 'chain_operator');
    const theirs = (
      await other.call('GET', '/corp/v1/sys/messages', { query: { messageState: 'UNREAD' } })
    ).json().data.list as Array<{ id: string }>;
    expect(theirs.length).toBeGreaterThan(0);
    const before = { other: await unread(other), director: await unreadMessages(s.db, 'core_director') };
    const b = await loggedIn(s.app, 'core_director');
    const res = (
      await b.call('POST', '/corp/v1/sys/messages/read', { body: { ids: theirs.map((m) => m.id) } })
    ).json();
    expect(res.data.updated).toBe(0);
    expect(await unread(other)).toBe(before.other);
    expect(await unread(b)).toBe(before.director);
  });

  it('shows a to-do another user handled as HANDLED, and filters by the state shown', async () => {
    const b = await loggedIn(s.app, 'chain_operator');
    type Mail = { state: string; messageState: string; handledAt: string | null };
    const page = async (state?: string) =>
      (
        await b.call('GET', '/corp/v1/sys/messages', { query: { size: '100', ...(state ? { state } : {}) } })
      ).json().data as { list: Mail[]; pagecond: { count: number } };
    const all = await page();
    const handled = await page('HANDLED');
    expect(handled.pagecond.count).toBeGreaterThan(0);
    expect(handled.list.every((m) => m.state === 'HANDLED' && m.handledAt !== null)).toBe(true);
    const unreadRows = await page('UNREAD');
    expect(unreadRows.list.every((m) => m.state === 'UNREAD' && m.handledAt === null)).toBe(true);
    const read = await page('READ');
    expect(read.list.every((m) => m.state === 'READ' && m.messageState === 'READ')).toBe(true);
    expect(handled.pagecond.count + unreadRows.pagecond.count + read.pagecond.count).toBe(all.pagecond.count);
    expect((await b.call('GET', '/corp/v1/sys/messages', { query: { state: 'DONE' } })).json()).toMatchObject(
      {
        code: 'SCF.BAD_REQUEST',
      },
    );
  });

  it('refuses an empty or malformed selection', async () => {
    const b = await loggedIn(s.app, 'core_director');
    for (const body of [{}, { ids: [] }, { ids: [1, 2] }, { all: 'yes' }]) {
      expect((await b.call('POST', '/corp/v1/sys/messages/read', { body })).json()).toMatchObject({
        code: 'SCF.BATCH_EMPTY',
        message: '请选择要操作的记录',
      });
    }
    expect((await b.call('POST', '/corp/v1/sys/messages/read', { body: {}, noCsrf: true })).statusCode).toBe(
      403,
    );
  });

  it('lists the user’s own SMS with read states and marks them read', async () => {
    const b = await loggedIn(s.app, 'chain_director');
    const all = (await b.call('GET', '/corp/v1/sys/sms')).json().data;
    expect(all.pagecond.count).toBe(3);
    expect(all.list.map((m: { sendStatus: string }) => m.sendStatus)).toEqual(['SENT', 'SENT', 'FAILED']);
    const mobile = (await b.call('GET', '/v2/security')).json().data.user3.mobile;
    expect(all.list.every((m: { mobile: string }) => m.mobile === mobile)).toBe(true);
    const unreadSms = (await b.call('GET', '/corp/v1/sys/sms', { query: { readState: 'UNREAD' } })).json()
      .data;
    expect(unreadSms.pagecond.count).toBe(1);
    const other = await loggedIn(s.app, 'chain_query');
    const foreign = (
      await other.call('POST', '/corp/v1/sys/sms/read', { body: { ids: [unreadSms.list[0].id] } })
    ).json().data.updated;
    expect(foreign).toBe(0);
    expect(
      (await b.call('POST', '/corp/v1/sys/sms/read', { body: { ids: [unreadSms.list[0].id] } })).json().data
        .updated,
    ).toBe(1);
    expect(
      (await b.call('GET', '/corp/v1/sys/sms', { query: { readState: 'UNREAD' } })).json().data.pagecond
        .count,
    ).toBe(0);
    expect((await b.call('GET', '/corp/v1/sys/sms', { query: { readState: 'X' } })).json().code).toBe(
      'SCF.BAD_REQUEST',
    );
  });

  it('needs a login', async () => {
    const { Browser } = await import('./helpers');
    const anon = new Browser(s.app);
    await anon.bootstrap();
    expect((await anon.call('GET', '/corp/v1/sys/sms')).statusCode).toBe(401);
    expect((await anon.call('POST', '/corp/v1/sys/messages/read', { body: { all: true } })).statusCode).toBe(
      401,
    );
  });
});
