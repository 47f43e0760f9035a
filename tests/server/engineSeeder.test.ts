import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '@server/db/pglite';
import { ApiError } from '@server/errors';
import { openEngine } from '@server/engine';
import { EngineSeeder, SEED_RA_TYPE, seedSignatureVerifier, seedSignRecord } from '@server/seed/engineSeeder';

// The shared seeding helper: the engine's own calls, as demo users, on a movable clock.
let db: PgliteDb;
let s: EngineSeeder;

async function openSeeder(start?: Date): Promise<EngineSeeder> {
  return EngineSeeder.open({ engine: await openEngine({ db }), ...(start ? { start } : {}) });
}

beforeAll(async () => {
  const dump = readFileSync(join(process.cwd(), 'test-results', 'server-fixture.tar.gz'));
  db = await openPglite({ loadDataDir: new Blob([dump]) });
  s = await openSeeder();
});
afterAll(async () => {
  await db?.close();
});

const issueBody = (dueDate: string) => ({
  supplierCorpId: 'SUP001',
  statements: [
    {
      statementNo: 'DZ-SEED-1',
      statementDate: '2026-10-01',
      statementAmount: '120000.00',
      billAmount: '100000.00',
      expectedPayDate: dueDate,
    },
  ],
  amount: '100000.00',
  dueDate,
  contractNo: 'HT-SEED-1',
  remark: '种子测试',
});

async function trail(id: string) {
  return (
    await db.query<{
      action: string;
      user_name: string;
      at: Date;
      signed: boolean;
      signature: { raType?: string; original?: string } | null;
    }>(
      `select action, user_name, at, signed, signature from biz_audit where model = 'creditIssue' and record_id = $1 order by at, id`,
      [id],
    )
  ).rows;
}

describe('EngineSeeder', () => {
  it('creates and moves records as demo users on its own clock, each write a minute later', async () => {
    s.at('2026-10-10');
    const start = s.now.getTime();
    expect(s.today).toBe('2026-10-10');
    const rec = await s.as('core_operator').create('creditIssue', issueBody('2026-12-15'));
    // The engine saw the seeder's day: the apply date and creation time are in the past.
    expect(rec).toMatchObject({
      status: 'IS0',
      applyDate: '2026-10-10',
      createdByName: '张建国',
      version: 1,
    });
    expect(rec.createdAt).toBe('2026-10-10 09:00:00'); // China time on the wire
    expect(String(rec.issueNo)).toMatch(/^\w+20261010\d{6}$/);
    expect(s.now.getTime()).toBe(start + 60_000);

    s.at('2026-10-11');
    const approved = await s.as('core_director').act('creditIssue', String(rec.id), 'approve');
    expect(approved).toMatchObject({ status: 'IS1', version: 2 });
    const final = await s.as('core_final').act('creditIssue', String(rec.id), 'finalApprove');
    expect(final.status).toBe('IS2');

    const steps = await trail(String(rec.id));
    expect(steps.map((e) => [e.action, e.user_name, e.signed])).toEqual([
      ['create', 'core_operator', false],
      ['approve', 'core_director', true],
      ['finalApprove', 'core_final', false],
    ]);
    expect(steps[1]!.signature).toMatchObject({
      raType: SEED_RA_TYPE,
      original: `creditIssue/${String(rec.id)}/approve`,
    });
    expect(new Date(steps[1]!.at).toISOString()).toBe('2026-10-11T01:00:00.000Z');
    expect(new Date(steps[2]!.at).getTime() - new Date(steps[1]!.at).getTime()).toBe(60_000);
  });

  it('updates at the record’s current version and runs the engine’s own checks', async () => {
    s.at('2026-11-01');
    const core = s.as('core_operator');
    const rec = await core.create('creditIssue', issueBody('2027-01-05'));
    const changed = await core.update('creditIssue', String(rec.id), { remark: '改过' });
    expect(changed).toMatchObject({ remark: '改过', version: 2 });
    // What the engine refuses is refused here too: the wrong role, a missing reason, the wrong party.
    await expect(s.as('chain_operator').create('creditIssue', issueBody('2027-01-05'))).rejects.toMatchObject(
      {
        code: 'CREATE_FORBIDDEN',
      },
    );
    await expect(s.as('core_director').act('creditIssue', String(rec.id), 'reject')).rejects.toMatchObject({
      code: 'REASON_REQUIRED',
    });
    await expect(s.as('unit_operator').act('creditIssue', String(rec.id), 'accept')).rejects.toBeInstanceOf(
      ApiError,
    );
    const rejected = await s
      .as('core_director')
      .act('creditIssue', String(rec.id), 'reject', { reason: '金额有误' });
    expect(rejected).toMatchObject({ status: 'DIS', version: 3 });
  });

  it('accepts only its own sign records for the action they approve', async () => {
    s.at('2026-11-02');
    const rec = await s.as('core_operator').create('creditIssue', issueBody('2027-01-05'));
    const id = String(rec.id);
    const director = s.as('core_director');
    for (const signature of [
      { ...seedSignRecord(director.user, `creditIssue/${id}/approve`), raType: 'CFCA' },
      seedSignRecord(director.user, `creditIssue/other/approve`),
      { raType: SEED_RA_TYPE },
    ]) {
      await expect(director.act('creditIssue', id, 'approve', { signature })).rejects.toMatchObject({
        code: 'SIGNATURE_REQUIRED',
      });
    }
    expect((await trail(id)).map((e) => e.action)).toEqual(['create']);
    await expect(
      seedSignatureVerifier.verify(db, seedSignRecord(director.user, 'm/1/a'), director.user, 'x', 'm/1/a'),
    ).resolves.toMatchObject({ raType: SEED_RA_TYPE });
  });

  it('attaches files as the upload route does, and keeps acting after another write moved a record on', async () => {
    s.at('2026-11-03');
    const op = s.as('chain_operator');
    const doc = await op.create('financeDocument', {
      category: 'contract',
      title: '贸易合同',
      finCorpId: 'FIN001',
    });
    const id = String(doc.id);
    await expect(op.act('financeDocument', id, 'submit')).rejects.toMatchObject({ code: 'FILE_REQUIRED' });
    // Another seeder (its own idea of versions) uploads: this one's remembered version 1 is stale now.
    const other = await openSeeder(s.now);
    const file = await other.as('chain_operator').attach('financeDocument', id, 'contract', '贸易合同.pdf');
    expect(file).toMatchObject({ recordId: id, uploaderName: '陈立新', mime: 'application/pdf' });
    expect(file.storageKey).toMatch(/^seed\//);
    const submitted = await op.act('financeDocument', id, 'submit');
    expect(submitted).toMatchObject({ status: 'DS1', fileId: file.id, fileName: '贸易合同.pdf', version: 3 });
    await expect(
      s.as('unit_operator').attach('financeDocument', id, 'contract', 'x.pdf'),
    ).rejects.toMatchObject({
      code: 'RECORD_FORBIDDEN',
    });
    await expect(op.attach('financeDocument', id, 'contract', 'x.pdf')).rejects.toMatchObject({
      code: 'FILE_UPLOAD_CLOSED',
    });
  });

  it('puts days back from its start at 09:00 China time, never later than four hours before the start', async () => {
    const early = await openSeeder(new Date('2026-11-20T05:00:00+08:00'));
    expect(early.daysAgo(2).now.toISOString()).toBe('2026-11-18T01:00:00.000Z');
    expect(early.day(-2)).toBe('2026-11-18');
    expect(early.daysAgo(0).now.toISOString()).toBe('2026-11-19T17:00:00.000Z');
    expect(early.later(30).now.toISOString()).toBe('2026-11-19T17:30:00.000Z');
  });

  it('names demo users and roles it does not know', () => {
    expect(() => s.as('nobody')).toThrow(/nobody/);
    expect(() => s.as('core_operator', 'ROLE_CORE_DIRECTOR')).toThrow(/does not hold/);
    expect(s.as('dual_role', 'ROLE_CORP_OPERATOR').role).toBe('ROLE_CORP_OPERATOR');
    expect(s.asRole('UNIT001', 'ROLE_UNIT_DIRECTOR').user.username).toBe('unit_director');
    expect(() => s.at('not a day')).toThrow(/Not a date/);
  });

  it('runs on a view of the one engine: same models, database and services, its own clock only', async () => {
    const engine = await openEngine({ db, now: () => new Date('2030-01-01T00:00:00Z') });
    const seeder = await EngineSeeder.open({ engine, start: new Date('2026-09-01T04:00:00Z') });
    const view = seeder.engine;
    expect(view).not.toBe(engine);
    expect(Object.getPrototypeOf(view)).toBe(engine);
    expect(view.models).toBe(engine.models);
    expect(view.db).toBe(engine.db);
    expect(view.host).toBe(engine.host);
    seeder.at('2026-08-20');
    const rec = await seeder.as('core_operator').create('creditIssue', issueBody('2026-12-15'));
    // The view's clock dated the record; the engine's own clock (2030) did not move.
    expect(rec.applyDate).toBe('2026-08-20');
  });
});
