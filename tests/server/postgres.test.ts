import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDb, type Db } from '@server/db/db';
import { migrate } from '@server/db/migrate';
import { seedAll } from '@server/seed';
import { postgresBin, startPostgres, type PostgresServer } from '../../scripts/pg-server';
import { Browser, clock, loggedIn } from './helpers';
import { act, body, getRecord } from './modelsHelpers';

const bin = postgresBin();
let server: PostgresServer | undefined;
let db: Db;

describe.skipIf(!bin)('the same migrations and API on a real PostgreSQL server (DATABASE_URL)', () => {
  beforeAll(async () => {
    server = await startPostgres();
    db = await openDb({ databaseUrl: server.url });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    server?.stop();
  });

  it('migrates, seeds once, and serves logins and sessions', async () => {
    expect((await migrate(db)).length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual([]);
    expect(await seedAll(db)).toBe(true);
    expect(await seedAll(db)).toBe(false);
    const app = await buildApp({ db, schemasDir: join(process.cwd(), 'schemas'), now: () => clock.now });
    try {
      const b = await loggedIn(app, 'dual_role');
      const info = (
        await b.call('GET', '/v2/security', { query: { currentRole3: 'ROLE_CORP_OPERATOR' } })
      ).json();
      expect(info.code).toBe('0');
      expect(info.data.currentRole3.roleCode).toBe('ROLE_CORP_OPERATOR');
      const unread = (
        await (
          await loggedIn(app, 'core_operator')
        ).call('GET', '/corp/v1/sys/messages', { query: { messageState: 'UNREAD' } })
      ).json();
      expect(unread.data.pagecond.count).toBe(3);
      expect((await new Browser(app).login('core_operator', 'nope')).json().code).toBe('SCF.LOGIN_FAILED');
    } finally {
      await app.close();
    }
  }, 120_000);

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into holidays (region, day) values ('R_TEST', '2026-01-01')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.query("select count(*)::int as n from holidays where region = 'R_TEST'")).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('runs two 设为默认 at once on one enterprise: the deadlock victim runs again, one default remains', async () => {
    const app = await buildApp({ db, schemasDir: join(process.cwd(), 'schemas'), now: () => clock.now });
    try {
      const dir = await loggedIn(app, 'unit_director');
      const corp = (
        await db.query<{ corp_id: string }>("select corp_id from users where username = 'unit_director'")
      ).rows[0]!.corp_id;
      const ids = (
        await db.query<{ id: string }>(
          "select id from corp_bank_account where corp_id = $1 and state = 'BA3' order by id limit 2",
          [corp],
        )
      ).rows.map((r) => r.id);
      expect(ids).toHaveLength(2);
      const defaults = async (): Promise<string[]> =>
        (
          await db.query<{ id: string }>(
            'select id from corp_bank_account where corp_id = $1 and is_default is true',
            [corp],
          )
        ).rows.map((r) => r.id);
      const setDefault = async (id: string) =>
        body(
          await act(dir, 'corpBankAccount', id, 'setDefault', {
            version: body(await getRecord(dir, 'corpBankAccount', id)).data.version,
          }),
        );
      // Each transition locks its own account, then the enterprise's accounts: two at once wait for each other.
      for (let round = 0; round < 20; round++) {
        await db.query('update corp_bank_account set is_default = null where corp_id = $1', [corp]);
        const answers = await Promise.all(ids.map(setDefault));
        expect(answers.map((a) => a.code)).toEqual(['0', '0']);
        expect(await defaults()).toHaveLength(1);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});
