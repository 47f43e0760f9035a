import { addMoney, compareMoney, formatAmount, subMoney } from '@renderer/core/format';
import { creditError } from '../errors';
import type { BizRecord } from '@server/models/types';
import type { Effect, EffectContext } from '@server/models/effects/effectRegistry';
import { change, limitAvailable, lockLimit } from './limitEffects';

const LIMIT = 'creditLimit';
const DIST = 'creditLimitDistribution';
const ZERO = '0.00';

/** The child limit the core (`parentLimitId`) gave the target for the product, if any (not ended). */
async function childLimit(
  c: EffectContext,
  target: string,
  product: string,
  parentId: string,
): Promise<BizRecord | null> {
  const found = await c.records.find(LIMIT, { corpId: target, product }, { forUpdate: true });
  return found.find((l) => l.data.parentLimitId === parentId && l.state !== 'LM3') ?? null;
}

/** The core's active limit, and how much more the child needs from it (negative: given back). */
async function plan(
  c: EffectContext,
): Promise<{ parent: BizRecord; child: BizRecord | null; delta: string }> {
  const d = c.record.data;
  const product = String(d.product);
  const parent = await lockLimit(c, String(d.coreCorpId), ['LM1'], product);
  const child = await childLimit(c, String(d.targetCorpId), product, parent.id);
  const before = child ? String(child.data.total) : ZERO;
  const after = String(d.afterAmount);
  if (compareMoney(after, before) === 0)
    throw creditError('LIMIT_DIST_UNCHANGED', { before: formatAmount(before) });
  if (child) {
    const taken = addMoney(String(child.data.used ?? ZERO), String(child.data.frozen ?? ZERO));
    if (compareMoney(after, taken) < 0)
      throw creditError('LIMIT_DIST_BELOW_USED', { used: formatAmount(taken) });
  }
  const delta = subMoney(after, before);
  const available = limitAvailable(parent.data);
  if (compareMoney(delta, available) > 0) {
    throw creditError('LIMIT_INSUFFICIENT', {
      available: formatAmount(available),
      amount: formatAmount(delta),
    });
  }
  return { parent, child, delta };
}

/**
 * Limit distribution (额度分配, model creditLimitDistribution): a core enterprise gives a supplier or unit a
 * child limit out of its own credit limit. The core limit's `used` carries what it has given out, so
 * for both limits available = total − used − frozen holds after every step.
 */
export const limitDistributionEffects: Record<string, Effect> = {
  /** On the operator's request: 调整前额度 and the core's limit recorded; refused when nothing would change,
   * below what the child limit already carries, beyond the core's available amount, or while another
   * request for the same enterprise waits. */
  async 'limitDist.prepare'(c) {
    const d = c.record.data;
    const pending = (await c.records.find(DIST, { targetCorpId: d.targetCorpId, product: d.product })).find(
      (r) => r.id !== c.record.id && r.state === 'LD0' && r.data.coreCorpId === d.coreCorpId,
    );
    if (pending) throw creditError('LIMIT_DIST_PENDING', { distNo: String(pending.data.distNo) });
    const { parent, child } = await plan(c);
    d.beforeAmount = child ? String(child.data.total) : ZERO;
    d.parentLimitId = parent.id;
  },

  /** On the director's signed approval: the child limit is created or set to 调整后额度, the core's used moves. */
  async 'limitDist.apply'(c) {
    const d = c.record.data;
    const { parent, child, delta } = await plan(c);
    const current = child ? String(child.data.total) : ZERO;
    if (compareMoney(current, String(d.beforeAmount)) !== 0) {
      throw creditError('LIMIT_DIST_STALE', { current: formatAmount(current) });
    }
    await change(c, parent, addMoney(String(parent.data.used), delta), String(parent.data.frozen));
    const after = String(d.afterAmount);
    if (child) {
      child.data.total = after;
      child.data.available = limitAvailable(child.data);
      await c.records.save(LIMIT, child);
      d.childLimitId = child.id;
    } else {
      const created = await c.records.insert(LIMIT, {
        corpId: d.targetCorpId,
        product: d.product,
        total: after,
        used: ZERO,
        frozen: ZERO,
        available: after,
        effectiveDate: c.today,
        expireDate: parent.data.expireDate,
        grantorCorpId: d.coreCorpId,
        parentLimitId: parent.id,
        remark: `核心企业额度分配（${String(d.distNo)}）`,
      });
      d.childLimitId = created.id;
    }
  },
};
