import { addMoney, fromCents, toCents } from '@renderer/core/format';
import { schemaTreeJson } from '@renderer/core/node';
import type { Effect, EffectContext } from '@server/models/effects';
import type { BizRecord } from '@server/models/types';
import { absError } from './errors';

const ASSET = 'absAsset';
const PLAN = 'absPlan';
const SHELF = 'absShelf';
const DOCUMENT = 'absDocument';

const categories = schemaTreeJson<{ items: Array<{ value: string; label: string }> }>(
  '_dicts/financeDocumentCategory.json',
);
const CATEGORY_LABELS = new Map(categories.items.map((i) => [i.value, i.label]));

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Moves the plan's assets in state `from` to `to`, stamping `dateField`, audited as the plan's action. */
async function moveAssets(
  c: EffectContext,
  from: string,
  to: string,
  dateField: string,
): Promise<BizRecord[]> {
  const assets = await c.records.find(ASSET, { planId: c.record.id }, { forUpdate: true });
  const moved = assets.filter((a) => a.state === from);
  for (const asset of moved) {
    asset.state = to;
    asset.data[dateField] = c.today;
    await c.records.save(ASSET, asset, { action: c.transition?.action ?? 'plan', from });
  }
  return assets;
}

/**
 * Effects of ABS and ABCP (ABCP names the same ones: its records are ABS records with product abcp).
 */
export const absEffects: Record<string, Effect> = {
  /** A new shelf has issued nothing yet. */
  async 'abs.shelfInit'(c) {
    c.record.data.issuedAmount = '0.00';
  },

  /** Writes today into `args.field` (a date the transition marks, e.g. 获批时间). */
  async 'abs.stamp'(c) {
    c.record.data[String(c.args.field)] = c.today;
  },

  /** A new plan holds no assets; a plan on a shelf needs an approved shelf of its core with room for it. */
  async 'abs.planInit'(c) {
    const d = c.record.data;
    d.assetAmount = '0.00';
    d.assetCount = 0;
    if (!d.shelfId) return;
    const shelf = await c.records.lock(SHELF, text(d.shelfId));
    const name = text(shelf.data.shelfName);
    if (shelf.state !== 'SR1') throw absError('ABS_SHELF_NOT_APPROVED', { shelf: name });
    if (shelf.data.coreCorpId !== d.coreCorpId) throw absError('ABS_SHELF_NOT_OURS', { shelf: name });
    d.shelfName = name;
    checkShelfRoom(shelf, text(d.issueSize));
  },

  /**
   * An asset takes its product, plan number, name, series and 兑付日 and its plan manager from the plan
   * it is issued into, which must be set up for the issuing core enterprise (that the plan is open is the
   * model's create/update `requires`, checked before this runs).
   */
  async 'abs.assetFromPlan'(c) {
    const d = c.record.data;
    const plan = await c.records.lock(PLAN, text(d.planId));
    const name = text(plan.data.planName);
    if (plan.data.coreCorpId !== d.issuerCorpId) throw absError('ABS_PLAN_NOT_OURS', { plan: name });
    d.product = plan.data.product;
    d.planNo = plan.data.planNo;
    d.planName = name;
    d.seriesNo = plan.data.seriesNo ?? null;
    d.payDate = plan.data.payDate ?? null;
    d.funderCorpId = plan.data.managerCorpId;
    if (c.phase === 'create') {
      d.issueDate = c.today;
      d.frozen = false;
    }
  },

  /**
   * A transfer document belongs to an asset of the uploading supplier that waits for its transfer (T02);
   * it is visible to the asset's core and plan manager.
   */
  async 'abs.documentOfAsset'(c) {
    const d = c.record.data;
    const asset = await c.records.lock(ASSET, text(d.assetId));
    const no = text(asset.data.assetNo);
    if (asset.data.supplierCorpId !== d.uploaderCorpId) throw absError('ABS_ASSET_NOT_OURS', { no });
    if (asset.state !== 'T02') throw absError('ABS_DOCUMENTS_CLOSED', { no });
    if (c.phase !== 'create') return;
    d.assetNo = no;
    d.product = asset.data.product;
    d.issuerCorpId = asset.data.issuerCorpId;
    d.funderCorpId = asset.data.funderCorpId;
    d.uploaderName = c.user.personName;
  },

  /** A transfer goes with its documents: a filed document (absDocument with its file) of each of `args.categories`. */
  async 'abs.requireDocuments'(c) {
    const wanted = (c.args.categories as string[] | undefined) ?? [];
    const documents = await c.records.find(DOCUMENT, { assetId: c.record.id });
    const have = new Set(
      documents.filter((x) => x.state === 'AD0' && x.data.fileId).map((x) => x.data.category),
    );
    const missing = wanted.filter((k) => !have.has(k)).map((k) => CATEGORY_LABELS.get(k) ?? k);
    if (missing.length) throw absError('ABS_DOCUMENTS_REQUIRED', { names: missing.join('、') });
  },

  /**
   * Packet review: the assets the core director confirmed (T10) are lent (T12, 实际放款日 today); the
   * plan's 资产规模 and 交易个数 are those of its lent assets; its 发行规模 is added to its shelf's 已发行量,
   * refused beyond the shelf's 总发行量.
   */
  async 'abs.packet'(c) {
    const d = c.record.data;
    const name = text(d.planName);
    const assets = await moveAssets(c, 'T10', 'T12', 'loanDate');
    const lent = assets.filter((a) => a.state === 'T12' || a.state === 'T13');
    if (!assets.some((a) => a.state === 'T12' && a.data.loanDate === c.today))
      throw absError('ABS_PACKET_EMPTY', { plan: name });
    d.assetCount = lent.length;
    d.assetAmount = fromCents(lent.reduce((sum, a) => sum + toCents(text(a.data.amount)), 0n));
    d.approvedDate = c.today;
    if (!d.shelfId) return;
    const shelf = await c.records.lock(SHELF, text(d.shelfId));
    checkShelfRoom(shelf, text(d.issueSize));
    shelf.data.issuedAmount = addMoney(text(shelf.data.issuedAmount) || '0', text(d.issueSize));
    await c.records.save(SHELF, shelf);
  },

  /** Settlement at maturity: the plan's lent assets are repaid (T13, 回款日 today). */
  async 'abs.settle'(c) {
    await moveAssets(c, 'T12', 'T13', 'repayDate');
    c.record.data.settledDate = c.today;
  },
};

/** Refuses an issue of `amount` beyond what the shelf has left (总发行量 − 已发行量). */
function checkShelfRoom(shelf: BizRecord, amount: string): void {
  const total = text(shelf.data.totalAmount);
  const issued = text(shelf.data.issuedAmount) || '0.00';
  if (toCents(issued) + toCents(amount) > toCents(total))
    throw absError('ABS_SHELF_EXCEEDED', { shelf: text(shelf.data.shelfName), total, issued, amount });
}
