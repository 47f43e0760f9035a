import { addMoney, compareMoney, formatAmount, subMoney } from '@renderer/core/format';
import { creditError } from '../errors';
import type { BizRecord } from '@server/models/types';
import type { Effect, EffectContext } from '@server/models/effects/effectRegistry';

const LIMIT = 'creditLimit';
const PRODUCT = 'credit';
const ZERO = '0.00';

/** available = total − used − frozen, exactly. */
export function limitAvailable(data: Record<string, unknown>): string {
  return subMoney(
    subMoney(String(data.total ?? ZERO), String(data.used ?? ZERO)),
    String(data.frozen ?? ZERO),
  );
}

function argString(c: EffectContext, name: string): string {
  const value = c.args[name];
  if (typeof value !== 'string') throw new Error(`Effect argument "${name}" missing`);
  return value;
}

/** The enterprise and amount an effect works on, from the fields its arguments name. */
function subject(c: EffectContext): { corpId: string; amount: string } {
  const corpId = c.record.data[argString(c, 'corpField')];
  const amount = c.record.data[argString(c, 'amountField')];
  if (typeof corpId !== 'string' || typeof amount !== 'string')
    throw new Error('limit effect: corp or amount missing');
  return { corpId, amount };
}

/** A limit granted by a finance institution (not a child limit a core enterprise distributed). */
export const isDirectLimit = (l: BizRecord): boolean => !l.data.parentLimitId;

/** The enterprise's credit limit (granted by the institution) in one of `states`, locked. */
export async function lockLimit(
  c: EffectContext,
  corpId: string,
  states: string[],
  product = PRODUCT,
): Promise<BizRecord> {
  const found = (await c.records.find(LIMIT, { corpId, product }, { forUpdate: true })).filter(
    (l) => states.includes(l.state) && isDirectLimit(l),
  );
  const limit = found[0];
  if (!limit) {
    const name =
      (await c.tx.query<{ name: string }>('select name from corps where id = $1', [corpId])).rows[0]?.name ??
      corpId;
    throw creditError('LIMIT_NOT_FOUND', { corp: name });
  }
  return limit;
}

export async function change(
  c: EffectContext,
  limit: BizRecord,
  used: string,
  frozen: string,
): Promise<void> {
  if (compareMoney(used, ZERO) < 0 || compareMoney(frozen, ZERO) < 0) {
    // Only inconsistent data gets here (a release without a freeze): refuse rather than go negative.
    throw new Error(`credit limit ${limit.id} would go negative (used ${used}, frozen ${frozen})`);
  }
  limit.data.used = used;
  limit.data.frozen = frozen;
  limit.data.available = limitAvailable(limit.data);
  await c.records.save(LIMIT, limit);
}

/** Effects on credit limits (额度): occupation by applications in progress, use, release. */
export const limitEffects: Record<string, Effect> = {
  /** A new limit: nothing used or frozen; one active limit per enterprise × product. */
  async 'limit.init'(c) {
    const d = c.record.data;
    const others = await c.records.find(LIMIT, { corpId: d.corpId, product: d.product });
    if (others.some((l) => l.id !== c.record.id && l.state !== 'LM3' && isDirectLimit(l)))
      throw creditError('LIMIT_DUPLICATE');
    d.used = ZERO;
    d.frozen = ZERO;
    d.available = limitAvailable(d);
  },

  /** Freezes `amountField` of the `corpField` enterprise's active limit (refused when not enough is available). */
  async 'limit.freeze'(c) {
    const { corpId, amount } = subject(c);
    const limit = await lockLimit(c, corpId, ['LM1']);
    const available = limitAvailable(limit.data);
    if (compareMoney(amount, available) > 0) {
      throw creditError('LIMIT_INSUFFICIENT', {
        available: formatAmount(available),
        amount: formatAmount(amount),
      });
    }
    await change(c, limit, String(limit.data.used), addMoney(String(limit.data.frozen), amount));
  },

  /** Turns a frozen amount into a used one. */
  async 'limit.use'(c) {
    const { corpId, amount } = subject(c);
    const limit = await lockLimit(c, corpId, ['LM1', 'LM2']);
    await change(
      c,
      limit,
      addMoney(String(limit.data.used), amount),
      subMoney(String(limit.data.frozen), amount),
    );
  },

  /** Gives a frozen amount back. */
  async 'limit.release'(c) {
    const { corpId, amount } = subject(c);
    const limit = await lockLimit(c, corpId, ['LM1', 'LM2']);
    await change(c, limit, String(limit.data.used), subMoney(String(limit.data.frozen), amount));
  },
};
