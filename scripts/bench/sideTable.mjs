// Experiment (issue 15 item 2): per-enterprise ordered access for lists over 1,000,000 records.
// Seeds the scale bench's vouchers into PostgreSQL, then times the SQL the models engine runs today for the
// list pages' queries (count + page) against a side table `<table>_by_corp (corp_id, id, state, <sort and
// filtered columns>)` with one btree per (corp_id, state, sort column, id), read first and joined to the records.
// DB time only (no HTTP). `npx tsx scripts/bench/sideTable.mjs [--records N] [--rounds N]`.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { bulkLoad } from './scale.mjs';
import { startPostgres } from '../pg-server.ts';
import { openDb } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { ensureModelTables, openModels } from '../../server/models/index.ts';
import { seedAll } from '../../server/seed/index.ts';
import { productEffects } from '../../server/products/index.ts';
import { buildWhere, countRows, orderBy, paging } from '../../server/models/listQuery.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const records = arg('--records', 1_000_000);
const rounds = arg('--rounds', 30);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const pages = [
  ['all, default sort', 'sort=issueDate,desc'],
  ['tab ISD', 'status=ISD&sort=issueDate,desc'],
  [
    'tab FID + amount + due date',
    'status=FID&amountMin=10000&amountMax=3000000&dueDateFrom=2025-09-01&dueDateTo=2026-12-31&sort=amount,desc',
  ],
  [
    'tab RD* + holder name',
    'status=RD0&status=RD1&status=RD9&holderName=%E5%BB%BA%E6%9D%90&sort=dueDate,asc',
  ],
];
const CORP = 'SUP001';
const CAP = 10_000;

const pg = await startPostgres(['shared_buffers=256MB', 'max_connections=50']);
const db = await openDb({ databaseUrl: pg.url });
try {
  await migrate(db);
  await seedAll(db);
  const models = await openModels(db, join(root, 'schemas'), productEffects());
  const model = models.models.get('creditVoucher');
  const t = model.table;
  let t0 = performance.now();
  await bulkLoad(db, model, records);
  await ensureModelTables(db, models);
  await db.exec(`vacuum analyze ${t}`);
  console.log(
    `load + indexes ${((performance.now() - t0) / 1000).toFixed(0)} s, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // The side table: one row per (visible enterprise, record), its sortable and filtered columns copied.
  const col = (f) => model.fields.get(f).column;
  const sortCols = ['created_at', ...model.def.query.sort.map(col)];
  // Every filtered column too, so the conditions are all answered on the side table.
  const rangeCols = Object.keys(model.def.query.filters)
    .filter((f) => f !== model.stateField)
    .map(col);
  const copied = [...new Set([...sortCols, ...rangeCols])];
  const side = `${t}_by_corp`;
  t0 = performance.now();
  await db.exec(`create table ${side} as select c as corp_id, id, state, ${copied.join(', ')}
    from ${t}, unnest(visible_corps) c`);
  await db.exec(`alter table ${side} add primary key (corp_id, id)`);
  for (const c of sortCols) await db.exec(`create index on ${side} (corp_id, state, ${c}, id)`);
  for (const c of sortCols) await db.exec(`create index on ${side} (corp_id, ${c}, id)`);
  await db.exec(`vacuum analyze ${side}`);
  console.log(`side table + indexes ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const time = async (fn) => {
    for (let i = 0; i < 3; i++) await fn();
    const out = [];
    for (let i = 0; i < rounds; i++) {
      const s = performance.now();
      await fn();
      out.push(performance.now() - s);
    }
    return out.sort((a, b) => a - b);
  };
  const fmt = (xs) => `p50 ${pct(xs, 50).toFixed(1)} p95 ${pct(xs, 95).toFixed(1)} ms`;

  for (const [label, raw] of pages) {
    for (const page of [1, 500]) {
      const query = {};
      for (const [k, v] of new URLSearchParams(`${raw}&page=${page}&size=10`))
        query[k] = k in query ? [].concat(query[k], v) : v;
      const where = buildWhere(model, CORP, query);
      const order = orderBy(model, query);
      const { size } = paging(query);
      const offset = (page - 1) * size;
      // Today: countRows (exact up to 10,000 planned rows, else the planner's estimate) + the page.
      const before = await time(async () => {
        await countRows(db, t, where);
        await db.query(
          `select t.* from ${t} t where t.id = any(array(select t.id from ${t} t where ${where.sql} order by ${order} limit ${size} offset ${offset}))`,
          where.params,
        );
      });
      // Side table: the same conditions with the visibility replaced by corp_id = $1 on the side table, the
      // columns it copies read there, the others (contains filters) on the joined record; a capped count.
      const sideWhere = where.sql
        .replace(/\b([a-z_]+) (=|>=|<=|ilike) /g, (m, c, op) =>
          c === 'state' || copied.includes(c) ? `s.${c} ${op} ` : `t.${c} ${op} `,
        )
        .replace('visible_corps @> $1::text[]', 's.corp_id = ($1::text[])[1]');
      const sideOrder = order.replace(/\bt\./g, 's.');
      const from = `${side} s`; // every condition is answered here: no join before the page
      const after = await time(async () => {
        await db.query(
          `select count(*)::int from (select 1 from ${from} where ${sideWhere} limit ${CAP + 1}) x`,
          where.params,
        );
        await db.query(
          `select t.* from ${t} t where t.id = any(array(select s.id from ${from} where ${sideWhere} order by ${sideOrder} limit ${size} offset ${offset}))`,
          where.params,
        );
      });
      console.log(
        `${`${label}, p${page}`.padEnd(36)} today ${fmt(before).padEnd(26)} side table ${fmt(after)}`,
      );
      if (process.argv.includes('--explain') && page === 500) {
        const plan = await db.query(
          `explain (analyze, costs off) select s.id from ${from} where ${sideWhere} order by ${sideOrder} limit ${size} offset ${offset}`,
          where.params,
        );
        console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
      }
    }
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await db.close();
  pg.stop();
}
process.exit(0);
