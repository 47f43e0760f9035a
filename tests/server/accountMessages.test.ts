import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, testServer, unreadMessages, type TestServer } from './helpers';

/**
 * In-site mail and SMS with read/unread (my/message/*): records of the models message and smsMessage, seen
 * by their receiver alone (visibility.userField), read through the engine's transition `read`.
 */
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

type B = Awaited<ReturnType<typeof loggedIn>>;
type Row = { id: string; version: number; status: string; handledAt: string | null; actions: string[] };
const MAIL = '/biz/v1/models/message/records';
const SMS = '/biz/v1/models/smsMessage/records';
const unread = async (b: B): Promise<number> =>
  (await b.call('GET', '/corp/v1/sys/messages', { query: { status: 'UNREAD', size: '1' } })).json().data
    .pagecond.count;
const rows = async (b: B, url: string, query: Record<string, string> = {}) =>
  (await b.call('GET', url, { query: { size: '100', ...query } })).json().data as {
    list: Row[];
    pagecond: { count: number };
  };

describe('messages', () => {
  it('marks chosen messages read and the bell count follows at once', async () => {
    const b = await loggedIn(s.app, 'core_operator');
    // The seeded notices and the to-dos the demo world's records left waiting for core_operator.
    const before = await unreadMessages(s.db, 'core_operator');
    expect(before).toBeGreaterThan(1);
    expect(await unread(b)).toBe(before);
    const list = (await rows(b, MAIL, { status: 'UNREAD' })).list;
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

  it('reads a message through the engine: batch transition, new version, audit entry', async () => {
    const b = await loggedIn(s.app, 'chain_director');
    const [first, second] = (await rows(b, MAIL, { status: 'UNREAD' })).list;
    expect(first?.actions).toEqual(['read']);
    const res = (
      await b.call('POST', '/biz/v1/models/message/batch/read', {
        body: {
          items: [
            { id: first!.id, version: first!.version },
            { id: second!.id, version: second!.version + 1 },
          ],
        },
      })
    ).json().data;
    expect([res.succeeded, res.refused, res.results[1].code]).toEqual([1, 1, 'SCF.VERSION_CONFLICT']);
    const read = (await b.call('GET', `${MAIL}/${first!.id}`)).json().data;
    expect([read.status, read.version]).toEqual(['READ', first!.version + 1]);
    const trail = (read.audit as Array<{ action: string; from: string | null; to: string }>).map((a) => [
      a.action,
      a.from,
      a.to,
    ]);
    expect(trail).toContainEqual(['create', null, 'UNREAD']);
    expect(trail).toContainEqual(['read', 'UNREAD', 'READ']);
  });

  it('shows a user’s messages to that user alone: not to a colleague of the same enterprise, not by id', async () => {
    const owner = await loggedIn(s.app, 'core_director');
    const colleague = await loggedIn(s.app, 'core_operator');
    const mine = (await rows(owner, MAIL)).list;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = new Set((await rows(colleague, MAIL)).list.map((m) => m.id));
    expect(mine.filter((m) => theirs.has(m.id))).toEqual([]);
    const id = mine[0]!.id;
    expect((await rows(colleague, MAIL, { id })).list).toEqual([]);
    expect((await colleague.call('GET', `${MAIL}/${id}`)).json().code).toBe('SCF.RECORD_FORBIDDEN');
    const unreadOne = (await rows(owner, MAIL, { status: 'UNREAD' })).list[0]!;
    const act = await colleague.call('POST', `${MAIL}/${unreadOne.id}/actions/read`, {
      body: { version: unreadOne.version },
    });
    expect(act.json().code).toBe('SCF.RECORD_FORBIDDEN');
    expect(
      (await colleague.call('POST', '/corp/v1/sys/messages/read', { body: { ids: [unreadOne.id] } })).json()
        .data.updated,
    ).toBe(0);
    expect((await owner.call('GET', `${MAIL}/${unreadOne.id}`)).json().data.status).toBe('UNREAD');
    const sms = (await rows(owner, SMS)).list[0]!;
    expect((await colleague.call('GET', `${SMS}/${sms.id}`)).json().code).toBe('SCF.RECORD_FORBIDDEN');
    expect((await rows(colleague, SMS, { id: sms.id })).list).toEqual([]);
  });

  it('shows a to-do another user handled as HANDLED, and filters by the state shown', async () => {
    const b = await loggedIn(s.app, 'chain_operator');
    const all = await rows(b, MAIL);
    const handled = await rows(b, MAIL, { status: 'HANDLED' });
    expect(handled.pagecond.count).toBeGreaterThan(0);
    expect(handled.list.every((m) => m.status === 'HANDLED' && m.handledAt !== null)).toBe(true);
    expect(handled.list.every((m) => m.actions.length === 0)).toBe(true);
    const unreadRows = await rows(b, MAIL, { status: 'UNREAD' });
    expect(unreadRows.list.every((m) => m.handledAt === null)).toBe(true);
    const read = await rows(b, MAIL, { status: 'READ' });
    expect(handled.pagecond.count + unreadRows.pagecond.count + read.pagecond.count).toBe(all.pagecond.count);
    // A state the dictionary does not hold matches nothing.
    expect((await rows(b, MAIL, { status: 'DONE' })).list).toEqual([]);
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
    const all = await rows(b, SMS);
    expect(all.pagecond.count).toBe(3);
    expect(all.list.map((m) => (m as unknown as { sendStatus: string }).sendStatus)).toEqual([
      'SENT',
      'SENT',
      'FAILED',
    ]);
    const mobile = (await b.call('GET', '/v2/security')).json().data.user3.mobile;
    expect(all.list.every((m) => (m as unknown as { mobile: string }).mobile === mobile)).toBe(true);
    const unreadSms = await rows(b, SMS, { status: 'UNREAD' });
    expect(unreadSms.pagecond.count).toBe(1);
    const other = await loggedIn(s.app, 'chain_query');
    const foreign = (
      await other.call('POST', '/corp/v1/sys/sms/read', { body: { ids: [unreadSms.list[0]!.id] } })
    ).json().data.updated;
    expect(foreign).toBe(0);
    expect(
      (await b.call('POST', '/corp/v1/sys/sms/read', { body: { ids: [unreadSms.list[0]!.id] } })).json().data
        .updated,
    ).toBe(1);
    expect((await rows(b, SMS, { status: 'UNREAD' })).pagecond.count).toBe(0);
    expect((await rows(b, SMS, { status: 'X' })).list).toEqual([]);
  });

  it('needs a login', async () => {
    const { Browser } = await import('./helpers');
    const anon = new Browser(s.app);
    await anon.bootstrap();
    expect((await anon.call('GET', SMS)).statusCode).toBe(401);
    expect((await anon.call('POST', '/corp/v1/sys/messages/read', { body: { all: true } })).statusCode).toBe(
      401,
    );
  });
});
