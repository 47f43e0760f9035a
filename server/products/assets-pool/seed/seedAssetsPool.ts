import { fileURLToPath } from 'node:url';
import { loadUser } from '../../../auth/currentUser';
import type { SignatureVerifier } from '../../../context';
import type { Db } from '../../../db/db';
import { addDays, chinaDay, ModelEngine, openModels, type Actor } from '../../../models';
import type { EffectRegistry } from '../../../models/effects';
import { ASSET, MATCH, POOL, PRODUCT } from '../effects/poolEffects';

const SCHEMAS_DIR = fileURLToPath(new URL('../../../../schemas', import.meta.url));

/** Nothing here is signed (no asset pool transition asks for a UKEY). */
const NO_SIGNING: SignatureVerifier = {
  verify() {
    throw new Error('the asset pool demo signs nothing');
  },
};

type Json = Record<string, unknown>;

/**
 * The asset pool demo, written through the models engine as the demo users (so every figure, flow and
 * audit entry is what the API would have produced): pools of the supplier, the core group and the
 * project department at the factor, assets in every status, the factor's products (one disabled) and
 * matches in every status; one pool frozen.
 */
export async function seedAssetsPool(db: Db, effects: EffectRegistry): Promise<void> {
  const models = await openModels(db, SCHEMAS_DIR, effects);
  if ((await db.query('select 1 from assets_pool_pool limit 1')).rows.length) return;
  const now = new Date();
  const engine = new ModelEngine({ db, models, effects, now: () => now, signatureVerifier: NO_SIGNING });
  const actors = new Map<string, Actor>();
  const as = async (username: string, role: string): Promise<Actor> => {
    const key = `${username}/${role}`;
    const found = actors.get(key);
    if (found) return found;
    const id = (await db.query<{ id: string }>('select id from users where username = $1', [username]))
      .rows[0]?.id;
    const user = id ? await loadUser(db, id) : null;
    if (!user) throw new Error(`assets-pool seed: no demo user ${username}`);
    const actor: Actor = { user, role, sessionIdHash: 'seed' };
    actors.set(key, actor);
    return actor;
  };
  const today = chinaDay(now);
  const create = async (who: Actor, model: string, data: Json): Promise<Json> =>
    engine.create(who, model, data);
  const act = async (
    who: Actor,
    model: string,
    rec: Json,
    action: string,
    reason?: string,
  ): Promise<Json> => {
    const fresh = await engine.get(who, model, String(rec.id));
    return engine.act(who, model, String(rec.id), action, { version: fresh.version, reason });
  };

  const fin = await as('fin_product_manager', 'ROLE_FIN_PRODUCT_MANAGER');
  const client = await as('fin_client_manager', 'ROLE_FIN_CLIENT_MANAGER');
  const products = [
    await create(fin, PRODUCT, {
      productName: '池融通一号',
      annualRate: '0.0435',
      termMonths: 12,
      limitAmount: '50000000.00',
      marginRate: '0.1',
      remark: '应收账款池融资',
    }),
    await create(fin, PRODUCT, {
      productName: '池融通二号',
      annualRate: '0.0385',
      termMonths: 6,
      limitAmount: '20000000.00',
      marginRate: '0.05',
    }),
  ];
  const retired = await create(fin, PRODUCT, {
    productName: '票据池速贷（旧）',
    annualRate: '0.0520',
    termMonths: 3,
    limitAmount: '5000000.00',
    marginRate: '0.2',
  });
  await act(fin, PRODUCT, retired, 'disable', '产品下线');

  const owners = [
    {
      user: 'chain_operator',
      role: 'ROLE_CORP_OPERATOR',
      pool: '华建建材应收账款池',
      scale: 1,
      firstMatch: '500000.00',
    },
    {
      user: 'core_operator',
      role: 'ROLE_CORE_OPERATOR',
      pool: '一局工程款资产池',
      scale: 3,
      firstMatch: '800000.00',
    },
    {
      user: 'unit_operator',
      role: 'ROLE_UNIT_OPERATOR',
      pool: '第三项目部资产池',
      scale: 0.5,
      firstMatch: '300000.00',
    },
  ];
  const TYPES = ['receivable', 'voucher', 'bill', 'receivable', 'voucher', 'receivable'];
  const RATES = ['0.8', '0.9', '0.7', '0.8', '0.6', '0.5'];
  const DEBTORS = ['华建集团第一工程局有限公司', '华建一局第三项目部', '恒通钢构有限公司'];
  for (const [k, o] of owners.entries()) {
    const who = await as(o.user, o.role);
    const pool = await create(who, POOL, { poolName: o.pool, managerCorpId: 'FIN001', remark: '演示资产池' });
    const assets: Json[] = [];
    for (let i = 0; i < 6; i++) {
      const cents = BigInt(Math.round((1_200_000 + i * 345_678.91 + k * 10_000) * o.scale * 100));
      assets.push(
        await create(who, ASSET, {
          assetType: TYPES[i],
          debtorName: DEBTORS[(i + k) % DEBTORS.length],
          amount: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
          dueDate: addDays(today, 60 + i * 30),
          pledgeRate: RATES[i],
          poolId: pool.id,
        }),
      );
    }
    // Five in the pool, one of them taken out again; the sixth waits to enter.
    for (const a of assets.slice(0, 5)) await act(who, ASSET, a, 'enter');
    await act(who, ASSET, assets[4]!, 'leave', '资产到期回款');

    // Matches: accepted, pending, refused, released.
    const match = async (asset: Json, product: Json, amount: string): Promise<Json> =>
      create(client, MATCH, {
        assetId: asset.id,
        productId: product.id,
        matchAmount: amount,
        remark: '演示匹配',
      });
    const [p1, p2] = [products[0]!, products[1]!];
    await act(fin, MATCH, await match(assets[0]!, p1, o.firstMatch), 'accept');
    await match(assets[1]!, p2, '300000.00');
    await act(fin, MATCH, await match(assets[2]!, p1, '200000.00'), 'refuse', '资产期限与产品期限不匹配');
    const released = await match(assets[3]!, p2, '150000.00');
    await act(fin, MATCH, released, 'accept');
    await act(fin, MATCH, released, 'release', '融资已结清');
  }
  // A second pool of the supplier, frozen by the factor after its first asset entered.
  const chain = await as('chain_operator', 'ROLE_CORP_OPERATOR');
  const frozen = await create(chain, POOL, { poolName: '华建建材票据池', managerCorpId: 'FIN001' });
  const bill = await create(chain, ASSET, {
    assetType: 'bill',
    debtorName: '华建集团第一工程局有限公司',
    amount: '880000.00',
    dueDate: addDays(today, 90),
    pledgeRate: '0.9',
    poolId: frozen.id,
  });
  await act(chain, ASSET, bill, 'enter');
  await act(fin, POOL, frozen, 'freeze', '票据待核验');
}
