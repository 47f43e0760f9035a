import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDb, type Db } from '@server/db/db';
import { migrate } from '@server/db/migrate';
import { seedAll } from '@server/seed';
import { Browser, clock, loggedIn } from './helpers';

/** PostgreSQL server binaries, when the machine has them (Debian's postgresql-NN packages). */
function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base)
    .sort()
    .reverse()
    .find((v) => existsSync(join(base, v, 'bin', 'initdb')));
  return version ? join(base, version, 'bin') : null;
}

const bin = postgresBin();
const isRoot = process.getuid?.() === 0;
const port = 55400 + Math.floor(Math.random() * 500);
let dataDir = '';
let db: Db;

/** Runs a PostgreSQL tool, as the postgres user when we are root (PostgreSQL refuses to run as root). */
function pgTool(tool: string, args: string[]): void {
  const cmd = join(bin!, tool);
  if (isRoot)
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args.map((a) => `'${a}'`)].join(' ')], {
      stdio: 'pipe',
    });
  else execFileSync(cmd, args, { stdio: 'pipe' });
}

describe.skipIf(!bin)('the same migrations and API on a real PostgreSQL server (DATABASE_URL)', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'scf-pg-'));
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dataDir, uid, gid);
      chmodSync(dataDir, 0o700);
    }
    pgTool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    pgTool('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-l',
      join(dataDir, 'log'),
      '-o',
      `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    db = await openDb({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    if (dataDir && existsSync(join(dataDir, 'postmaster.pid')))
      pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
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
});
