import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@server/auth/passwords';
import type { Browser } from './helpers';
import { act, as, body, modelsServer, type ModelsTestServer } from './modelsHelpers';

/**
 * Authorisation matrix of the reverse and delivery factoring actions (issue 12): every demo role (plus a
 * second core group, supplier and factor added here) × each action × records of its own and of other
 * enterprises. The expected table is written by hand from DOMAIN.md's two-step pattern: an action is
 * allowed exactly when the session's role is listed and the user's enterprise is the named party.
 * Actions of one-time public links (roles []) are refused to every session.
 */
const CORE_OP = 'ROLE_CORE_OPERATOR';
const CORE_DIR = 'ROLE_CORE_DIRECTOR';
const CHAIN_DIRS = ['ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR'];
const FIN_CLIENT = 'ROLE_FIN_CLIENT_MANAGER';
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';
const LINK_ONLY: string[] = [];

interface Rule {
  model: string;
  table: string;
  action: string;
  from: string;
  roles: string[];
  /** Column holding the acting enterprise. */
  party: string;
}

const r = (
  model: string,
  table: string,
  action: string,
  from: string,
  roles: string[],
  party: string,
): Rule => ({
  model,
  table,
  action,
  from,
  roles,
  party,
});
const P = ['factoringReversePayable', 'factoring_reverse_payable'] as const;
const F = ['factoringReverseFinance', 'factoring_reverse_finance'] as const;
const W = ['factoringDeliveryWhite', 'factoring_delivery_white'] as const;
const SP = ['factoringDeliveryPlan', 'factoring_delivery_plan'] as const;
const CO = ['factoringDeliveryOrder', 'factoring_delivery_order'] as const;
const DF = ['factoringDeliveryFinance', 'factoring_delivery_finance'] as const;
const CHAIN_OPS = ['ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];

const RULES: Rule[] = [
  r(...P, 'submit', 'RP0', [CORE_OP], 'core_corp_id'),
  r(...P, 'return', 'RP1', [CORE_DIR], 'core_corp_id'),
  r(...P, 'confirm', 'RP1', [CORE_DIR], 'core_corp_id'),
  r(...P, 'sign', 'RP2', LINK_ONLY, 'supplier_corp_id'),
  r(...F, 'withdraw', 'RF0', CHAIN_DIRS, 'applicant_corp_id'),
  r(...F, 'submit', 'RF0', CHAIN_DIRS, 'applicant_corp_id'),
  r(...F, 'reject', 'RF1', [FIN_CLIENT], 'factor_corp_id'),
  r(...F, 'approve', 'RF1', [FIN_CLIENT], 'factor_corp_id'),
  r(...F, 'confirm', 'RF2', LINK_ONLY, 'core_corp_id'),
  r(...F, 'loan', 'RF3', [FIN_PRODUCT], 'factor_corp_id'),
  r(...W, 'reject', 'WL0', [FIN_CLIENT], 'factor_corp_id'),
  r(...W, 'approve', 'WL0', [FIN_CLIENT], 'factor_corp_id'),
  r(...SP, 'refuse', 'SP0', CHAIN_OPS, 'supplier_corp_id'),
  r(...SP, 'accept', 'SP0', CHAIN_OPS, 'supplier_corp_id'),
  r(...CO, 'refuse', 'CO0', ['ROLE_CORE_PURCHASE'], 'core_corp_id'),
  r(...CO, 'confirmReceipt', 'CO0', ['ROLE_CORE_PURCHASE'], 'core_corp_id'),
  r(...DF, 'withdraw', 'DF0', CHAIN_DIRS, 'applicant_corp_id'),
  r(...DF, 'submit', 'DF0', CHAIN_DIRS, 'applicant_corp_id'),
  r(...DF, 'reject', 'DF1', [FIN_CLIENT], 'factor_corp_id'),
  r(...DF, 'approve', 'DF1', [FIN_CLIENT], 'factor_corp_id'),
  r(...DF, 'loan', 'DF2', [FIN_PRODUCT], 'factor_corp_id'),
  // Last: removing supplier 1 from the white list must not disturb the actions above.
  r(...W, 'remove', 'WL1', [CORE_OP], 'core_corp_id'),
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
    ['core2_purchase', 'CORE002', 'ROLE_CORE_PURCHASE'],
    ['fin2_client', 'FIN002', FIN_CLIENT],
    ['fin2_product', 'FIN002', FIN_PRODUCT],
  ];
  await s.db.query(
    `insert into corps (id, name, credit_code, corp_type) values
       ('CORE002', '华建集团第二工程局有限公司', '91110000MA00000011', 'CORE'),
       ('FIN002', '另一商业保理有限公司', '91110000MA00000022', 'FIN')`,
  );
  for (const [i, [username, corp, role]] of users.entries()) {
    const id = `FX${i}`;
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
  for (const [username, corp, role] of [
    ...users.rows.flatMap((u) =>
      u.roles.map((role): [string, string, string] => [u.username, u.corp_id, role]),
    ),
    ...extra,
  ]) {
    actors.push({ label: `${username}/${role}`, corp, role, browser: await as(s.app, username, role) });
  }
}, 180_000);

afterAll(async () => {
  await s.close();
});

type Row = { id: string; version: number; party: string };

async function rows(rule: Rule): Promise<Row[]> {
  const res = await s.db.query<Row>(
    `select id, version, ${rule.party} as party from ${rule.table} where state = $1 order by id`,
    [rule.from],
  );
  return res.rows;
}

describe('authorisation matrix: role × factoring action × enterprise', () => {
  it('has seeded records for every action', async () => {
    for (const rule of RULES)
      expect((await rows(rule)).length, `${rule.model}.${rule.action}`).toBeGreaterThan(0);
  });

  for (const rule of RULES) {
    const who = rule.roles.length ? rule.roles.join('/') : 'no session (public link only)';
    it(`${rule.model}.${rule.action}: only ${who} of the party enterprise`, async () => {
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
          });
          const code = body(res).code;
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

      const used = new Set<string>();
      for (const actor of allowedRuns) {
        const record = (await rows(rule)).find((row) => row.party === actor.corp && !used.has(row.id));
        if (!record) continue;
        used.add(record.id);
        const res = await act(actor.browser, rule.model, record.id, rule.action, {
          version: record.version,
          reason: '矩阵测试',
        });
        expect(body(res).code, `${actor.label} may ${rule.action}: ${res.body}`).toBe('0');
      }
      if (rule.roles.length) expect(used.size, 'at least one allowed run').toBeGreaterThan(0);
      else expect(allowedRuns).toEqual([]);
    });
  }
});
