import { expect } from 'vitest';
import { addMoney, compareMoney, subMoney } from '@renderer/core/format';
import type { Queryable } from '@server/db/db';

/**
 * The books of the credit product balance (checked after the soak and crash runs): every voucher's
 * amount = available + frozen + its children's amounts (settled vouchers, paid out, aside), none negative;
 * what open single-line transfers reserve is exactly what is frozen on their source vouchers (vouchers
 * with finance or cash requests aside); every limit's available = total − used − frozen.
 */
export async function expectBooksBalance(db: Queryable): Promise<void> {
  const vouchers = await db.query<{
    id: string;
    amount: string;
    available: string;
    frozen: string;
    children: string;
  }>(
    `select v.id, v.amount::text as amount, v.available_amount::text as available, v.frozen_amount::text as frozen,
            coalesce((select sum(c.amount) from credit_voucher c where c.parent_id = v.id), 0)::text as children
       from credit_voucher v where v.state <> 'RDD'`,
  );
  expect(vouchers.rows.length).toBeGreaterThan(0);
  for (const v of vouchers.rows) {
    expect(addMoney(addMoney(v.available, v.frozen), v.children), `voucher ${v.id} books`).toBe(
      addMoney(v.amount, '0'),
    );
    expect(compareMoney(v.available, '0'), `voucher ${v.id} available`).toBeGreaterThanOrEqual(0);
    expect(compareMoney(v.frozen, '0'), `voucher ${v.id} frozen`).toBeGreaterThanOrEqual(0);
  }
  const reserved = await db.query<{ id: string; frozen: string; open: string }>(
    `select v.id, v.frozen_amount::text as frozen, coalesce(sum(t.total_amount), 0)::text as open
       from credit_voucher v join credit_transfer t on t.source_voucher_id = v.id and t.state in ('TR0', 'TR1')
      where not exists (select 1 from credit_finance f where f.voucher_id = v.id)
        and not exists (select 1 from credit_cash c where c.voucher_id = v.id)
      group by v.id, v.frozen_amount
     having bool_and(jsonb_array_length(t.lines) = 1)`,
  );
  expect(reserved.rows.length).toBeGreaterThan(0);
  for (const r of reserved.rows) expect(r.frozen, `voucher ${r.id} reservations`).toBe(r.open);
  const limits = await db.query<{
    id: string;
    total: string;
    used: string;
    frozen: string;
    available: string;
  }>(
    'select id, total::text as total, used::text as used, frozen::text as frozen, available::text as available from credit_limit',
  );
  for (const l of limits.rows) {
    expect(l.available, `limit ${l.id}`).toBe(subMoney(subMoney(l.total, l.used), l.frozen));
    for (const x of [l.used, l.frozen])
      expect(compareMoney(x, '0'), `limit ${l.id}`).toBeGreaterThanOrEqual(0);
  }
}
