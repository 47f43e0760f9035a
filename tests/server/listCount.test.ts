import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '@server/models/listQuery';
import { as, list, modelsServer, type ModelsTestServer } from './modelsHelpers';

/**
 * A list counts exactly up to EXACT_COUNT_LIMIT rows and reports the planner's estimate above, from the
 * per-enterprise side table the bulk insert filled through its trigger.
 */
describe('list totals over large sets', () => {
  let s: ModelsTestServer;
  beforeAll(async () => {
    s = await modelsServer();
    const n = EXACT_COUNT_LIMIT * 2;
    await s.db
      .exec(`insert into credit_voucher (id, state, version, visible_corps, created_at, updated_at, voucher_no,
        issuer_corp_id, holder_corp_id, amount, available_amount, frozen_amount)
      select 'many-' || g, case when g % 1000 = 0 then 'RDD' else 'ISD' end, 1, array['CORE001', 'SUP001'], now(), now(),
        'CVM' || lpad(g::text, 10, '0'), 'CORE001', 'SUP001', 100.00, 100.00, 0
      from generate_series(1, ${n}) g;
      analyze credit_voucher;
      analyze credit_voucher_by_corp;`);
  }, 180_000); // 20,000 rows and their 40,000 side-table rows on the embedded database
  afterAll(async () => {
    await s.close();
  });

  it('estimates a huge total and counts a small one exactly', async () => {
    const core = await as(s.app, 'core_operator');
    const all = await list(core, 'creditVoucher', { size: '10' });
    expect(all.pagecond.estimated).toBe(true);
    expect(all.pagecond.count).toBeGreaterThan(EXACT_COUNT_LIMIT * 1.5);
    expect(all.pagecond.count).toBeLessThan(EXACT_COUNT_LIMIT * 2.5);
    expect(all.list).toHaveLength(10);
    const exact = (await list(core, 'creditVoucher', { status: 'RDD', voucherNo: 'CVM' })).pagecond;
    expect([exact.count, exact.estimated]).toEqual([EXACT_COUNT_LIMIT / 500, undefined]);
  });
});
