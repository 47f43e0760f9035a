import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, mulRate, subMoney, sumMoney } from '@renderer/core/format';
import type { Browser } from '../../../../tests/server/helpers';
import {
  act,
  as,
  body,
  count,
  create,
  getRecord,
  type Json,
  modelsServer,
  step,
  type ModelsTestServer,
} from '../../../../tests/server/modelsHelpers';

/**
 * The asset pool through the API: a lifecycle with the pool figures summed from the records
 * after every action (池额度 = Σ asset × 质押率 of the assets in the pool, 已用 = Σ accepted matches,
 * 保证金 = Σ their margins, 冻结额度 = Σ the frozen assets' values or, while the pool is frozen, all it
 * does not use, 可用 = 池额度 − 已用 − 冻结额度; the last flow carries the same figures), freezing of
 * assets and pools, concurrent transitions where exactly one wins, and bad input that writes nothing.
 */

let s: ModelsTestServer;
let chain: Browser;
let unit: Browser;
let fin: Browser;
let client: Browser;

beforeAll(async () => {
  s = await modelsServer();
  chain = await as(s.app, 'chain_operator');
  unit = await as(s.app, 'unit_operator');
  fin = await as(s.app, 'fin_product_manager');
  client = await as(s.app, 'fin_client_manager');
});
afterAll(async () => {
  await s.close();
});

const TABLES = [
  'assets_pool_pool',
  'assets_pool_asset',
  'assets_pool_product',
  'assets_pool_match',
  'assets_pool_flow',
];

/** Every pool's figures against its records, every asset's hold and every product's use against the matches. */
async function expectConsistent(): Promise<void> {
  const pools = await s.db.query<Record<string, string>>(
    `select id, state, quota::text, used::text, frozen_amount::text as frozen, available::text, margin::text,
            asset_count::text from assets_pool_pool`,
  );
  expect(pools.rows.length).toBeGreaterThan(0);
  for (const p of pools.rows) {
    const assets = await s.db.query<{
      state: string;
      amount: string;
      pledge_rate: string;
      pledge_value: string;
    }>(
      `select state, amount::text, pledge_rate::text, pledge_value::text from assets_pool_asset
        where pool_id = $1 and state in ('AS1', 'AS3')`,
      [p.id],
    );
    for (const a of assets.rows) expect(a.pledge_value).toBe(mulRate(a.amount, a.pledge_rate, 2));
    const matches = await s.db.query<{ match_amount: string; margin_amount: string }>(
      `select match_amount::text, margin_amount::text from assets_pool_match where pool_id = $1 and state = 'MT1'`,
      [p.id],
    );
    const quota = sumMoney(assets.rows.map((a) => a.pledge_value));
    const used = sumMoney(matches.rows.map((m) => m.match_amount));
    const margin = sumMoney(matches.rows.map((m) => m.margin_amount));
    const frozen =
      p.state === 'PL2'
        ? subMoney(quota, used)
        : sumMoney(assets.rows.filter((a) => a.state === 'AS3').map((a) => a.pledge_value));
    const label = `pool ${p.id}`;
    expect(p.quota, label).toBe(quota);
    expect(p.used, label).toBe(used);
    expect(p.margin, label).toBe(margin);
    expect(p.frozen, label).toBe(frozen);
    expect(p.available, label).toBe(subMoney(subMoney(quota, used), frozen));
    expect(sumMoney([p.used!, p.frozen!, p.available!]), label).toBe(p.quota);
    expect(String(p.available).startsWith('-'), label).toBe(false);
    expect(Number(p.asset_count), label).toBe(assets.rows.length);
    const last = await s.db.query<Record<string, string>>(
      `select quota_after::text, used_after::text, frozen_after::text, available_after::text, margin_after::text
         from assets_pool_flow where pool_id = $1 order by seq desc limit 1`,
      [p.id],
    );
    if (last.rows[0]) {
      expect(last.rows[0], label).toEqual({
        quota_after: p.quota,
        used_after: p.used,
        frozen_after: p.frozen,
        available_after: p.available,
        margin_after: p.margin,
      });
    } else expect(p.quota, label).toBe('0.00');
  }
  const holds = await s.db.query<{ id: string; matched: string; held: string | null }>(
    `select a.id, a.matched_amount::text as matched,
            (select sum(m.match_amount)::text from assets_pool_match m where m.asset_id = a.id and m.state in ('MT0', 'MT1')) as held
       from assets_pool_asset a`,
  );
  for (const h of holds.rows) expect(h.matched, `asset ${h.id}`).toBe(h.held ?? '0.00');
  const products = await s.db.query<{
    id: string;
    limit_amount: string;
    used: string;
    available: string;
    sum: string | null;
  }>(
    `select p.id, p.limit_amount::text, p.used_amount::text as used, p.available_amount::text as available,
            (select sum(m.match_amount)::text from assets_pool_match m where m.product_id = p.id and m.state = 'MT1') as sum
       from assets_pool_product p`,
  );
  for (const p of products.rows) {
    expect(p.used, `product ${p.id}`).toBe(p.sum ?? '0.00');
    expect(p.available, `product ${p.id}`).toBe(subMoney(p.limit_amount, p.used));
  }
}

async function counts(): Promise<number[]> {
  return Promise.all(TABLES.map((t) => count(s, t)));
}

function ok(res: { body: string }): Json {
  const b = JSON.parse(res.body) as { code: string; data: Json };
  expect(b.code, res.body).toBe('0');
  return b.data;
}

async function newPool(b: Browser, poolName: string): Promise<Json> {
  return ok(await create(b, 'assetsPoolPool', { poolName, managerCorpId: 'FIN001' }));
}

async function newAsset(b: Browser, poolId: string, amount: string, pledgeRate: string): Promise<Json> {
  return ok(
    await create(b, 'assetsPoolAsset', {
      assetType: 'receivable',
      debtorName: '华建集团第一工程局有限公司',
      amount,
      dueDate: '2027-03-31',
      pledgeRate,
      poolId,
    }),
  );
}

async function newProduct(productName: string, limitAmount: string, marginRate = '0.1'): Promise<Json> {
  return ok(
    await create(fin, 'assetsPoolProduct', {
      productName,
      annualRate: '0.0435',
      termMonths: 12,
      limitAmount,
      marginRate,
    }),
  );
}

async function poolOf(id: string, b: Browser = chain): Promise<Json> {
  return body(await getRecord(b, 'assetsPoolPool', id)).data;
}

describe('asset pool lifecycle: figures consistent after every action', () => {
  it('the seeded demo is consistent and has records in every status', async () => {
    await expectConsistent();
    const states = await s.db.query<{ t: string; state: string }>(
      `select 'pool' t, state from assets_pool_pool union select 'asset', state from assets_pool_asset
       union select 'product', state from assets_pool_product union select 'match', state from assets_pool_match`,
    );
    const seen = states.rows.map((r) => `${r.t}:${r.state}`).sort();
    expect(seen).toEqual(
      [
        'asset:AS0',
        'asset:AS1',
        'asset:AS2',
        'asset:AS3',
        'match:MT0',
        'match:MT1',
        'match:MT2',
        'match:MT3',
        'pool:PL1',
        'pool:PL2',
        'product:PD1',
        'product:PD2',
      ].sort(),
    );
  });

  it('enter, match, accept, refuse, release, leave: exact figures each time', async () => {
    const pool = await newPool(chain, '测试资产池');
    expect(pool).toMatchObject({
      quota: '0.00',
      used: '0.00',
      available: '0.00',
      margin: '0.00',
      status: 'PL1',
    });
    await expectConsistent();
    // 1,234,567.89 × 0.8 = 987,654.312 → 987,654.31; 333,333.35 × 0.9 = 300,000.015 → 300,000.02.
    const a = await newAsset(chain, pool.id, '1234567.89', '0.8');
    const b = await newAsset(chain, pool.id, '333333.35', '0.9');
    expect(a.pledgeValue).toBe('987654.31');
    expect(b.pledgeValue).toBe('300000.02');
    expect(a.managerCorpId).toBe('FIN001');
    await step(chain, 'assetsPoolAsset', a.id, 'enter');
    await expectConsistent();
    await step(chain, 'assetsPoolAsset', b.id, 'enter');
    await expectConsistent();
    expect(await poolOf(pool.id)).toMatchObject({
      quota: '1287654.33',
      available: '1287654.33',
      assetCount: 2,
    });

    const product = await newProduct('测试产品', '900000.00', '0.05');
    expect(product).toMatchObject({ usedAmount: '0.00', availableAmount: '900000.00' });
    const m1 = ok(
      await create(client, 'assetsPoolMatch', {
        assetId: a.id,
        productId: product.id,
        matchAmount: '700000.01',
      }),
    );
    expect(m1).toMatchObject({
      status: 'MT0',
      marginAmount: '35000.00',
      poolId: pool.id,
      ownerCorpId: 'SUP001',
    });
    await expectConsistent();
    const m2 = ok(
      await create(client, 'assetsPoolMatch', {
        assetId: a.id,
        productId: product.id,
        matchAmount: '287654.30',
      }),
    );
    await step(fin, 'assetsPoolMatch', m1.id, 'accept');
    await expectConsistent();
    expect(await poolOf(pool.id)).toMatchObject({
      quota: '1287654.33',
      used: '700000.01',
      available: '587654.32',
      margin: '35000.00',
    });
    await step(fin, 'assetsPoolMatch', m2.id, 'refuse', { reason: '测试拒绝' });
    await expectConsistent();
    // The asset's hold went back: what remains of its pledge value can be matched again.
    const m3 = ok(
      await create(client, 'assetsPoolMatch', {
        assetId: a.id,
        productId: product.id,
        matchAmount: '199999.99',
      }),
    );
    await step(fin, 'assetsPoolMatch', m3.id, 'accept');
    await expectConsistent();
    expect(await poolOf(pool.id)).toMatchObject({
      used: '900000.00',
      available: '387654.33',
      margin: '45000.00',
    });
    expect(body(await getRecord(fin, 'assetsPoolProduct', product.id)).data.availableAmount).toBe('0.00');

    await step(chain, 'assetsPoolAsset', b.id, 'leave');
    await expectConsistent();
    expect(await poolOf(pool.id)).toMatchObject({ quota: '987654.31', available: '87654.31', assetCount: 1 });
    await step(fin, 'assetsPoolMatch', m1.id, 'release', { reason: '已结清' });
    await expectConsistent();
    await step(fin, 'assetsPoolMatch', m3.id, 'release');
    await expectConsistent();
    await step(chain, 'assetsPoolAsset', a.id, 'leave');
    await expectConsistent();
    expect(await poolOf(pool.id)).toMatchObject({
      quota: '0.00',
      used: '0.00',
      available: '0.00',
      margin: '0.00',
      assetCount: 0,
    });
    // The pool's history: one flow per change, in order.
    const flows = await s.db.query<{ kind: string; amount: string; seq: number }>(
      'select kind, amount::text, seq from assets_pool_flow where pool_id = $1 order by seq',
      [pool.id],
    );
    expect(flows.rows.map((f) => `${f.seq}:${f.kind}:${f.amount}`)).toEqual([
      '1:enter:987654.31',
      '2:enter:300000.02',
      '3:use:700000.01',
      '4:use:199999.99',
      '5:leave:300000.02',
      '6:release:700000.01',
      '7:release:199999.99',
      '8:leave:987654.31',
    ]);
    // An asset that left may be edited and enter again.
    const again = await step(chain, 'assetsPoolAsset', a.id, 'enter');
    expect(again.status).toBe('AS1');
    await expectConsistent();
    expect(addMoney((await poolOf(pool.id)).quota, '0')).toBe('987654.31');
  });

  it('freeze and unfreeze an asset and the pool: frozen amounts leave 可用, exactly', async () => {
    const pool = await newPool(unit, '冻结测试池');
    // 500,000.05 × 0.7 = 350,000.035 → 350,000.04; 120,000.00 × 0.5 = 60,000.00.
    const a = await newAsset(unit, pool.id, '500000.05', '0.7');
    const b = await newAsset(unit, pool.id, '120000.00', '0.5');
    await step(unit, 'assetsPoolAsset', a.id, 'enter');
    await step(unit, 'assetsPoolAsset', b.id, 'enter');
    const product = await newProduct('冻结测试产品', '1000000.00', '0.1');
    const m = ok(
      await create(client, 'assetsPoolMatch', {
        assetId: a.id,
        productId: product.id,
        matchAmount: '100000.00',
      }),
    );
    await step(fin, 'assetsPoolMatch', m.id, 'accept');
    expect(await poolOf(pool.id, unit)).toMatchObject({
      quota: '410000.04',
      used: '100000.00',
      frozenAmount: '0.00',
      available: '310000.04',
    });

    const frozenAsset = await step(fin, 'assetsPoolAsset', b.id, 'freeze', { reason: '票据待核验' });
    expect(frozenAsset).toMatchObject({ status: 'AS3', freezeReason: '票据待核验' });
    await expectConsistent();
    expect(await poolOf(pool.id, unit)).toMatchObject({
      quota: '410000.04',
      used: '100000.00',
      frozenAmount: '60000.00',
      available: '250000.04',
      assetCount: 2,
    });
    // A frozen asset takes no match and cannot leave.
    let before = await counts();
    let answer = body(
      await create(client, 'assetsPoolMatch', { assetId: b.id, productId: product.id, matchAmount: '1.00' }),
    );
    expect(answer).toMatchObject({
      code: 'SCF.ASSET_FROZEN',
      message: `资产${frozenAsset.assetNo}已冻结，不能匹配`,
    });
    answer = body(await act(unit, 'assetsPoolAsset', b.id, 'leave', { version: frozenAsset.version }));
    expect(answer.code).toBe('SCF.ACTION_STATE_INVALID');
    // An asset a match holds cannot be frozen.
    const held = body(await getRecord(fin, 'assetsPoolAsset', a.id)).data;
    answer = body(
      await act(fin, 'assetsPoolAsset', a.id, 'freeze', { version: held.version, reason: '核查' }),
    );
    expect(answer).toMatchObject({
      code: 'SCF.ASSET_MATCHED_FREEZE',
      message: `资产${held.assetNo}有未释放的产品匹配100,000.00元，不能冻结`,
    });
    expect(await counts()).toEqual(before);

    // The whole pool frozen: all it does not use is frozen, 可用 0; a release there stays frozen.
    const frozenPool = await step(fin, 'assetsPoolPool', pool.id, 'freeze', { reason: '企业涉诉' });
    expect(frozenPool).toMatchObject({
      status: 'PL2',
      freezeReason: '企业涉诉',
      used: '100000.00',
      frozenAmount: '310000.04',
      available: '0.00',
    });
    await expectConsistent();
    before = await counts();
    answer = body(await act(fin, 'assetsPoolAsset', b.id, 'unfreeze', { version: frozenAsset.version }));
    expect(answer).toMatchObject({
      code: 'SCF.POOL_FROZEN',
      message: `资产池${frozenPool.poolNo}已冻结，不能办理入池、出池、用信或资产冻结、解冻`,
    });
    expect(await counts()).toEqual(before);
    await step(fin, 'assetsPoolMatch', m.id, 'release', { reason: '已结清' });
    await expectConsistent();
    expect(await poolOf(pool.id, unit)).toMatchObject({
      used: '0.00',
      frozenAmount: '410000.04',
      available: '0.00',
    });

    // Unfrozen: only the frozen asset stays frozen.
    await step(fin, 'assetsPoolPool', pool.id, 'unfreeze');
    await expectConsistent();
    expect(await poolOf(pool.id, unit)).toMatchObject({
      status: 'PL1',
      frozenAmount: '60000.00',
      available: '350000.04',
    });
    const back = await step(fin, 'assetsPoolAsset', b.id, 'unfreeze', { reason: '核验无误' });
    expect(back.status).toBe('AS1');
    await expectConsistent();
    expect(await poolOf(pool.id, unit)).toMatchObject({ frozenAmount: '0.00', available: '410000.04' });
    const flows = await s.db.query<{ kind: string; amount: string; frozen: string }>(
      'select kind, amount::text, frozen_after::text as frozen from assets_pool_flow where pool_id = $1 order by seq',
      [pool.id],
    );
    expect(flows.rows.map((f) => `${f.kind}:${f.amount}:${f.frozen}`)).toEqual([
      'enter:350000.04:0.00',
      'enter:60000.00:0.00',
      'use:100000.00:0.00',
      'freeze:60000.00:60000.00',
      'freeze:250000.04:310000.04',
      'release:100000.00:410000.04',
      'unfreeze:350000.04:60000.00',
      'unfreeze:60000.00:0.00',
    ]);
  });
});

describe('refusals write nothing', () => {
  it('bad asset, pool, product and match payloads', async () => {
    const pool = await newPool(unit, '拒绝测试池');
    const before = await counts();
    const bad: Array<[Browser, string, Record<string, unknown>, RegExp]> = [
      [
        unit,
        'assetsPoolAsset',
        {
          assetType: 'receivable',
          debtorName: '甲',
          amount: '-1',
          dueDate: '2027-03-31',
          pledgeRate: '0.8',
          poolId: pool.id,
        },
        /金额/,
      ],
      [
        unit,
        'assetsPoolAsset',
        {
          assetType: 'receivable',
          debtorName: '甲',
          amount: '100.001',
          dueDate: '2027-03-31',
          pledgeRate: '0.8',
          poolId: pool.id,
        },
        /金额/,
      ],
      [
        unit,
        'assetsPoolAsset',
        {
          assetType: 'receivable',
          debtorName: '甲',
          amount: '100.00',
          dueDate: '2027-03-31',
          pledgeRate: '0.85',
          poolId: pool.id,
        },
        /质押率/,
      ],
      [
        unit,
        'assetsPoolAsset',
        {
          assetType: 'receivable',
          debtorName: '甲',
          amount: '100.00',
          dueDate: '2027-02-30',
          pledgeRate: '0.8',
          poolId: pool.id,
        },
        /到期日/,
      ],
      [
        unit,
        'assetsPoolAsset',
        {
          assetType: 'receivable',
          debtorName: '甲',
          amount: '100.00',
          dueDate: '2027-03-31',
          pledgeRate: '0.8',
        },
        /资产池/,
      ],
      [
        unit,
        'assetsPoolAsset',
        {
          assetType: 'car',
          debtorName: '甲',
          amount: '100.00',
          dueDate: '2027-03-31',
          pledgeRate: '0.8',
          poolId: pool.id,
        },
        /资产类型/,
      ],
      [
        unit,
        'assetsPoolAsset',
        {
          assetType: 'receivable',
          debtorName: '甲',
          amount: '100.00',
          dueDate: '2027-03-31',
          pledgeRate: '0.8',
          poolId: 'no-such-pool',
        },
        /资产池/,
      ],
      [unit, 'assetsPoolPool', { poolName: '', managerCorpId: 'FIN001' }, /资产池名称/],
      [unit, 'assetsPoolPool', { poolName: '池', managerCorpId: 'SUP001' }, /管理机构/],
      [
        fin,
        'assetsPoolProduct',
        { productName: '产品', annualRate: '4.35', termMonths: 12, limitAmount: '1.00', marginRate: '0.1' },
        /年利率/,
      ],
      [
        fin,
        'assetsPoolProduct',
        { productName: '产品', annualRate: '0.04', termMonths: 0, limitAmount: '1.00', marginRate: '0.1' },
        /期限/,
      ],
      [
        fin,
        'assetsPoolProduct',
        { productName: '产品', annualRate: '0.04', termMonths: 12, limitAmount: '0.00', marginRate: '0.1' },
        /产品额度/,
      ],
    ];
    for (const [who, model, payload, message] of bad) {
      const res = await create(who, model, payload);
      const answer = body(res);
      expect(res.statusCode, res.body).toBe(200);
      expect(answer.code, JSON.stringify(payload)).not.toBe('0');
      expect(answer.message, JSON.stringify(payload)).toMatch(message);
    }
    // Another enterprise's pool is not visible to the asset's owner.
    const res = await create(chain, 'assetsPoolAsset', {
      assetType: 'receivable',
      debtorName: '甲',
      amount: '100.00',
      dueDate: '2027-03-31',
      pledgeRate: '0.8',
      poolId: pool.id,
    });
    expect(body(res)).toMatchObject({ code: 'SCF.REF_INVALID', message: '资产池：记录不存在或无权访问' });
    expect(await counts()).toEqual(before);
    await expectConsistent();
  });

  it('business refusals: over-match, matched asset leaving, frozen pool, exhausted product', async () => {
    const pool = await newPool(chain, '业务拒绝池');
    const asset = await newAsset(chain, pool.id, '100000.00', '0.5');
    await step(chain, 'assetsPoolAsset', asset.id, 'enter');
    const product = await newProduct('小额产品', '30000.00');
    let before = await counts();
    let answer = body(
      await create(client, 'assetsPoolMatch', {
        assetId: asset.id,
        productId: product.id,
        matchAmount: '50000.01',
      }),
    );
    expect(answer).toMatchObject({
      code: 'SCF.MATCH_EXCEEDS_ASSET',
      message: '匹配金额不能超过资产可匹配金额50,000.00元',
    });
    expect(await counts()).toEqual(before);

    const m = ok(
      await create(client, 'assetsPoolMatch', {
        assetId: asset.id,
        productId: product.id,
        matchAmount: '40000.00',
      }),
    );
    before = await counts();
    const current = body(await getRecord(chain, 'assetsPoolAsset', asset.id)).data;
    answer = body(await act(chain, 'assetsPoolAsset', asset.id, 'leave', { version: current.version }));
    expect(answer.code).toBe('SCF.ASSET_MATCHED');
    expect(answer.message).toBe(`资产${current.assetNo}有未释放的产品匹配40,000.00元，不能出池`);
    // The product's 30,000.00 cannot carry a 40,000.00 match.
    answer = body(await act(fin, 'assetsPoolMatch', m.id, 'accept', { version: m.version }));
    expect(answer).toMatchObject({
      code: 'SCF.PRODUCT_LIMIT_INSUFFICIENT',
      message: '资金产品可用额度不足：可用30,000.00元，需要40,000.00元',
    });
    expect(await counts()).toEqual(before);
    expect(body(await getRecord(chain, 'assetsPoolAsset', asset.id)).data.version).toBe(current.version);

    // A frozen pool takes no use, entry or exit.
    await step(fin, 'assetsPoolPool', pool.id, 'freeze', { reason: '核查' });
    before = await counts();
    const m2 = await s.db.query<{ version: number }>('select version from assets_pool_match where id = $1', [
      m.id,
    ]);
    answer = body(await act(fin, 'assetsPoolMatch', m.id, 'accept', { version: m2.rows[0]!.version }));
    expect(answer.code).toBe('SCF.POOL_FROZEN');
    const other = await newAsset(chain, pool.id, '10.00', '0.5');
    answer = body(await act(chain, 'assetsPoolAsset', other.id, 'enter', { version: other.version }));
    expect(answer.code).toBe('SCF.POOL_FROZEN');
    expect(await count(s, 'assets_pool_flow')).toBe(before[4]);
    await expectConsistent();
  });
});

describe('concurrent transitions: exactly one wins', () => {
  it('two entries of the same asset', async () => {
    const pool = await newPool(chain, '并发池');
    const asset = await newAsset(chain, pool.id, '1000.00', '0.8');
    const results = await Promise.all(
      [0, 1].map(() => act(chain, 'assetsPoolAsset', asset.id, 'enter', { version: asset.version })),
    );
    expect(results.map((r) => body(r).code).sort()).toEqual(['0', 'SCF.ACTION_STATE_INVALID']);
    expect((await poolOf(pool.id)).quota).toBe('800.00');
    await expectConsistent();
  });

  it('two acceptances that the product can carry only one of', async () => {
    const pool = await newPool(chain, '并发受理池');
    const asset = await newAsset(chain, pool.id, '100000.00', '0.8');
    await step(chain, 'assetsPoolAsset', asset.id, 'enter');
    const product = await newProduct('并发产品', '50000.00');
    const [m1, m2] = [
      ok(
        await create(client, 'assetsPoolMatch', {
          assetId: asset.id,
          productId: product.id,
          matchAmount: '30000.00',
        }),
      ),
      ok(
        await create(client, 'assetsPoolMatch', {
          assetId: asset.id,
          productId: product.id,
          matchAmount: '30000.00',
        }),
      ),
    ];
    const results = await Promise.all(
      [m1, m2].map((m) => act(fin, 'assetsPoolMatch', m.id, 'accept', { version: m.version })),
    );
    expect(results.map((r) => body(r).code).sort()).toEqual(['0', 'SCF.PRODUCT_LIMIT_INSUFFICIENT']);
    expect(await poolOf(pool.id)).toMatchObject({ used: '30000.00', margin: '3000.00' });
    await expectConsistent();
  });

  it('two matches racing for the last of an asset', async () => {
    const pool = await newPool(chain, '并发匹配池');
    const asset = await newAsset(chain, pool.id, '1000.00', '0.5');
    await step(chain, 'assetsPoolAsset', asset.id, 'enter');
    const product = await newProduct('并发匹配产品', '5000.00');
    const results = await Promise.all(
      [0, 1].map(() =>
        create(client, 'assetsPoolMatch', {
          assetId: asset.id,
          productId: product.id,
          matchAmount: '300.00',
        }),
      ),
    );
    expect(results.map((r) => body(r).code).sort()).toEqual(['0', 'SCF.MATCH_EXCEEDS_ASSET']);
    await expectConsistent();
  });
});
