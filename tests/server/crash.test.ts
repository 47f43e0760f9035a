import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TERMINAL_CODE } from '@/api/constants';
import { signRequest } from '@/api/signature';
import { openDb, type Db } from '@server/db/db';
import { expectBooksBalance } from './books';
import { encryptPassword } from './helpers';
import { postgresBin, type PostgresServer } from '../../scripts/pg-server';
import { seededPostgres } from './pgFixture';
import { processExit, seededDataDir, startServerProcess } from './serverProcess';

/**
 * Crash test: the real server process takes concurrent writes — voucher applications
 * (record + business number + audit) and transfers (transfer + reservation on the source voucher +
 * audit) — and is killed with SIGKILL while they are in flight. After a restart on the same database,
 * every acknowledged write is there, and nothing is half written: every record has its audit entry and
 * every voucher's books balance. Once on the embedded database, once on PostgreSQL. On the embedded database
 * the process is first stopped with SIGTERM: it exits 0 and keeps what was committed.
 */
/** A parsed JSON answer. */
type Json = ReturnType<JSON['parse']>;

const WRITES_BEFORE_KILL = Number(process.env.CRASH_WRITES ?? 60);
const CONCURRENCY = 8;

function day(offset: number): string {
  return new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);
}

/** A portal session over HTTP (signed, CSRF and terminal headers). */
class Client {
  cookie = '';
  csrf = '';
  constructor(readonly base: string) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    rawQuery = '',
  ): Promise<{ code: string; data: Json }> {
    const url = `/api/web${path}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(this.base + url + (rawQuery ? `?${rawQuery}` : ''), {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        'x-csrf-token': this.csrf,
        'x-ccbscf-terminal-code': TERMINAL_CODE,
        'x-vrandom': signRequest({ method, path: url, rawQuery, body: text, csrfToken: this.csrf }),
        ...(text ? { 'content-type': 'application/json' } : {}),
      },
      ...(text ? { body: text } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return (await res.json()) as { code: string; data: Json };
  }

  async login(username: string): Promise<this> {
    this.csrf = (await this.call('GET', '/login')).data.csrfToken;
    const key = (await this.call('GET', '/v1/auth/passwords/public-keys')).data.publicKey;
    const res = await this.call('POST', '/uaa/login', {
      username,
      password: encryptPassword(key, 'Demo@2026'),
    });
    if (res.code !== '0') throw new Error(`login ${username}: ${JSON.stringify(res)}`);
    this.csrf = res.data.csrfToken;
    return this;
  }
}

interface Acked {
  model: 'creditIssue' | 'creditTransfer';
  id: string;
  marker: string;
}

/** Writes until killed: returns what the server acknowledged before it died. */
async function writeUntilKilled(
  base: string,
  child: ChildProcess,
): Promise<{ acked: Acked[]; inFlight: number }> {
  const core = await new Client(base).login('core_operator');
  const chain = await new Client(base).login('chain_operator');
  const held = (
    await chain.call(
      'GET',
      '/biz/v1/models/creditVoucher/records',
      undefined,
      'holderCorpId=SUP001&status=ISD&size=50',
    )
  ).data.list as Array<{
    id: string;
    availableAmount: string;
    actualDueDate: string;
  }>;
  const vouchers = held
    .filter((v) => v.actualDueDate > day(1) && Number(v.availableAmount) > 1000)
    .map((v) => v.id);
  expect(vouchers.length).toBeGreaterThan(0);
  const acked: Acked[] = [];
  let n = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let killed = false;
  let dead = false;
  const one = async (): Promise<void> => {
    const i = n++;
    const marker = `CRASH-${i}`;
    inFlight++;
    try {
      const res =
        i % 2 === 0
          ? await core.call('POST', '/biz/v1/models/creditIssue/records', {
              supplierCorpId: 'SUP001',
              statements: [
                {
                  statementNo: marker,
                  statementDate: day(-1),
                  statementAmount: '100.00',
                  billAmount: '100.00',
                  expectedPayDate: day(60),
                },
              ],
              amount: '100.00',
              dueDate: day(60),
              contractNo: marker,
            })
          : await chain.call('POST', '/biz/v1/models/creditTransfer/records', {
              sourceVoucherId: vouchers[i % vouchers.length],
              remark: marker,
              lines: [
                {
                  receiverCorpId: 'UNIT001',
                  amount: '1.00',
                  accountNo: '6227000012345678901',
                  accountName: '收款户',
                  bankName: '中国建设银行北京分行',
                  bankCode: '105100000017',
                },
              ],
            });
      if (res.code === '0')
        acked.push({ model: i % 2 === 0 ? 'creditIssue' : 'creditTransfer', id: res.data.id, marker });
    } catch {
      dead = true; // the connection died with the server
    } finally {
      inFlight--;
    }
  };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!dead) {
        if (acked.length >= WRITES_BEFORE_KILL && !killed) {
          killed = true;
          inFlightAtKill = inFlight;
          child.kill('SIGKILL');
        }
        await one();
      }
    }),
  );
  return { acked, inFlight: inFlightAtKill };
}

/** Everything acknowledged is there; no record lacks its audit entry; vouchers balance. */
async function checkDurable(db: Db, acked: Acked[]): Promise<void> {
  const issues = new Set(
    (await db.query<{ id: string }>("select id from credit_issue where contract_no like 'CRASH-%'")).rows.map(
      (r) => r.id,
    ),
  );
  const transfers = new Set(
    (await db.query<{ id: string }>("select id from credit_transfer where remark like 'CRASH-%'")).rows.map(
      (r) => r.id,
    ),
  );
  const lost = acked.filter((a) => !(a.model === 'creditIssue' ? issues : transfers).has(a.id));
  expect(lost, 'acknowledged writes lost').toEqual([]);
  const orphans = await db.query<{ n: number }>(
    `select count(*)::int as n from (
       select id, 'creditIssue' as m from credit_issue union all select id, 'creditTransfer' from credit_transfer
     ) r where not exists (select 1 from biz_audit a where a.model = r.m and a.record_id = r.id)`,
  );
  expect(orphans.rows[0]!.n, 'records without their audit entry').toBe(0);
  await expectBooksBalance(db);
}

/**
 * SIGTERM: the process exits 0, and a new one on the same data finds the session written before it (a
 * core_operator login). Resolves with that new process, running.
 */
async function shutsDownCleanly(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const first = await startServerProcess(env, port);
  const core = await new Client(base).login('core_operator');
  const exit = processExit(first);
  first.kill('SIGTERM');
  expect(await exit).toBe(0);
  // Same data directory: the session written before SIGTERM is still there.
  const second = await startServerProcess(env, port);
  const info = await core.call('GET', '/v2/security');
  expect(info.code).toBe('0');
  expect(info.data.user3.userName).toBe('core_operator');
  return second;
}

/** `started`: the first process when the caller started it already (on `port`). */
async function crashRun(
  env: Record<string, string>,
  openCheckDb: () => Promise<Db>,
  stopBeforeCheck: boolean,
  port = 19000 + Math.floor(Math.random() * 400),
  started?: ChildProcess,
) {
  const base = `http://127.0.0.1:${port}`;
  const first = started ?? (await startServerProcess(env, port));
  const died = processExit(first);
  const since = Date.now();
  const { acked, inFlight } = await writeUntilKilled(base, first);
  await died;
  expect(first.signalCode).toBe('SIGKILL');
  expect(acked.length).toBeGreaterThanOrEqual(WRITES_BEFORE_KILL);

  const second = await startServerProcess({ ...env, SEED: 'false' }, port);
  try {
    // The API sees the acknowledged records too.
    const core = await new Client(base).login('core_operator');
    const sample = acked.find((a) => a.model === 'creditIssue')!;
    expect((await core.call('GET', `/biz/v1/models/creditIssue/records/${sample.id}`)).data.contractNo).toBe(
      sample.marker,
    );
  } finally {
    if (stopBeforeCheck) {
      const done = processExit(second);
      second.kill('SIGTERM');
      expect(await done).toBe(0);
    }
  }
  const db = await openCheckDb();
  try {
    await checkDurable(db, acked);
  } finally {
    await db.close();
    if (!stopBeforeCheck) {
      const done = processExit(second);
      second.kill('SIGTERM');
      await done;
    }
  }
  console.log(
    `crash (${env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}): ${acked.length} acknowledged writes, ${inFlight} in flight at SIGKILL, lost 0, ${((Date.now() - since) / 1000).toFixed(1)} s`,
  );
}

describe('kill -9 during writes', () => {
  it('embedded database: SIGTERM shuts down cleanly and keeps what was committed; every acknowledged write survives a kill -9, nothing half written', async () => {
    const dataDir = await seededDataDir('scf-crash-');
    const env = { DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist') };
    const port = 19000 + Math.floor(Math.random() * 400);
    // The process that shows the clean restart is the one then killed: one start fewer (~6 s of CPU each).
    const restarted = await shutsDownCleanly(env, port);
    await crashRun(env, () => openDb({ dataDir }), true, port, restarted);
  }, 420_000);

  let pg: PostgresServer | undefined;
  afterAll(() => pg?.stop());

  it.skipIf(!postgresBin())(
    'PostgreSQL: every acknowledged write survives, nothing half written',
    async () => {
      // On a copy of the run's seeded database (the server finds it seeded); fsync stays on: durability of
      // acknowledged commits is what is tested.
      pg = await seededPostgres([], { fsync: true });
      const url = pg.url;
      const scratch = mkdtempSync(join(tmpdir(), 'scf-crash-files-'));
      await crashRun(
        { DATABASE_URL: url, DATA_DIR: scratch, DIST_DIR: join(scratch, 'no-dist') },
        () => openDb({ databaseUrl: url }),
        false,
      );
    },
    300_000,
  );
});
