import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@server/auth/passwords';
import type { Browser } from './helpers';
import { act, as, body, count, create, modelsServer, type ModelsTestServer } from './modelsHelpers';

/**
 * Authorisation matrix of every asset pool action and create: each demo role (and a second factor's
 * client and product managers, added here) × each action × records of its own and of other
 * enterprises. The expected table is written by hand from the product's design (issue 11): the pool's
 * owner operator moves assets in and out, the factor's client manager matches, its product manager
 * adds products, accepts, refuses, releases and freezes; an action is allowed exactly when the role is
 * listed and the user's enterprise is the named party.
 */
const OPS = ['ROLE_CORE_OPERATOR', 'ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];
const FIN_CLIENT = 'ROLE_FIN_CLIENT_MANAGER';
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';

interface Rule {
  model: string;
  table: string;
  action: string;
  from: string;
  roles: string[];
  party: string;
  /** Extra condition for records an allowed run can complete. */
  ready?: string;
}

const ACTIVE_POOL = "pool_id in (select id from assets_pool_pool where state = 'PL1')";
const RULES: Rule[] = [
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

interface Actor {
  label: string;
  username: string;
  corp: string;
  role: string;
  browser: Browser;
}

let s: ModelsTestServer;
const actors: Actor[] = [];

/** A second factor with its own client and product managers: "another enterprise" for the finance roles. */
async function addOtherFactor(): Promise<Array<[string, string, string]>> {
  const hash = await hashPassword('Demo@2026');
  const users: Array<[string, string, string]> = [
    ['fin2_client', 'FIN002', FIN_CLIENT],
    ['fin2_product', 'FIN002', FIN_PRODUCT],
  ];
  await s.db.query(
    "insert into corps (id, name, credit_code, corp_type) values ('FIN002', '另一商业保理有限公司', '91110000MA00000022', 'FIN')",
  );
  for (const [i, [username, corp, role]] of users.entries()) {
    const id = `PX${i}`;
    await s.db.query(
      "insert into users (id, username, password_hash, person_name, mobile, corp_id) values ($1, $2, $3, '测试', '13900000000', $4)",
      [id, username, hash, corp],
    );
    await s.db.query('insert into user_roles (user_id, role_code) values ($1, $2)', [id, role]);
  }
  return users;
}

beforeAll(async () => {
  s = await modelsServer();
  const users = await s.db.query<{ username: string; corp_id: string; roles: string[] }>(
    `select u.username, u.corp_id, array(select role_code from user_roles r where r.user_id = u.id order by role_code) as roles
       from users u order by u.id`,
  );
  const all: Array<[string, string, string]> = [
    ...users.rows.flatMap((u) =>
      u.roles.map((role): [string, string, string] => [u.username, u.corp_id, role]),
    ),
    ...(await addOtherFactor()),
  ];
  for (const [username, corp, role] of all) {
    actors.push({
      label: `${username}/${role}`,
      username,
      corp,
      role,
      browser: await as(s.app, username, role),
    });
  }
}, 180_000);

afterAll(async () => {
  await s.close();
});

type Row = { id: string; version: number; party: string };

async function rows(rule: Rule): Promise<Row[]> {
  const r = await s.db.query<Row>(
    `select id, version, ${rule.party} as party from ${rule.table} where state = $1${rule.ready ? ` and ${rule.ready}` : ''} order by id`,
    [rule.from],
  );
  return r.rows;
}

const FORBIDDEN = ['SCF.ACTION_ROLE_FORBIDDEN', 'SCF.ACTION_PARTY_FORBIDDEN', 'SCF.RECORD_FORBIDDEN'];

describe('authorisation matrix: role × asset pool action × enterprise', () => {
  it('has seeded records of several enterprises for every action', async () => {
    for (const rule of RULES)
      expect((await rows(rule)).length, `${rule.model}.${rule.action}`).toBeGreaterThan(0);
    const owners = new Set((await rows(RULES[0]!)).map((r) => r.party));
    expect([...owners].sort()).toEqual(['CORE001', 'SUP001', 'UNIT001']);
  });

  for (const rule of RULES) {
    it(`${rule.model}.${rule.action}: only ${rule.roles.join('/')} of the party enterprise`, async () => {
      const samples = [...new Map((await rows(rule)).map((row) => [row.party, row])).values()];
      const allowedRuns: Array<{ actor: Actor; party: string }> = [];
      let refusals = 0;
      for (const sample of samples) {
        for (const actor of actors) {
          if (rule.roles.includes(actor.role) && sample.party === actor.corp) {
            allowedRuns.push({ actor, party: sample.party });
            continue;
          }
          const res = await act(actor.browser, rule.model, sample.id, rule.action, {
            version: sample.version,
            reason: '矩阵测试',
          });
          const code = body(res).code;
          expect(code, `${actor.label} must not ${rule.action} ${sample.id}`).not.toBe('0');
          if (actor.corp === 'SUP003') expect(code).toBe('SCF.CORP_CANCELLED');
          else {
            expect(res.statusCode, `${actor.label}: ${res.body}`).toBe(403);
            expect(FORBIDDEN).toContain(code);
          }
          refusals++;
        }
      }
      const after = new Map((await rows(rule)).map((row) => [row.id, row.version]));
      for (const sample of samples) expect(after.get(sample.id)).toBe(sample.version);
      expect(refusals).toBeGreaterThan(0);

      // Each allowed (user, party) succeeds, each on a fresh record of that party.
      const used = new Set<string>();
      for (const run of allowedRuns) {
        const record = (await rows(rule)).find((row) => row.party === run.party && !used.has(row.id));
        if (!record) continue; // fewer seeded records of that party than allowed users; covered by others
        used.add(record.id);
        const res = await act(run.actor.browser, rule.model, record.id, rule.action, {
          version: record.version,
          reason: '矩阵测试',
        });
        expect(body(res).code, `${run.actor.label} may ${rule.action}: ${res.body}`).toBe('0');
      }
      expect(used.size, 'at least one allowed run').toBeGreaterThan(0);
    });
  }
});

describe('authorisation matrix: role × asset pool create × enterprise', () => {
  /** A valid payload of each model for `actor` (its own pool, its own factor's asset and product). */
  async function payload(model: string, actor: Actor): Promise<Record<string, unknown>> {
    const ownPool = await s.db.query<{ id: string }>(
      "select id from assets_pool_pool where owner_corp_id = $1 and state = 'PL1' limit 1",
      [actor.corp],
    );
    const anyPool = await s.db.query<{ id: string }>(
      "select id from assets_pool_pool where state = 'PL1' limit 1",
    );
    const asset = await s.db.query<{ id: string }>(
      "select id from assets_pool_asset where state = 'AS1' and pledge_value - matched_amount >= 1 and pool_id in (select id from assets_pool_pool where state = 'PL1') limit 1",
    );
    const product = await s.db.query<{ id: string }>(
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
      for (const actor of actors) {
        const before = await count(s, table);
        const res = await create(actor.browser, model, await payload(model, actor));
        const code = body(res).code;
        const ownsRef =
          model === 'assetsPoolAsset'
            ? ['CORE001', 'SUP001', 'UNIT001'].includes(actor.corp)
            : model === 'assetsPoolMatch'
              ? actor.corp === 'FIN001'
              : true;
        const allowed = roles.includes(actor.role) && actor.corp !== 'SUP003' && ownsRef;
        if (allowed) {
          expect(code, `${actor.label} may create ${model}: ${res.body}`).toBe('0');
          expect(await count(s, table)).toBe(before + 1);
          created++;
          continue;
        }
        expect(code, `${actor.label} must not create ${model}`).not.toBe('0');
        if (actor.corp === 'SUP003') expect(code).toBe('SCF.CORP_CANCELLED');
        else if (roles.includes(actor.role)) expect(code).toBe('SCF.REF_INVALID');
        else expect(code).toBe('SCF.CREATE_FORBIDDEN');
        expect(await count(s, table)).toBe(before);
      }
      expect(created).toBeGreaterThan(0);
    });
  }
});
