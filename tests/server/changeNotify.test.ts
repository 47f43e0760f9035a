import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashId } from '@server/auth/sessions';
import { loggedIn, testServer, unreadMessages, type TestServer } from './helpers';

/** Per-instance caches drop what changed in the database at once, whoever wrote it (migration 030). */
describe('change notifications', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await testServer();
  });
  afterAll(async () => {
    await s.app.close();
    await s.db.close();
  });

  const unread = async (b: Awaited<ReturnType<typeof loggedIn>>): Promise<number> =>
    (await b.call('GET', '/corp/v1/sys/messages', { query: { status: 'UNREAD', size: '1' } })).json().data
      .pagecond.count;

  it('shows a message read elsewhere in the bell count at once', async () => {
    const b = await loggedIn(s.app, 'core_operator');
    const before = await unreadMessages(s.db, 'core_operator');
    expect(before).toBeGreaterThan(0);
    expect(await unread(b)).toBe(before);
    expect(await unread(b)).toBe(before);
    await s.db.query(
      `update messages set state = 'READ'
        where id = (select m.id from messages m join users u on u.id = m.user_id
                     where u.username = 'core_operator' and m.state = 'UNREAD' limit 1)`,
    );
    expect(await unread(b)).toBe(before - 1);
  });

  it('refuses a session deleted in the database on the next call', async () => {
    const b = await loggedIn(s.app, 'chain_operator');
    expect((await b.call('GET', '/v2/security')).json().code).toBe('0');
    await s.db.query('delete from sessions where id_hash = $1', [
      hashId(b.cookie.replace('SCF_SESSION=', '')),
    ]);
    expect((await b.call('GET', '/v2/security')).json().code).toBe('SCF.AUTH_REQUIRED');
  });

  it('sees a role taken away and an enterprise cancelled at once', async () => {
    const b = await loggedIn(s.app, 'dual_role');
    const roles = async (): Promise<string[]> =>
      (await b.call('GET', '/v2/security')).json().data.roles3.map((r: { roleCode: string }) => r.roleCode);
    expect(await roles()).toEqual(['ROLE_CORE_OPERATOR', 'ROLE_CORP_OPERATOR']);
    await s.db.query(
      "delete from user_roles where role_code = 'ROLE_CORP_OPERATOR' and user_id = (select id from users where username = 'dual_role')",
    );
    expect(await roles()).toEqual(['ROLE_CORE_OPERATOR']);
    await s.db.query(
      "update corps set registry_status = 'CANCELLED' where id = (select corp_id from users where username = 'dual_role')",
    );
    expect((await b.call('GET', '/corp/v1/sys/messages')).json().code).toBe('SCF.CORP_CANCELLED');
  });
});
