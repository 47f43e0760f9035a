import { addDays } from '@server/models';
import { EngineSeeder } from '@server/seed/engineSeeder';
import { ASSET, MATCH, POOL, PRODUCT } from '../effects/poolEffects';
import type { ModelEngine } from '@server/models/modelEngine';

type Json = Record<string, unknown>;

const id = (rec: Json): string => String(rec.id);

const OWNERS = [
  { user: 'chain_operator', pool: '华建建材应收账款池', scale: 1, firstMatch: '500000.00' },
  { user: 'core_operator', pool: '一局工程款资产池', scale: 3, firstMatch: '800000.00' },
  { user: 'unit_operator', pool: '第三项目部资产池', scale: 0.5, firstMatch: '300000.00' },
] as const;
const TYPES = ['receivable', 'voucher', 'bill', 'receivable', 'voucher', 'receivable'];
const RATES = ['0.8', '0.9', '0.7', '0.8', '0.6', '0.5'];
const DEBTORS = ['华建集团第一工程局有限公司', '华建一局第三项目部', '恒通钢构有限公司'];

/** `base × scale` as an exact decimal string (cents rounded once). */
function amountOf(base: number, scale: number): string {
  const cents = BigInt(Math.round(base * scale * 100));
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/**
 * The asset pool demo, written through the models engine as the demo users over the last month (so
 * every figure, flow and audit entry is what the API would have produced): pools of the supplier, the
 * core group and the project department at the factor, assets in every status, the factor's products
 * (one disabled) and matches in every status; one asset and one pool frozen.
 */
export async function seedAssetsPool(engine: ModelEngine): Promise<void> {
  const db = engine.db;
  if ((await db.query('select 1 from assets_pool_pool limit 1')).rows.length) return;
  const s = await EngineSeeder.open({ engine });
  const fin = s.as('fin_product_manager');
  const client = s.as('fin_client_manager');

  s.daysAgo(40);
  const p1 = await fin.create(PRODUCT, {
    productName: '池融通一号',
    annualRate: '0.0435',
    termMonths: 12,
    limitAmount: '50000000.00',
    marginRate: '0.1',
    remark: '应收账款池融资',
  });
  const p2 = await fin.create(PRODUCT, {
    productName: '池融通二号',
    annualRate: '0.0385',
    termMonths: 6,
    limitAmount: '20000000.00',
    marginRate: '0.05',
  });
  const retired = await fin.create(PRODUCT, {
    productName: '票据池速贷（旧）',
    annualRate: '0.052',
    termMonths: 3,
    limitAmount: '5000000.00',
    marginRate: '0.2',
  });
  s.daysAgo(35);
  await fin.act(PRODUCT, id(retired), 'disable', { reason: '产品下线' });

  for (const [k, o] of OWNERS.entries()) {
    const owner = s.as(o.user);
    s.daysAgo(30 - k);
    const pool = await owner.create(POOL, {
      poolName: o.pool,
      managerCorpId: 'FIN001',
      remark: '演示资产池',
    });
    const assets: Json[] = [];
    for (let i = 0; i < 6; i++) {
      assets.push(
        await owner.create(ASSET, {
          assetType: TYPES[i],
          debtorName: DEBTORS[(i + k) % DEBTORS.length],
          amount: amountOf(1_200_000 + i * 345_678.91 + k * 10_000, o.scale),
          dueDate: addDays(s.today, 90 + i * 30),
          pledgeRate: RATES[i],
          poolId: pool.id,
        }),
      );
    }
    // Five in the pool, one of them taken out again; the sixth waits to enter.
    s.daysAgo(25 - k);
    for (const a of assets.slice(0, 5)) await owner.act(ASSET, id(a), 'enter');
    s.daysAgo(20 - k);
    await owner.act(ASSET, id(assets[4]!), 'leave', { reason: '资产到期回款' });

    // Matches: accepted, pending, refused, accepted then released.
    const match = async (asset: Json, product: Json, matchAmount: string): Promise<Json> =>
      client.create(MATCH, { assetId: asset.id, productId: product.id, matchAmount, remark: '演示匹配' });
    s.daysAgo(15 - k);
    const accepted = await match(assets[0]!, p1, o.firstMatch);
    const released = await match(assets[3]!, p2, '150000.00');
    const refused = await match(assets[2]!, p1, '200000.00');
    s.daysAgo(12 - k);
    await fin.act(MATCH, id(accepted), 'accept');
    await fin.act(MATCH, id(released), 'accept');
    await fin.act(MATCH, id(refused), 'refuse', { reason: '资产期限与产品期限不匹配' });
    s.daysAgo(5 - k);
    await fin.act(MATCH, id(released), 'release', { reason: '融资已结清' });
    await match(assets[1]!, p2, '300000.00');
    // The supplier's refused asset is frozen by the factor: its pledge value leaves the pool's 可用.
    if (k === 0) {
      s.daysAgo(3);
      await fin.act(ASSET, id(assets[2]!), 'freeze', { reason: '应收账款存在争议，待核实' });
    }
  }

  // A second pool of the supplier, frozen by the factor after its first asset entered.
  const chain = s.as('chain_operator');
  s.daysAgo(10);
  const frozen = await chain.create(POOL, { poolName: '华建建材票据池', managerCorpId: 'FIN001' });
  const bill = await chain.create(ASSET, {
    assetType: 'bill',
    debtorName: '华建集团第一工程局有限公司',
    amount: '880000.00',
    dueDate: addDays(s.today, 120),
    pledgeRate: '0.9',
    poolId: frozen.id,
  });
  await chain.act(ASSET, id(bill), 'enter');
  s.daysAgo(2);
  await fin.act(POOL, id(frozen), 'freeze', { reason: '票据待核验' });
}
