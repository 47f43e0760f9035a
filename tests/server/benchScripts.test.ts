import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { postgresBin } from '../../scripts/pg-server';
import { FIXTURE } from './globalSetup';
import { seededPostgres } from './pgFixture';
// @ts-expect-error -- plain ESM bench script
import { treeCpuMs } from '../../scripts/bench/http.mjs';
// @ts-expect-error -- plain ESM bench script
import { modelsBench } from '../../scripts/bench/models.mjs';
// @ts-expect-error -- plain ESM bench script
import { flatBench, scaleBench } from '../../scripts/bench/scale.mjs';

/**
 * `npm run bench` runs only by hand, so its scripts rotted twice unnoticed (an engine signature changed, then
 * the server began to require the terminal code). Each server-side bench runs here on a few records: every
 * figure it prints must be a measurement.
 */
interface Row {
  figure: string;
  value: string;
  baseline: string;
}
const measured = (rows: Row[]): void => {
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.value, r.figure).toMatch(/^\d+(\.\d+)? (ms|s)/);
};

describe('bench scripts', () => {
  it('the models list bench measures signed list calls on the embedded database', async () => {
    // From the suite's seeded fixture (tests/server/globalSetup.ts): seeding the demo world again cost ~10 s.
    const rows = (await modelsBench({ records: 200, rounds: 5, dump: FIXTURE })) as Row[];
    measured(rows);
    expect(rows.map((r) => r.figure).join('\n')).toMatch(/models list p95 \(\d+ vouchers\)/);
  }, 180_000);

  it.skipIf(!postgresBin())(
    'the scale bench bulk-loads vouchers into PostgreSQL and measures lists, a detail and a transition',
    async () => {
      // On a copy of the run's seeded PostgreSQL (tests/server/pgFixture.ts): seeding it again cost ~10 s.
      const rows = (await scaleBench({ records: 3_000, rounds: 3, start: seededPostgres })) as Row[];
      measured(rows.filter((r) => !r.figure.includes('bulk load')));
      expect(rows.find((r) => r.figure.includes('bulk load'))?.value).toMatch(/^\d+ s \/ \d+ s \/ \d+ s$/);
      expect(rows.some((r) => r.figure.includes('transition'))).toBe(true);
    },
    240_000,
  );

  it.skipIf(!postgresBin())(
    'the flat bench times the same lists at two totals with the supplier holding the same vouchers at each',
    async () => {
      const rows = (await flatBench({
        sizes: [1_000, 3_000],
        perCorp: 200,
        rounds: 3,
        start: seededPostgres,
      })) as Row[];
      const flat = rows.filter((r) => r.figure.startsWith('flat ('));
      // One ratio per timed list, each the largest p95 over the smallest: a number of at least 1.
      expect(flat.length).toBe(rows.filter((r) => r.figure.startsWith('1k list:')).length);
      for (const r of flat) expect(Number(r.value), r.figure).toBeGreaterThanOrEqual(1);
      // Beside each, the control: the smallest size loaded twice, what noise alone makes of the same data.
      for (const r of flat) expect(r.baseline, r.figure).toMatch(/1k again [\d.]+ ms: same data \d+\.\d\d$/);
      const summary = rows.find((r) => r.figure === `flat lists within 1.20 (of ${flat.length})`);
      expect(Number(summary?.value)).toBeLessThanOrEqual(flat.length);
      expect(summary?.baseline).toMatch(/^\d+ for the same 1k twice/);
      // The measured supplier's vouchers are the same at both totals: every list of its own counts the
      // same rows at each (filtered ones too), at least the 200 it was given in the unfiltered one.
      const own = (tag: string): number[] =>
        rows
          .filter((r) => r.figure.startsWith(`${tag} list:`))
          .map((r) => Number(/(\d+) rows/.exec(r.baseline)?.[1]));
      expect(own('1k')[0]).toBeGreaterThanOrEqual(200);
      expect(own('3k')).toEqual(own('1k'));
    },
    240_000,
  );
});

describe("the bench's CPU figure of a process tree", () => {
  it('keeps the CPU of a child that has ended (a PostgreSQL backend that exited)', async () => {
    // A parent that starts a busy child, waits for it to end, then idles until it is killed.
    // The child burns 800 ms of CPU (not of wall time: the machine may be busy).
    const busyChild = 'for (;;) { const u = process.cpuUsage(); if (u.user + u.system > 800000) break; }';
    const parent = spawn(process.execPath, [
      '-e',
      `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(busyChild)}]);
       c.on('exit', () => { console.log('ended'); setInterval(() => {}, 1000); });`,
    ]);
    try {
      await new Promise<void>((resolve) => parent.stdout!.once('data', () => resolve()));
      // The ended child's 800 ms stay in the tree's figure (its parent's reaped time); the idle parent alone
      // used a fraction of that (without them the figure was ~160 ms).
      expect(treeCpuMs(parent.pid)).toBeGreaterThanOrEqual(800);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
