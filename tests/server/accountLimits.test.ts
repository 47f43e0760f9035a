import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProduct } from '@server/models/productOpenings';
import { addMoney, compareMoney, subMoney } from '@renderer/core/format';
import { schemaTreeFile } from '@renderer/core/node';
import {
  as,
  act,
  body,
  count,
  create,
  getRecord,
  type Json,
  list,
  modelsServer,
  SIGN,
  step,
  type ModelsTestServer,
} from './modelsHelpers';

/** Limit distribution (my/limit/*): a core gives suppliers child limits from its own. */
let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

const DIST = 'creditLimitDistribution';

/** Every credit limit in the database: 可用 = 授信 − 已用 − 冻结, nothing negative. */
async function checkInvariant(): Promise<void> {
  const rows = (
    await s.db.query<{ id: string; total: string; used: string; frozen: string; available: string }>(
      'select id, total::text, used::text, frozen::text, available::text from credit_limit',
    )
  ).rows;
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    expect(r.available, `limit ${r.id}`).toBe(subMoney(subMoney(r.total, r.used), r.frozen));
    expect(compareMoney(r.used, '0.00')).toBeGreaterThanOrEqual(0);
    expect(compareMoney(r.frozen, '0.00')).toBeGreaterThanOrEqual(0);
  }
  // What a core gave out is part of its used amount.
  const parents = (
    await s.db.query<{ id: string; used: string; given: string | null }>(
      `select p.id, p.used::text, (select sum(c.total)::text from credit_limit c where c.parent_limit_id = p.id and c.state <> 'LM3') as given
         from credit_limit p where p.parent_limit_id is null`,
    )
  ).rows;
  for (const p of parents) if (p.given) expect(compareMoney(p.used, p.given)).toBeGreaterThanOrEqual(0);
}

type Limit = {
  grantorCorpId: string;
  id: string;
  total: string;
  used: string;
  frozen: string;
  available: string;
  parentLimitId?: string;
};

/** The limits an enterprise sees for credit: its own granted one and the child ones. */
async function limitsSeenBy(username: string, corpId: string): Promise<Limit[]> {
  const b = await as(s.app, username);
  return (await list(b, 'creditLimit', { corpId, product: 'credit', status: 'LM1' })).list;
}

const child = (limits: Limit[]) => limits.find((l) => l.parentLimitId);
const direct = (limits: Limit[]) => limits.find((l) => !l.parentLimitId)!;

async function request(
  target: string,
  afterAmount: string,
  reason = '年度采购量增加',
): Promise<{ code: string; message: string; data: Json }> {
  const op = await as(s.app, 'core_operator');
  return body(await create(op, DIST, { targetCorpId: target, product: 'credit', afterAmount, reason }));
}

describe('limit distribution', () => {
  it('operator asks, director approves with UKEY: the supplier’s 可用 and the core’s change exactly', async () => {
    await checkInvariant();
    const core0 = direct(await limitsSeenBy('core_query', 'CORE001'));
    const sup0 = await limitsSeenBy('chain_query', 'SUP001');
    expect(child(sup0)).toBeUndefined();

    const asked = await request('SUP001', '2000000.00');
    expect(asked.code, asked.message).toBe('0');
    expect(asked.data).toMatchObject({
      status: 'LD0',
      beforeAmount: '0.00',
      afterAmount: '2000000.00',
      targetName: '华建建材供应有限公司',
    });
    await checkInvariant();
    // Nothing moves before the approval.
    expect(direct(await limitsSeenBy('core_query', 'CORE001')).available).toBe(core0.available);

    // The same enterprise cannot get a second request while one waits.
    expect((await request('SUP001', '3000000.00')).code).toBe('SCF.LIMIT_DIST_PENDING');

    const director = await as(s.app, 'core_director');
    const unsigned = body(
      await act(director, DIST, asked.data.id, 'approve', { version: asked.data.version }),
    );
    expect(unsigned.code).toBe('SCF.SIGNATURE_REQUIRED');
    const approved = await step(director, DIST, asked.data.id, 'approve', { signature: SIGN });
    expect(approved.status).toBe('LD1');
    await checkInvariant();

    const core1 = direct(await limitsSeenBy('core_query', 'CORE001'));
    expect(core1.available).toBe(subMoney(core0.available, '2000000.00'));
    expect(core1.used).toBe(addMoney(core0.used, '2000000.00'));
    const sup1 = await limitsSeenBy('chain_query', 'SUP001');
    expect(child(sup1)).toMatchObject({
      total: '2000000.00',
      used: '0.00',
      frozen: '0.00',
      available: '2000000.00',
      grantorCorpId: 'CORE001',
    });
    // The institution's limit of the supplier is untouched.
    expect(direct(sup1).available).toBe(direct(sup0).available);

    // Lowered later: 调整前 is the current total, the difference goes back to the core.
    const lowered = await request('SUP001', '1500000.00', '采购计划调整');
    expect(lowered.data.beforeAmount).toBe('2000000.00');
    await step(director, DIST, lowered.data.id, 'approve', { signature: SIGN });
    await checkInvariant();
    expect(child(await limitsSeenBy('chain_query', 'SUP001'))!.available).toBe('1500000.00');
    expect(direct(await limitsSeenBy('core_query', 'CORE001')).available).toBe(
      subMoney(core0.available, '1500000.00'),
    );

    // History: each request keeps 调整前/后 and its reason; the detail has the audit trail.
    const detail = body(await getRecord(director, DIST, lowered.data.id)).data;
    expect(detail).toMatchObject({
      beforeAmount: '2000000.00',
      afterAmount: '1500000.00',
      reason: '采购计划调整',
    });
    expect(detail.audit.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['approve']),
    );
    const history = (await list(await as(s.app, 'chain_query'), DIST, { status: 'LD1' })).list;
    // (the test clock stands still: both have the same time, so compare them as a set)
    expect(history.map((h: Json) => [h.beforeAmount, h.afterAmount, h.reason]).sort()).toEqual([
      ['0.00', '2000000.00', '年度采购量增加'],
      ['2000000.00', '1500000.00', '采购计划调整'],
    ]);
  });

  it('refuses with a reason and moves nothing', async () => {
    const core0 = direct(await limitsSeenBy('core_query', 'CORE001'));
    const asked = await request('UNIT001', '1000000.00');
    const director = await as(s.app, 'core_director');
    const noReason = body(
      await act(director, DIST, asked.data.id, 'refuse', { version: asked.data.version }),
    );
    expect(noReason.code).toBe('SCF.REASON_REQUIRED');
    const refused = await step(director, DIST, asked.data.id, 'refuse', { reason: '项目尚未开工' });
    expect(refused).toMatchObject({ status: 'LD2', refuseReason: '项目尚未开工' });
    await checkInvariant();
    expect(direct(await limitsSeenBy('core_query', 'CORE001')).available).toBe(core0.available);
  });

  it('refuses bad requests with clear messages and writes nothing', async () => {
    const before = await count(s, 'credit_limit_distribution');
    const core = direct(await limitsSeenBy('core_query', 'CORE001'));
    expect(await request('SUP001', '1500000.00')).toMatchObject({
      code: 'SCF.LIMIT_DIST_UNCHANGED',
      message: '调整后额度与调整前额度（1,500,000.00元）相同，无需调整',
    });
    expect((await request('FIN001', '100.00')).code).toBe('SCF.CORP_INVALID');
    expect((await request('SUP002', '100.00')).code).toBe('SCF.CORP_PRODUCT_NOT_OPENED');
    // Supplier 2 opens credit: it may be given a child limit from now on.
    await openProduct(s.db, 'SUP002', 'credit');
    const tooMuch = await request('SUP002', addMoney(core.available, '0.01'));
    expect(tooMuch.code).toBe('SCF.LIMIT_INSUFFICIENT');
    expect((await request('SUP002', '-1.00')).code).toBe('SCF.RECORD_INVALID');
    expect((await request('SUP002', '100.00', '')).code).toBe('SCF.RECORD_INVALID');
    expect(await count(s, 'credit_limit_distribution')).toBe(before);
    await checkInvariant();
  });

  it('authorisation: only the core operator asks, only the core director decides, others see nothing', async () => {
    for (const user of [
      'core_director',
      'core_query',
      'chain_operator',
      'corp_manager',
      'fin_product_manager',
    ]) {
      const b = await as(s.app, user);
      const res = await create(b, DIST, {
        targetCorpId: 'SUP002',
        product: 'credit',
        afterAmount: '100.00',
        reason: 'x',
      });
      expect(res.statusCode, user).toBe(403);
    }
    const asked = await request('SUP002', '100.00');
    expect(asked.code).toBe('0');
    for (const user of ['core_operator', 'core_query', 'chain_director', 'fin_product_manager']) {
      const b = await as(s.app, user);
      const res = await act(b, DIST, asked.data.id, 'approve', {
        version: asked.data.version,
        signature: SIGN,
      });
      expect(res.statusCode, user).toBe(403);
    }
    // Another supplier and the institution do not see the request at all.
    expect(
      (await list(await as(s.app, 'chain_query'), DIST, { distNo: asked.data.distNo })).list,
    ).toHaveLength(0);
    expect((await getRecord(await as(s.app, 'fin_product_manager'), DIST, asked.data.id)).statusCode).toBe(
      403,
    );
    expect((await list(await as(s.app, 'new_user'), DIST, { distNo: asked.data.distNo })).list).toHaveLength(
      1,
    );
    await checkInvariant();
  });

  it('credit effects keep using the institution’s limit of a supplier that also holds a child limit', async () => {
    // SUP001 holds both: limit.freeze/use/release pick the one granted by the institution.
    const limits = await limitsSeenBy('chain_query', 'SUP001');
    expect(limits).toHaveLength(2);
    expect(direct(limits).grantorCorpId).toBe('FIN001');
  });
});

describe('old limits (/my/limit/old-limit)', () => {
  /** The page's two lists: the model and the fixed params of each (read from the page schema). */
  const page = JSON.parse(readFileSync(schemaTreeFile('schemas', 'my/limit/old-limit.json'), 'utf8'));
  const lists = page.composite.parts[0].items.map((item: Json) => item.parts[0]) as Json[];
  const partOf = (model: string): Record<string, string> => {
    const part = lists.find((p) => p.model === model)!;
    return Object.fromEntries(
      Object.entries(part.list.tabs[0].params as Record<string, string[]>).map(([k, v]) => [k, v.join(',')]),
    );
  };
  const seen = async (username: string, model: string): Promise<Json[]> =>
    (await list(await as(s.app, username), model, { size: '100', ...partOf(model) })).list;

  it('shows an enterprise only its own ended limits and their change history', async () => {
    const core = await seen('core_query', 'creditLimit');
    const replaced = core.find((l) => l.corpId === 'CORE001' && l.product === 'credit');
    expect(replaced).toMatchObject({
      status: 'LM3',
      total: '600000000.00',
      refuseReason: '授信到期，已由新额度替换',
      grantorName: '中融联合商业保理有限公司',
    });
    const chain = await seen('chain_query', 'creditLimit');
    expect(chain.map((l) => [l.corpId, l.product, l.refuseReason])).toContainEqual([
      'SUP001',
      'abs',
      '企业经营异常',
    ]);
    expect(chain.map((l) => l.id)).not.toContain(replaced!.id);
    for (const [name, corp, rows] of [
      ['core_query', 'CORE001', core],
      ['chain_query', 'SUP001', chain],
      ['unit_query', 'UNIT001', await seen('unit_query', 'creditLimit')],
    ] as const)
      for (const l of rows) {
        expect(l.status, name).toBe('LM3');
        expect([l.corpId, l.grantorCorpId], name).toContain(corp);
      }
    // Another enterprise's ended limit is refused even by its id.
    const other = await getRecord(await as(s.app, 'chain_query'), 'creditLimit', replaced!.id);
    expect(other.statusCode).toBe(403);

    // The history: the approved distributions, 调整前/调整后 and the reason, to the core and the target only.
    const history = await seen('unit_query', DIST);
    expect(history.map((d) => [d.reason, d.afterAmount])).toContainEqual([
      '项目部年度采购计划',
      '3000000.00',
    ]);
    for (const [name, corp] of [
      ['core_query', 'CORE001'],
      ['chain_query', 'SUP001'],
      ['unit_query', 'UNIT001'],
    ] as const)
      for (const d of await seen(name, DIST)) {
        expect(d.status, name).toBe('LD1');
        expect([d.coreCorpId, d.targetCorpId], name).toContain(corp);
        expect(d.reason, name).toBeTruthy();
      }
    const refused = (await list(await as(s.app, 'unit_query'), DIST, { status: 'LD2' })).list;
    expect(refused.length).toBeGreaterThan(0);
    expect(history.map((d) => d.id)).not.toContain(refused[0].id);
  });
});
