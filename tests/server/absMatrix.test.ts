import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@server/auth/passwords';
import type { Browser } from './helpers';
import { act, as, body, create, modelsServer, SIGN, type ModelsTestServer } from './modelsHelpers';

/**
 * Authorisation matrix of every ABS/ABCP action: each demo role (plus a second core group and a second
 * plan manager, added here; UNIT001 is the other chain enterprise) × each action × records of its own and
 * of other enterprises. The expected table is written by hand from the models' design (core operator
 * issues, engineer post confirms, supplier operator transfers, supplier director and core director sign,
 * plan manager reviews packets, core director settles), not read from the models.
 */
const CORE_OP = 'ROLE_CORE_OPERATOR';
const CORE_DIR = 'ROLE_CORE_DIRECTOR';
const CORE_PUR = 'ROLE_CORE_PURCHASE';
const CHAIN_OPS = ['ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];
const CHAIN_DIRS = ['ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR'];
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';

interface Rule {
  model: string;
  table: string;
  action: string;
  from: string;
  roles: string[];
  /** Column holding the acting enterprise. */
  party: string;
  /** Extra condition for records an allowed run can complete. */
  ready?: string;
}

const r = (
  model: string,
  table: string,
  action: string,
  from: string,
  roles: string[],
  party: string,
  ready?: string,
): Rule => ({ model, table, action, from, roles, party, ...(ready ? { ready } : {}) });

const HAS_DOCUMENTS =
  "exists (select 1 from abs_document d where d.asset_id = abs_asset.id and d.category = 'invoice' and d.file_id is not null)";

const RULES: Rule[] = [
  r('absAsset', 'abs_asset', 'confirm', 'T01', [CORE_PUR], 'issuer_corp_id'),
  r('absAsset', 'abs_asset', 'abort', 'T01', [CORE_OP], 'issuer_corp_id'),
  r('absAsset', 'abs_asset', 'transfer', 'T02', CHAIN_OPS, 'supplier_corp_id', HAS_DOCUMENTS),
  r('absAsset', 'abs_asset', 'approveTransfer', 'T03', CHAIN_DIRS, 'supplier_corp_id'),
  r('absAsset', 'abs_asset', 'returnTransfer', 'T03', CHAIN_DIRS, 'supplier_corp_id'),
  r('absAsset', 'abs_asset', 'coreApprove', 'T07', [CORE_DIR], 'issuer_corp_id'),
  r('absAsset', 'abs_asset', 'coreReturn', 'T07', [CORE_DIR], 'issuer_corp_id'),
  r(
    'absDocument',
    'abs_document',
    'remove',
    'AD0',
    CHAIN_OPS,
    'uploader_corp_id',
    "exists (select 1 from abs_asset a where a.id = abs_document.asset_id and a.state = 'T02')",
  ),
  r('absShelf', 'abs_shelf', 'approve', 'SR0', [CORE_DIR], 'core_corp_id'),
  r('absShelf', 'abs_shelf', 'reject', 'SR0', [CORE_DIR], 'core_corp_id'),
  r('absPlan', 'abs_plan', 'returnPacket', 'PL1', [FIN_PRODUCT], 'manager_corp_id'),
  r(
    'absPlan',
    'abs_plan',
    'review',
    'PL1',
    [FIN_PRODUCT],
    'manager_corp_id',
    "exists (select 1 from abs_asset a where a.plan_id = abs_plan.id and a.state = 'T10')",
  ),
  r('absPlan', 'abs_plan', 'settle', 'PL2', [CORE_DIR], 'core_corp_id'),
];

interface Actor {
  label: string;
  corp: string;
  role: string;
  browser: Browser;
}

let s: ModelsTestServer;
const actors: Actor[] = [];

async function addOtherEnterprises(): Promise<Array<[string, string, string]>> {
  const hash = await hashPassword('Demo@2026');
  const users: Array<[string, string, string]> = [
    ['core2_operator', 'CORE002', CORE_OP],
    ['core2_director', 'CORE002', CORE_DIR],
    ['core2_purchase', 'CORE002', CORE_PUR],
    ['fin2_product', 'FIN002', FIN_PRODUCT],
  ];
  await s.db.query(
    `insert into corps (id, name, credit_code, corp_type) values
       ('CORE002', '华建集团第二工程局有限公司', '91110000MA00000011', 'CORE'),
       ('FIN002', '另一商业保理有限公司', '91110000MA00000022', 'FIN')`,
  );
  for (const [i, [username, corp, role]] of users.entries()) {
    const id = `AX${i}`;
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
  const extra = await addOtherEnterprises();
  const all: Array<[string, string, string]> = [
    ...users.rows.flatMap((u) =>
      u.roles.map((role): [string, string, string] => [u.username, u.corp_id, role]),
    ),
    ...extra,
  ];
  for (const [username, corp, role] of all) {
    actors.push({ label: `${username}/${role}`, corp, role, browser: await as(s.app, username, role) });
  }
}, 180_000);

afterAll(async () => {
  await s.close();
});

type Row = { id: string; version: number; party: string };

async function rows(rule: Rule): Promise<Row[]> {
  const res = await s.db.query<Row>(
    `select id, version, ${rule.party} as party from ${rule.table} where state = $1${rule.ready ? ` and ${rule.ready}` : ''} order by id`,
    [rule.from],
  );
  return res.rows;
}

describe('authorisation matrix: role × ABS/ABCP action × enterprise', () => {
  it('has seeded records for every action', async () => {
    for (const rule of RULES)
      expect((await rows(rule)).length, `${rule.model}.${rule.action}`).toBeGreaterThan(0);
  });

  for (const rule of RULES) {
    it(`${rule.model}.${rule.action}: only ${rule.roles.join('/')} of the party enterprise`, async () => {
      const pool = await rows(rule);
      const samples = [...new Map(pool.map((row) => [row.party, row])).values()];
      const allowedRuns: Actor[] = [];
      let refusals = 0;
      for (const sample of samples) {
        for (const actor of actors) {
          if (rule.roles.includes(actor.role) && sample.party === actor.corp) {
            allowedRuns.push(actor);
            continue;
          }
          const res = await act(actor.browser, rule.model, sample.id, rule.action, {
            version: sample.version,
            reason: '矩阵测试',
            signature: SIGN,
          });
          const code = body(res).code;
          expect(code, `${actor.label} must not ${rule.action} ${sample.id}`).not.toBe('0');
          if (actor.corp === 'SUP003') expect(code).toBe('SCF.CORP_CANCELLED');
          else {
            expect(res.statusCode, `${actor.label}: ${res.body}`).toBe(403);
            expect([
              'SCF.ACTION_ROLE_FORBIDDEN',
              'SCF.ACTION_PARTY_FORBIDDEN',
              'SCF.RECORD_FORBIDDEN',
            ]).toContain(code);
          }
          refusals++;
        }
      }
      const after = new Map((await rows(rule)).map((row) => [row.id, row.version]));
      for (const sample of samples) expect(after.get(sample.id)).toBe(sample.version);
      expect(refusals).toBeGreaterThan(0);

      // Each allowed user succeeds once on a fresh record of its enterprise.
      const used = new Set<string>();
      for (const actor of allowedRuns) {
        const record = (await rows(rule)).find((row) => row.party === actor.corp && !used.has(row.id));
        if (!record) continue;
        used.add(record.id);
        const res = await act(actor.browser, rule.model, record.id, rule.action, {
          version: record.version,
          reason: '矩阵测试',
          signature: SIGN,
        });
        expect(body(res).code, `${actor.label} may ${rule.action}: ${res.body}`).toBe('0');
      }
      expect(used.size, 'at least one allowed run').toBeGreaterThan(0);
    });
  }

  it('creates: only the creating post, and assets only into a plan of its own core', async () => {
    const plan = (await s.db.query<{ id: string }>("select id from abs_plan where state = 'PL1' limit 1"))
      .rows[0]!;
    const shelf = (await s.db.query<{ id: string }>("select id from abs_shelf where state = 'SR1' limit 1"))
      .rows[0]!;
    const bodies: Record<string, Record<string, unknown>> = {
      absAsset: {
        assetType: 'receivable',
        planId: plan.id,
        supplierCorpId: 'SUP001',
        debtorName: '矩阵项目公司',
        confirmNo: 'FQ-MATRIX',
        contractType: 'construction',
        amount: '1000.00',
        dueDate: '2027-03-01',
      },
      absShelf: { shelfName: '矩阵储架', managerCorpId: 'FIN001', totalAmount: '1000000.00', venue: 'SSE' },
      absPlan: {
        product: 'abs',
        planName: '矩阵专项计划',
        coreCorpId: 'CORE001',
        issueSize: '1000.00',
        setupDate: '2026-11-20',
        expectedDueDate: '2027-11-20',
        venue: 'SSE',
        shelfId: shelf.id,
      },
    };
    const allowed: Record<string, (a: Actor) => boolean> = {
      absAsset: (a) => a.role === CORE_OP && a.corp === 'CORE001',
      absShelf: (a) => a.role === CORE_OP && a.corp !== 'SUP003',
      absPlan: (a) => a.role === FIN_PRODUCT && a.corp === 'FIN001',
    };
    for (const [model, payload] of Object.entries(bodies)) {
      for (const actor of actors) {
        const code = body(await create(actor.browser, model, payload)).code;
        if (allowed[model]!(actor)) expect(code, `${actor.label} may create ${model}`).toBe('0');
        else expect(code, `${actor.label} must not create ${model}`).not.toBe('0');
      }
    }
  });
});
