import { describe, expect, it } from 'vitest';
import {
  actionMatrix,
  matrixRows,
  matrixWorld,
  type MatrixActor,
  type MatrixRule,
} from '../../../../tests/server/authorizationMatrix';
import { body, count, create } from '../../../../tests/server/modelsHelpers';

/**
 * Authorisation matrix of every asset pool action and create: each demo role (and a second factor's
 * client and product managers, added here) × each action × records of its own and of other
 * enterprises. The expected table is written by hand from the product's design: the pool's
 * owner operator moves assets in and out, the factor's client manager matches, its product manager
 * adds products, accepts, refuses, releases and freezes (assets and pools); an action is allowed exactly when the role is
 * listed and the user's enterprise is the named party.
 */
const OPS = ['ROLE_CORE_OPERATOR', 'ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];
const FIN_CLIENT = 'ROLE_FIN_CLIENT_MANAGER';
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';

const ACTIVE_POOL = "pool_id in (select id from assets_pool_pool where state = 'PL1')";
const RULES: MatrixRule[] = [
  {
    model: 'assetsPoolAsset',
    table: 'assets_pool_asset',
    action: 'enter',
    from: 'AS0',
    roles: OPS,
    party: 'owner_corp_id',
    ready: ACTIVE_POOL,
  },
  {
    model: 'assetsPoolAsset',
    table: 'assets_pool_asset',
    action: 'leave',
    from: 'AS1',
    roles: OPS,
    party: 'owner_corp_id',
    ready: `matched_amount = 0 and ${ACTIVE_POOL}`,
  },
  {
    model: 'assetsPoolMatch',
    table: 'assets_pool_match',
    action: 'accept',
    from: 'MT0',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
  },
  {
    model: 'assetsPoolMatch',
    table: 'assets_pool_match',
    action: 'refuse',
    from: 'MT0',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
  },
  {
    model: 'assetsPoolMatch',
    table: 'assets_pool_match',
    action: 'release',
    from: 'MT1',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
  },
  {
    model: 'assetsPoolProduct',
    table: 'assets_pool_product',
    action: 'enable',
    from: 'PD2',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
  },
  {
    model: 'assetsPoolProduct',
    table: 'assets_pool_product',
    action: 'disable',
    from: 'PD1',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
  },
  // The factor's product manager freezes and unfreezes assets of the pools it manages.
  {
    model: 'assetsPoolAsset',
    table: 'assets_pool_asset',
    action: 'freeze',
    from: 'AS1',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
    ready: `matched_amount = 0 and ${ACTIVE_POOL}`,
  },
  {
    model: 'assetsPoolAsset',
    table: 'assets_pool_asset',
    action: 'unfreeze',
    from: 'AS3',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
    ready: ACTIVE_POOL,
  },
  // Pools last: freezing one must not disturb the actions above.
  {
    model: 'assetsPoolPool',
    table: 'assets_pool_pool',
    action: 'unfreeze',
    from: 'PL2',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
  },
  {
    model: 'assetsPoolPool',
    table: 'assets_pool_pool',
    action: 'freeze',
    from: 'PL1',
    roles: [FIN_PRODUCT],
    party: 'manager_corp_id',
  },
];

const world = matrixWorld([
  ['fin2_client', 'FIN002', FIN_CLIENT],
  ['fin2_product', 'FIN002', FIN_PRODUCT],
]);

describe('authorisation matrix: role × asset pool action × enterprise', () => {
  it('has seeded records of several enterprises for every action', async () => {
    const owners = new Set((await matrixRows(world, RULES[0]!)).map((r) => r.party));
    expect([...owners].sort()).toEqual(['CORE001', 'SUP001', 'UNIT001']);
  });

  actionMatrix(world, RULES, { signature: false });
});

describe('authorisation matrix: role × asset pool create × enterprise', () => {
  /** A valid payload of each model for `actor` (its own pool, its own factor's asset and product). */
  async function payload(model: string, actor: MatrixActor): Promise<Record<string, unknown>> {
    const ownPool = await world.s.db.query<{ id: string }>(
      "select id from assets_pool_pool where owner_corp_id = $1 and state = 'PL1' limit 1",
      [actor.corp],
    );
    const anyPool = await world.s.db.query<{ id: string }>(
      "select id from assets_pool_pool where state = 'PL1' limit 1",
    );
    const asset = await world.s.db.query<{ id: string }>(
      "select id from assets_pool_asset where state = 'AS1' and pledge_value - matched_amount >= 1 and pool_id in (select id from assets_pool_pool where state = 'PL1') limit 1",
    );
    const product = await world.s.db.query<{ id: string }>(
      "select id from assets_pool_product where state = 'PD1' limit 1",
    );
    switch (model) {
      case 'assetsPoolPool':
        return { poolName: `矩阵池-${actor.username}`, managerCorpId: 'FIN001' };
      case 'assetsPoolAsset':
        return {
          assetType: 'bill',
          debtorName: '矩阵付款方',
          amount: '1000.00',
          dueDate: '2027-03-31',
          pledgeRate: '0.8',
          poolId: (ownPool.rows[0] ?? anyPool.rows[0])!.id,
        };
      case 'assetsPoolProduct':
        return {
          productName: '矩阵产品',
          annualRate: '0.04',
          termMonths: 6,
          limitAmount: '1000.00',
          marginRate: '0',
        };
      default:
        return { assetId: asset.rows[0]!.id, productId: product.rows[0]!.id, matchAmount: '0.01' };
    }
  }

  const CREATES: Array<[string, string, string[]]> = [
    ['assetsPoolPool', 'assets_pool_pool', OPS],
    ['assetsPoolAsset', 'assets_pool_asset', OPS],
    ['assetsPoolProduct', 'assets_pool_product', [FIN_PRODUCT]],
    ['assetsPoolMatch', 'assets_pool_match', [FIN_CLIENT]],
  ];
  for (const [model, table, roles] of CREATES) {
    it(`${model}: created only by ${roles.join('/')}, only on what its enterprise sees`, async () => {
      let created = 0;
      for (const actor of world.actors) {
        const before = await count(world.s, table);
        const res = await create(actor.browser, model, await payload(model, actor));
        const code = body(res).code;
        const ownsRef =
          model === 'assetsPoolAsset'
            ? ['CORE001', 'SUP001', 'UNIT001'].includes(actor.corp)
            : model === 'assetsPoolMatch'
              ? actor.corp === 'FIN001'
              : true;
        const opened = actor.products.has('assets-pool');
        const allowed = roles.includes(actor.role) && actor.corp !== 'SUP003' && opened && ownsRef;
        if (allowed) {
          expect(code, `${actor.label} may create ${model}: ${res.body}`).toBe('0');
          expect(await count(world.s, table)).toBe(before + 1);
          created++;
          continue;
        }
        expect(code, `${actor.label} must not create ${model}`).not.toBe('0');
        if (actor.corp === 'SUP003') expect(code).toBe('SCF.CORP_CANCELLED');
        // References are checked first; with its own ones, an enterprise without the product is refused for that.
        else if (roles.includes(actor.role))
          expect(code).toBe(ownsRef ? 'SCF.PRODUCT_NOT_OPENED' : 'SCF.REF_INVALID');
        else expect(code).toBe('SCF.CREATE_FORBIDDEN');
        expect(await count(world.s, table)).toBe(before);
      }
      expect(created).toBeGreaterThan(0);
    });
  }
});
