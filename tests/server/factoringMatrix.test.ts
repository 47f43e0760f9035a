import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@server/auth/passwords';
import type { Browser } from './helpers';
import { act, as, body, modelsServer, SIGN, type ModelsTestServer } from './modelsHelpers';

/**
 * Authorisation matrix of every standard-factoring action: each demo role (and posts of a second core
 * group, a second factor and a second supplier, added here) × each action × records of its own and of
 * other enterprises. The table is written by hand from the lifecycle (DOMAIN.md: the creditor's operator
 * then director, the factor's client manager then product manager, the debtor's operator then director),
 * not read from the models: an action is allowed exactly when the role is listed and the user's
 * enterprise is the named party.
 */
const CORP_OP = ['ROLE_CORP_OPERATOR'];
const CORP_DIR = ['ROLE_CORP_DIRECTOR'];
const CORE_OP = 'ROLE_CORE_OPERATOR';
const CORE_DIR = 'ROLE_CORE_DIRECTOR';
const CORE_FINAL = 'ROLE_CORE_FINAL';
const CORE_PUR = 'ROLE_CORE_PURCHASE';
const FIN_CLIENT = 'ROLE_FIN_CLIENT_MANAGER';
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';

interface Rule {
  model: string;
  table: string;
  action: string;
  from: string;
  roles: string[];
  party: string;
  ready?: string;
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
const rec = (action: string, from: string, roles: string[]): Rule =>
  r('factoringReceivable', 'factoring_receivable', action, from, roles, 'creditor_corp_id');
const loan = (action: string, from: string, roles: string[], party: string): Rule =>
  r('factoringLoan', 'factoring_loan', action, from, roles, party);

const joint = (action: string, from: string, roles: string[], party: string): Rule =>
  r('factoringJointLoan', 'factoring_joint_loan', action, from, roles, party);

// In lifecycle order: each allowed run moves a record on to the next rule's state.
const RULES: Rule[] = [
  rec('submit', 'AR0', CORP_OP),
  rec('approve', 'AR1', CORP_DIR),
  rec('reject', 'AR1', CORP_DIR),
  loan('submit', 'FL0', CORP_OP, 'creditor_corp_id'),
  loan('approve', 'FL1', CORP_DIR, 'creditor_corp_id'),
  loan('reject', 'FL1', CORP_DIR, 'creditor_corp_id'),
  loan('review', 'FL2', [FIN_CLIENT], 'factor_corp_id'),
  loan('reviewReject', 'FL2', [FIN_CLIENT], 'factor_corp_id'),
  loan('factorApprove', 'FL3', [FIN_PRODUCT], 'factor_corp_id'),
  loan('factorReject', 'FL3', [FIN_PRODUCT], 'factor_corp_id'),
  loan('confirm', 'FL4', CORP_OP, 'creditor_corp_id'),
  loan('ownerConfirm', 'FL5', [CORE_OP], 'debtor_corp_id'),
  loan('sign', 'FL6', CORP_DIR, 'creditor_corp_id'),
  loan('ownerSign', 'FL7', [CORE_DIR], 'debtor_corp_id'),
  loan('lend', 'FL8', [FIN_CLIENT], 'factor_corp_id'),
  loan('repay', 'FL9', [FIN_CLIENT], 'factor_corp_id'),
  joint('submit', 'JL0', CORP_OP, 'creditor_corp_id'),
  joint('approve', 'JL1', CORP_DIR, 'creditor_corp_id'),
  joint('reject', 'JL1', CORP_DIR, 'creditor_corp_id'),
  joint('funderApprove', 'JL2', [FIN_PRODUCT], 'pending_funder_corp_ids'),
  joint('funderReject', 'JL2', [FIN_PRODUCT], 'pending_funder_corp_ids'),
  joint('lend', 'JL3', [FIN_CLIENT], 'lead_corp_id'),
  joint('repay', 'JL4', [FIN_CLIENT], 'lead_corp_id'),
];

interface Actor {
  label: string;
  corp: string;
  role: string;
  browser: Browser;
}

let s: ModelsTestServer;
const actors: Actor[] = [];

/** A second core group and a second factor with their own posts: "another enterprise" for core and finance roles. */
async function addOtherEnterprises(): Promise<Array<[string, string, string]>> {
  const hash = await hashPassword('Demo@2026');
  const users: Array<[string, string, string]> = [
    ['core2_operator', 'CORE002', CORE_OP],
    ['core2_director', 'CORE002', CORE_DIR],
    ['core2_final', 'CORE002', CORE_FINAL],
    ['core2_purchase', 'CORE002', CORE_PUR],
    ['fin2_client', 'FIN002', FIN_CLIENT],
    ['fin2_product', 'FIN002', FIN_PRODUCT],
    ['chain2_operator', 'SUP002', 'ROLE_CORP_OPERATOR'],
    ['chain2_director', 'SUP002', 'ROLE_CORP_DIRECTOR'],
  ];
  await s.db.query(
    `insert into corps (id, name, credit_code, corp_type) values
       ('CORE002', '华建集团第二工程局有限公司', '91110000MA00000011', 'CORE'),
       ('FIN002', '另一商业保理有限公司', '91110000MA00000022', 'FIN')`,
  );
  for (const [i, [username, corp, role]] of users.entries()) {
    const id = `MX${i}`;
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

type Row = { id: string; version: number; party: string | string[] };

const partyOf = (row: Row): string[] => (Array.isArray(row.party) ? row.party : [row.party]);

async function rows(rule: Rule): Promise<Row[]> {
  const r = await s.db.query<Row>(
    `select id, version, ${rule.party} as party from ${rule.table} where state = $1${rule.ready ? ` and ${rule.ready}` : ''} order by id`,
    [rule.from],
  );
  return r.rows;
}

describe('authorisation matrix: role × factoring action × enterprise', () => {
  it('has seeded records for every action', async () => {
    for (const rule of RULES)
      expect((await rows(rule)).length, `${rule.model}.${rule.action}`).toBeGreaterThan(0);
  });

  for (const rule of RULES) {
    it(`${rule.model}.${rule.action}: only ${rule.roles.join('/')} of the party enterprise`, async () => {
      const pool = await rows(rule);
      // One record per distinct party: refusals never change anything, so they all use it.
      const samples = [...new Map(pool.map((row) => [JSON.stringify(row.party), row])).values()];
      const allowedRuns: Array<{ actor: Actor; party: string }> = [];
      let refusals = 0;
      for (const sample of samples) {
        for (const actor of actors) {
          const allowed = rule.roles.includes(actor.role) && partyOf(sample).includes(actor.corp);
          if (allowed) {
            allowedRuns.push({ actor, party: JSON.stringify(sample.party) });
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
      // Nothing was touched by the refusals.
      const after = new Map((await rows(rule)).map((row) => [row.id, row.version]));
      for (const sample of samples) expect(after.get(sample.id)).toBe(sample.version);
      expect(refusals).toBeGreaterThan(0);

      // Each allowed (user, party) succeeds, each on a fresh record of that party.
      const used = new Set<string>();
      for (const run of allowedRuns) {
        const record = (await rows(rule)).find(
          (row) => JSON.stringify(row.party) === run.party && !used.has(row.id),
        );
        if (!record) continue; // the seed has fewer records of that party than allowed users; covered by others
        used.add(record.id);
        const res = await act(run.actor.browser, rule.model, record.id, rule.action, {
          version: record.version,
          reason: '矩阵测试',
          signature: SIGN,
        });
        expect(body(res).code, `${run.actor.label} may ${rule.action}: ${res.body}`).toBe('0');
      }
      expect(used.size, 'at least one allowed run').toBeGreaterThan(0);
    });
  }
});
