import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDb, type Db } from '@server/db/db';
import { migrate } from '@server/db/migrate';
import { openEngine } from '@server/engine';
import { seedAll } from '@server/seed';
import { postgresBin, type PostgresServer } from '../../scripts/pg-server';
import { pgFixture, seededPostgres } from './pgFixture';
import { Browser, clock, loggedIn, unreadMessages } from './helpers';
import { completenessVerifier } from '@server/auth/completenessVerifier';
import { act, body, create, getRecord, SIGN } from './modelsHelpers';

const bin = postgresBin();
let server: PostgresServer | undefined;
let db: Db;

describe.skipIf(!bin)('the same migrations and API on a real PostgreSQL server (DATABASE_URL)', () => {
  beforeAll(async () => {
    // May wait for another file to make the run's seeded fixture (tests/server/pgFixture.ts).
    server = await seededPostgres();
    db = await openDb({ databaseUrl: server.url });
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    server?.stop();
  });

  it('migrates, seeds once, and serves logins and sessions', async () => {
    // The run's fixture was an empty server migrated and seeded through the engine (tests/server/pgFixture.ts);
    // this file works on a copy of it.
    const made = await pgFixture();
    expect(made.migrated).toBeGreaterThan(0);
    expect(made.migratedAgain).toEqual([]);
    expect(made.seeded).toBe(true);
    expect(made.seededAgain).toBe(false);
    expect(await migrate(db)).toEqual([]);
    expect(await seedAll(await openEngine({ db }))).toBe(false);
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
        ).call('GET', '/corp/v1/sys/messages', { query: { status: 'UNREAD' } })
      ).json();
      // The seeded notices and to-dos (the seeder writes them as a server does, on PostgreSQL too).
      expect(unread.data.pagecond.count).toBe(await unreadMessages(db, 'core_operator'));
      expect(unread.data.pagecond.count).toBeGreaterThan(3);
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
  it('seals a plan and issues an asset into it at once: the plan row serialises them, exactly one wins', async () => {
    const app = await buildApp({
      db,
      schemasDir: join(process.cwd(), 'schemas'),
      now: () => clock.now,
      signatureVerifier: completenessVerifier,
    });
    try {
      const fin = await loggedIn(app, 'fin_product_manager');
      const core = await loggedIn(app, 'core_operator');
      // The seeded plans ready for their packet review (every asset confirmed by the core director).
      const plans = (
        await db.query<{ id: string; version: number }>(
          `select p.id, p.version from abs_plan p where p.state = 'PL1'
            and exists (select 1 from abs_asset a where a.plan_id = p.id and a.state = 'T10')
            and not exists (select 1 from abs_asset a where a.plan_id = p.id and a.state in ('T01', 'T02', 'T03', 'T07'))`,
        )
      ).rows;
      expect(plans.length).toBeGreaterThanOrEqual(2);
      for (const plan of plans) {
        const [sealed, issued] = await Promise.all([
          act(fin, 'absPlan', plan.id, 'review', { version: plan.version, signature: SIGN }),
          create(core, 'absAsset', {
            assetType: 'receivable',
            planId: plan.id,
            supplierCorpId: 'SUP001',
            debtorName: '并发项目公司',
            confirmNo: 'FQ-RACE',
            contractType: 'construction',
            amount: '100.00',
            dueDate: '2027-03-01',
          }),
        ]);
        const codes = [body(sealed).code, body(issued).code];
        expect(
          codes.filter((c) => c === '0'),
          codes.join(' '),
        ).toHaveLength(1);
        expect(codes.find((c) => c !== '0')).toMatch(/^SCF\.RELATED_BLOCKED$/);
        const state = (
          await db.query<{ state: string }>('select state from abs_plan where id = $1', [plan.id])
        ).rows[0]!.state;
        const midFlow = (
          await db.query<{ n: number }>(
            "select count(*)::int as n from abs_asset where plan_id = $1 and state = 'T01'",
            [plan.id],
          )
        ).rows[0]!.n;
        // Never a sealed plan with an asset waiting in it.
        expect([state, midFlow]).toEqual(body(sealed).code === '0' ? ['PL2', 0] : ['PL1', 1]);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});
