// List latency of the models engine over 10,000 vouchers (PERFORMANCE.md: p95 ≤ 20 ms on the embedded
// database), measured with app.inject on a fresh in-memory PGlite: the whole request path (session
// lookup, user, visibility filter, count, page, JSON) without sockets. `node scripts/bench/models.mjs`
// prints the rows; `npm run bench` may import modelsBench().
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('../..', import.meta.url));

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v) => `${v.toFixed(2)} ms`;

/** 10,000 vouchers held by the supplier and the project department, issued by the core group. */
function vouchers(count) {
  const out = [];
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    const holder = i % 3 === 0 ? 'UNIT001' : 'SUP001';
    const cents = BigInt(1_000_000 + ((i * 7919) % 500_000_000));
    const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    const issue = new Date(start + (i % 300) * 86400_000).toISOString().slice(0, 10);
    const due = new Date(start + ((i % 300) + 180) * 86400_000).toISOString().slice(0, 10);
    const at = new Date(start + i * 60_000).toISOString();
    out.push({
      id: randomUUID(),
      version: 1,
      state: ['ISD', 'ISD', 'FID', 'RDD'][i % 4],
      createdAt: at,
      updatedAt: at,
      createdBy: null,
      createdByName: null,
      createdCorpId: holder,
      createdCorpName: null,
      data: {
        voucherNo: `CVB${String(i).padStart(10, '0')}`,
        issuerCorpId: 'CORE001',
        issuerName: '华建集团第一工程局有限公司',
        firstHolderCorpId: holder,
        holderCorpId: holder,
        holderName: holder === 'SUP001' ? '华建建材供应有限公司' : '华建一局第三项目部',
        amount,
        availableAmount: amount,
        frozenAmount: '0.00',
        issueDate: issue,
        acceptDate: issue,
        dueDate: due,
        actualDueDate: due,
        limitSource: '集团授信',
      },
    });
  }
  return out;
}

/**
 * Rows `{figure, value, target, baseline}` for the bench table: p50/p95 of a list call (page of 10 among
 * 10,000+ visible vouchers) and of a filtered, sorted one.
 */
export async function modelsBench({ records = 10_000, rounds = 300, dump } = {}) {
  const unregister = register();
  try {
    const { openPglite } = await import('../../server/db/pglite.ts');
    const { migrate } = await import('../../server/db/migrate.ts');
    const { seedAll } = await import('../../server/seed/index.ts');
    const { buildApp } = await import('../../server/app.ts');
    const { createSession } = await import('../../server/auth/sessions.ts');
    const { insertRecords } = await import('../../server/models/index.ts');
    const { openEngine } = await import('../../server/engine.ts');
    const { vacuumDue } = await import('../../server/db/autovacuum.ts');
    const { NO_KEPT_ANSWER, signedHeaders, timedCalls } = await import('./http.mjs');

    // `dump`: a migrated, seeded database already made (the server suite's fixture), instead of seeding again.
    const db = await openPglite(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {});
    const schemasDir = join(root, 'schemas');
    if (!dump) await migrate(db);
    const engine = await openEngine({ db, schemasDir });
    if (!dump) await seedAll(engine);
    const { models } = engine;
    const model = models.models.get('creditVoucher');
    await db.transaction((tx) =>
      insertRecords(
        tx,
        model,
        vouchers(records),
        { userId: null, personName: null, corpId: null, corpName: null },
        new Date(),
      ),
    );
    // What the embedded server's own maintenance does within a minute of the writes (its autovacuum,
    // server/db/autovacuum.ts): vacuum and analyse the tables that are due.
    await vacuumDue(db);
    const app = await buildApp({ db, schemasDir, logger: false });
    const user = (await db.query("select id from users where username = 'core_operator'")).rows[0];
    const { id, session } = await createSession(db, user.id, 'ROLE_CORE_OPERATOR', new Date());
    const visible = (
      await db.query("select count(*)::int as n from credit_voucher where visible_corps @> array['CORE001']")
    ).rows[0].n;

    const LIST = '/biz/v1/models/creditVoucher/records';
    const measure = async (query) => {
      const call = (i) =>
        app.inject({
          method: 'GET',
          url: `/api/web${LIST}?${query(i)}`,
          headers: {
            ...signedHeaders('GET', `${LIST}?${query(i)}`, {
              cookie: `SCF_SESSION=${id}`,
              csrf: session.csrfToken,
            }),
            // Timed as the database answers, never from a kept answer (ADR 0016).
            ...NO_KEPT_ANSWER,
          },
        });
      return timedCalls(call, { rounds, warmup: 20 });
    };
    const plain = await measure((i) => `page=${1 + (i % 50)}&size=10&v=${i}`);
    const filtered = await measure(
      (i) =>
        `status=ISD&status=FID&amountMin=10000&amountMax=3000000&issueDateFrom=2026-02-01&sort=amount,desc&page=${1 + (i % 20)}&size=20&v=${i}`,
    );
    await app.close();
    await db.close();
    return [
      {
        figure: `models list p95 (${visible} vouchers)`,
        value: ms(percentile(plain, 95)),
        target: '≤ 20 ms',
        baseline: `p50 ${ms(percentile(plain, 50))}`,
      },
      {
        figure: 'models filtered+sorted list p95',
        value: ms(percentile(filtered, 95)),
        target: '≤ 15 ms',
        baseline: `p50 ${ms(percentile(filtered, 50))}`,
      },
    ];
  } finally {
    await unregister();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await modelsBench();
  for (const r of rows)
    console.log(`${r.figure.padEnd(40)} ${r.value.padEnd(12)} ${r.target.padEnd(12)} ${r.baseline}`);
}
