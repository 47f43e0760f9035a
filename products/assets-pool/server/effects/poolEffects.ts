import { addMoney, compareMoney, formatAmount, mulRate, subMoney, sumMoney } from '@renderer/core/format';
import type { BizRecord } from '@server/models/types';
import type { Effect, EffectContext } from '@server/models/effects';
import { poolError } from '../errors';

/** Model names of the asset pool product. */
export const POOL = 'assetsPoolPool';
export const ASSET = 'assetsPoolAsset';
export const PRODUCT = 'assetsPoolProduct';
export const MATCH = 'assetsPoolMatch';
export const FLOW = 'assetsPoolFlow';

const ZERO = '0.00';
const str = (v: unknown): string => (typeof v === 'string' && v !== '' ? v : ZERO);

/**
 * A pool's figures: quota (池额度), used (已用), frozen (冻结额度), available (可用 = quota − used − frozen),
 * margin (保证金).
 */
export interface PoolFigures {
  quota: string;
  used: string;
  frozen: string;
  available: string;
  margin: string;
}

export function poolFigures(data: Record<string, unknown>): PoolFigures {
  const quota = str(data.quota);
  const used = str(data.used);
  const frozen = str(data.frozenAmount);
  return {
    quota,
    used,
    frozen,
    available: subMoney(subMoney(quota, used), frozen),
    margin: str(data.margin),
  };
}

/** An asset's pledge value: amount × 质押率, rounded half up to the cent. */
export function pledgeValueOf(amount: string, rate: string): string {
  return mulRate(amount, rate, 2);
}

function requireString(data: Record<string, unknown>, field: string): string {
  const v = data[field];
  if (typeof v !== 'string' || !v) throw new Error(`assets-pool effect: ${field} missing`);
  return v;
}

/**
 * Writes the pool's new figures and one flow (its history) with the figures after the change; the
 * caller holds the pool's lock. A frozen pool (PL2) freezes all it does not use, so its 可用 stays 0;
 * otherwise the frozen amount is that of its frozen assets (`next.frozen`, unchanged when not given).
 * The pool's own transitions (`own`) change the record the engine saves; the others save it here.
 */
async function movePool(
  c: EffectContext,
  pool: BizRecord,
  change: {
    kind: 'enter' | 'leave' | 'use' | 'release' | 'freeze' | 'unfreeze';
    refNo: string;
    amount: string;
    next: Omit<PoolFigures, 'available' | 'frozen'> & { frozen?: string };
    assets?: number;
    own?: boolean;
  },
): Promise<void> {
  const { quota, used, margin } = change.next;
  const frozen =
    pool.state === 'PL2' ? subMoney(quota, used) : (change.next.frozen ?? poolFigures(pool.data).frozen);
  const available = subMoney(subMoney(quota, used), frozen);
  if ([quota, used, frozen, margin, available].some((v) => compareMoney(v, ZERO) < 0))
    throw new Error(
      `pool ${pool.id} figures would go negative (${quota}/${used}/${frozen}/${available}/${margin})`,
    );
  Object.assign(pool.data, { quota, used, frozenAmount: frozen, available, margin });
  if (change.assets !== undefined) pool.data.assetCount = Number(pool.data.assetCount ?? 0) + change.assets;
  if (!change.own) await c.records.save(POOL, pool);
  const seq = (await c.records.find(FLOW, { poolId: pool.id })).length + 1;
  await c.records.insert(FLOW, {
    poolId: pool.id,
    poolNo: pool.data.poolNo,
    ownerCorpId: pool.data.ownerCorpId,
    managerCorpId: pool.data.managerCorpId,
    kind: change.kind,
    refNo: change.refNo,
    amount: change.amount,
    quotaAfter: quota,
    usedAfter: used,
    frozenAfter: frozen,
    availableAfter: available,
    marginAfter: margin,
    seq,
  });
}

async function lockActivePool(c: EffectContext, poolId: string): Promise<BizRecord> {
  const pool = await c.records.lock(POOL, poolId);
  if (pool.state !== 'PL1') throw poolError('POOL_FROZEN', { poolNo: String(pool.data.poolNo) });
  return pool;
}

/** Effects of pools and their assets: the figures move only here, exactly, with a flow each time. */
export const poolEffects: Record<string, Effect> = {
  /** A new pool holds nothing. */
  async 'pool.init'(c) {
    Object.assign(c.record.data, {
      quota: ZERO,
      used: ZERO,
      frozenAmount: ZERO,
      available: ZERO,
      margin: ZERO,
      assetCount: 0,
    });
  },

  /**
   * An asset's pool must be one of its owner's pools; copies the pool's number, name and institution
   * (who then sees the asset) and computes the pledge value.
   */
  async 'asset.prepare'(c) {
    const d = c.record.data;
    const pool = await c.records.lock(POOL, requireString(d, 'poolId'));
    if (pool.data.ownerCorpId !== d.ownerCorpId) throw poolError('POOL_NOT_OWN');
    d.poolNo = pool.data.poolNo;
    d.poolName = pool.data.poolName;
    d.managerCorpId = pool.data.managerCorpId;
    d.managerName = pool.data.managerName;
    d.pledgeValue = pledgeValueOf(requireString(d, 'amount'), requireString(d, 'pledgeRate'));
    if (c.phase === 'create') d.matchedAmount = ZERO;
  },

  /** 入池: the pool's quota grows by the asset's pledge value. */
  async 'pool.enter'(c) {
    const d = c.record.data;
    const pool = await lockActivePool(c, requireString(d, 'poolId'));
    const value = str(d.pledgeValue);
    const f = poolFigures(pool.data);
    d.enterDate = c.today;
    d.leaveDate = null;
    await movePool(c, pool, {
      kind: 'enter',
      refNo: String(d.assetNo),
      amount: value,
      next: { quota: addMoney(f.quota, value), used: f.used, margin: f.margin },
      assets: 1,
    });
  },

  /** 出池: refused while matches hold part of the asset or when the quota would fall below what is used. */
  async 'pool.leave'(c) {
    const d = c.record.data;
    if (compareMoney(str(d.matchedAmount), ZERO) > 0)
      throw poolError('ASSET_MATCHED', {
        assetNo: String(d.assetNo),
        amount: formatAmount(str(d.matchedAmount)),
      });
    const pool = await lockActivePool(c, requireString(d, 'poolId'));
    const value = str(d.pledgeValue);
    const f = poolFigures(pool.data);
    const quota = subMoney(f.quota, value);
    if (compareMoney(quota, f.used) < 0)
      throw poolError('POOL_QUOTA_IN_USE', { quota: formatAmount(quota), used: formatAmount(f.used) });
    d.leaveDate = c.today;
    await movePool(c, pool, {
      kind: 'leave',
      refNo: String(d.assetNo),
      amount: value,
      next: { quota, used: f.used, margin: f.margin },
      assets: -1,
    });
  },

  /** A new product: nothing used yet. */
  async 'product.init'(c) {
    const d = c.record.data;
    d.usedAmount = ZERO;
    d.availableAmount = str(d.limitAmount);
  },

  /**
   * A match by the institution's client manager: the asset is in a pool the institution manages, the
   * product is its own and active, and the amount fits what the asset has not yet matched (held now).
   */
  async 'match.prepare'(c) {
    const d = c.record.data;
    const asset = await c.records.lock(ASSET, requireString(d, 'assetId'));
    const product = await c.records.lock(PRODUCT, requireString(d, 'productId'));
    if (asset.data.managerCorpId !== d.managerCorpId || product.data.managerCorpId !== d.managerCorpId)
      throw poolError('PRODUCT_NOT_OWN');
    if (asset.state === 'AS3') throw poolError('ASSET_FROZEN', { assetNo: String(asset.data.assetNo) });
    if (asset.state !== 'AS1') throw poolError('ASSET_NOT_IN_POOL', { assetNo: String(asset.data.assetNo) });
    if (product.state !== 'PD1')
      throw poolError('PRODUCT_DISABLED', { productNo: String(product.data.productNo) });
    const free = subMoney(str(asset.data.pledgeValue), str(asset.data.matchedAmount));
    const amount = requireString(d, 'matchAmount');
    if (compareMoney(amount, free) > 0)
      throw poolError('MATCH_EXCEEDS_ASSET', { available: formatAmount(free) });
    Object.assign(d, {
      assetNo: asset.data.assetNo,
      assetType: asset.data.assetType,
      pledgeValue: asset.data.pledgeValue,
      poolId: asset.data.poolId,
      poolNo: asset.data.poolNo,
      poolName: asset.data.poolName,
      ownerCorpId: asset.data.ownerCorpId,
      ownerName: asset.data.ownerName,
      productNo: product.data.productNo,
      productName: product.data.productName,
      annualRate: product.data.annualRate,
      termMonths: product.data.termMonths,
      marginRate: product.data.marginRate,
      marginAmount: mulRate(amount, str(product.data.marginRate), 2),
      matchDate: c.today,
    });
    asset.data.matchedAmount = addMoney(str(asset.data.matchedAmount), amount);
    await c.records.save(ASSET, asset);
  },

  /** 受理: the pool's used and margin and the product's used grow (each checked against what is available). */
  async 'match.accept'(c) {
    const d = c.record.data;
    const amount = requireString(d, 'matchAmount');
    const pool = await lockActivePool(c, requireString(d, 'poolId'));
    const product = await c.records.lock(PRODUCT, requireString(d, 'productId'));
    if (product.state !== 'PD1')
      throw poolError('PRODUCT_DISABLED', { productNo: String(product.data.productNo) });
    const f = poolFigures(pool.data);
    if (compareMoney(amount, f.available) > 0)
      throw poolError('POOL_AVAILABLE_INSUFFICIENT', {
        available: formatAmount(f.available),
        amount: formatAmount(amount),
      });
    const productFree = subMoney(str(product.data.limitAmount), str(product.data.usedAmount));
    if (compareMoney(amount, productFree) > 0)
      throw poolError('PRODUCT_LIMIT_INSUFFICIENT', {
        available: formatAmount(productFree),
        amount: formatAmount(amount),
      });
    product.data.usedAmount = addMoney(str(product.data.usedAmount), amount);
    product.data.availableAmount = subMoney(str(product.data.limitAmount), str(product.data.usedAmount));
    await c.records.save(PRODUCT, product);
    d.acceptDate = c.today;
    await movePool(c, pool, {
      kind: 'use',
      refNo: String(d.matchNo),
      amount,
      next: {
        quota: f.quota,
        used: addMoney(f.used, amount),
        margin: addMoney(f.margin, str(d.marginAmount)),
      },
    });
  },

  /** 拒绝: the asset's hold is released. */
  async 'match.unhold'(c) {
    const d = c.record.data;
    const asset = await c.records.lock(ASSET, requireString(d, 'assetId'));
    asset.data.matchedAmount = subMoney(str(asset.data.matchedAmount), requireString(d, 'matchAmount'));
    await c.records.save(ASSET, asset);
  },

  /** 释放: the pool's used and margin, the product's used and the asset's hold go back. */
  async 'match.release'(c) {
    const d = c.record.data;
    const amount = requireString(d, 'matchAmount');
    const asset = await c.records.lock(ASSET, requireString(d, 'assetId'));
    const pool = await c.records.lock(POOL, requireString(d, 'poolId'));
    const product = await c.records.lock(PRODUCT, requireString(d, 'productId'));
    asset.data.matchedAmount = subMoney(str(asset.data.matchedAmount), amount);
    await c.records.save(ASSET, asset);
    product.data.usedAmount = subMoney(str(product.data.usedAmount), amount);
    product.data.availableAmount = subMoney(str(product.data.limitAmount), str(product.data.usedAmount));
    await c.records.save(PRODUCT, product);
    const f = poolFigures(pool.data);
    await movePool(c, pool, {
      kind: 'release',
      refNo: String(d.matchNo),
      amount,
      next: {
        quota: f.quota,
        used: subMoney(f.used, amount),
        margin: subMoney(f.margin, str(d.marginAmount)),
      },
    });
  },

  /**
   * 冻结 of an asset: its whole pledge value moves from the pool's 可用 to its 冻结额度; refused while a
   * match holds part of it or when the pool's 可用 cannot cover it.
   */
  async 'asset.freeze'(c) {
    const d = c.record.data;
    const assetNo = String(d.assetNo);
    if (compareMoney(str(d.matchedAmount), ZERO) > 0)
      throw poolError('ASSET_MATCHED_FREEZE', { assetNo, amount: formatAmount(str(d.matchedAmount)) });
    const pool = await lockActivePool(c, requireString(d, 'poolId'));
    const value = str(d.pledgeValue);
    const f = poolFigures(pool.data);
    if (compareMoney(value, f.available) > 0)
      throw poolError('POOL_AVAILABLE_INSUFFICIENT', {
        available: formatAmount(f.available),
        amount: formatAmount(value),
      });
    await movePool(c, pool, {
      kind: 'freeze',
      refNo: assetNo,
      amount: value,
      next: { quota: f.quota, used: f.used, margin: f.margin, frozen: addMoney(f.frozen, value) },
    });
  },

  /** 解冻 of an asset: its pledge value goes back from the pool's 冻结额度 to its 可用. */
  async 'asset.unfreeze'(c) {
    const d = c.record.data;
    const pool = await lockActivePool(c, requireString(d, 'poolId'));
    const value = str(d.pledgeValue);
    const f = poolFigures(pool.data);
    d.freezeReason = null;
    await movePool(c, pool, {
      kind: 'unfreeze',
      refNo: String(d.assetNo),
      amount: value,
      next: { quota: f.quota, used: f.used, margin: f.margin, frozen: subMoney(f.frozen, value) },
    });
  },

  /** 冻结 of the pool: all it does not use is frozen (可用 0) until it is unfrozen. */
  async 'pool.freeze'(c) {
    const f = poolFigures(c.record.data);
    await movePool(c, c.record, {
      kind: 'freeze',
      refNo: String(c.record.data.poolNo),
      amount: f.available,
      next: { quota: f.quota, used: f.used, margin: f.margin },
      own: true,
    });
  },

  /** 解冻 of the pool: only its frozen assets stay frozen; the rest is available again. */
  async 'pool.unfreeze'(c) {
    const f = poolFigures(c.record.data);
    const assets = await c.records.find(ASSET, { poolId: c.record.id });
    const frozen = sumMoney(assets.filter((a) => a.state === 'AS3').map((a) => str(a.data.pledgeValue)));
    c.record.data.freezeReason = null;
    await movePool(c, c.record, {
      kind: 'unfreeze',
      refNo: String(c.record.data.poolNo),
      amount: subMoney(f.frozen, frozen),
      next: { quota: f.quota, used: f.used, margin: f.margin, frozen },
      own: true,
    });
  },
};
