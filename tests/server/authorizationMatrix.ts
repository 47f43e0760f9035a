import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '@server/auth/passwords';
import type { Browser } from './helpers';
import { act, as, body, modelsServer, SIGN, type ModelsTestServer } from './modelsHelpers';

/**
 * The authorisation-matrix harness every product's `*Matrix.test.ts` uses: each demo user × each of its
 * roles (plus users of other enterprises a matrix adds) × each action of a hand-written rule table ×
 * records of its own and of other enterprises. An action is allowed exactly when the session's role is
 * listed and the user's enterprise is the record's named party; everyone else is refused with a coded 403
 * (a cancelled enterprise with SCF.CORP_CANCELLED) and the record is left untouched; every allowed user then
 * succeeds once on a fresh record of its party. Rules with no roles are actions of one-time public links:
 * refused to every session.
 */
export interface MatrixRule {
  model: string;
  table: string;
  action: string;
  /** State the action starts from. */
  from: string;
  roles: string[];
  /** Column holding the acting enterprise (text, or a JSON array of enterprise ids). */
  party: string;
  /** Extra SQL condition for records an allowed run can complete (e.g. a document with its file). */
  ready?: string;
}

export const rule = (
  model: string,
  table: string,
  action: string,
  from: string,
  roles: string[],
  party: string,
  ready?: string,
): MatrixRule => ({ model, table, action, from, roles, party, ...(ready ? { ready } : {}) });

/** An action of a one-time public link: no session may run it. */
export const LINK_ONLY: string[] = [];

export interface MatrixActor {
  label: string;
  username: string;
  corp: string;
  role: string;
  /** The products its enterprise has opened (server/models/productOpening.ts). */
  products: ReadonlySet<string>;
  browser: Browser;
}

/** A user a matrix adds in another enterprise: [user name, enterprise id, role]. */
export type ExtraUser = [string, string, string];

/**
 * Enterprises a matrix may add users in ("another enterprise" for core and finance roles), each with the
 * products of its demo twin opened (a create or transition needs its product opened,
 * server/models/productOpening.ts): they differ from the twin by the records they are party to only.
 */
const OTHER_CORPS: Record<string, [name: string, creditCode: string, type: string, twin: string]> = {
  CORE002: ['华建集团第二工程局有限公司', '91110000MA00000011', 'CORE', 'CORE001'],
  FIN002: ['另一商业保理有限公司', '91110000MA00000022', 'FIN', 'FIN001'],
};

/** Every post of a second core group and a second factor: "another enterprise" for core and finance roles. */
export const SECOND_CORE_AND_FACTOR: ExtraUser[] = [
  ['core2_operator', 'CORE002', 'ROLE_CORE_OPERATOR'],
  ['core2_director', 'CORE002', 'ROLE_CORE_DIRECTOR'],
  ['core2_final', 'CORE002', 'ROLE_CORE_FINAL'],
  ['core2_purchase', 'CORE002', 'ROLE_CORE_PURCHASE'],
  ['fin2_client', 'FIN002', 'ROLE_FIN_CLIENT_MANAGER'],
  ['fin2_product', 'FIN002', 'ROLE_FIN_PRODUCT_MANAGER'],
];

export interface MatrixWorld {
  s: ModelsTestServer;
  actors: MatrixActor[];
}

const FORBIDDEN = ['SCF.ACTION_ROLE_FORBIDDEN', 'SCF.ACTION_PARTY_FORBIDDEN', 'SCF.RECORD_FORBIDDEN'];

/** Starts a seeded server before the file's tests (adding `extra` users) and logs every actor in. */
export function matrixWorld(extra: ExtraUser[]): MatrixWorld {
  const world = { actors: [] as MatrixActor[] } as MatrixWorld;
  beforeAll(async () => {
    world.s = await modelsServer();
    const { db, app } = world.s;
    const demo = await db.query<{ username: string; corp_id: string; roles: string[] }>(
      `select u.username, u.corp_id, array(select role_code from user_roles r where r.user_id = u.id order by role_code) as roles
         from users u order by u.id`,
    );
    for (const corp of new Set(extra.map(([, c]) => c))) {
      const other = OTHER_CORPS[corp];
      if (!other) continue;
      const [name, creditCode, type, twin] = other;
      await db.query(
        'insert into corps (id, name, credit_code, corp_type) values ($1, $2, $3, $4) on conflict (id) do nothing',
        [corp, name, creditCode, type],
      );
      await db.query(
        `insert into corp_products (id, corp_id, product, state, visible_corps)
         select gen_random_uuid()::text, $1, product, state, array[$1::text] from corp_products where corp_id = $2
         on conflict do nothing`,
        [corp, twin],
      );
    }
    const hash = await hashPassword('Demo@2026');
    for (const [i, [username, corp, role]] of extra.entries()) {
      const id = `MX${i}`;
      await db.query(
        "insert into users (id, username, password_hash, person_name, mobile, corp_id) values ($1, $2, $3, '测试', '13900000000', $4)",
        [id, username, hash, corp],
      );
      await db.query('insert into user_roles (user_id, role_code) values ($1, $2)', [id, role]);
    }
    const all: ExtraUser[] = [
      ...demo.rows.flatMap((u) => u.roles.map((role): ExtraUser => [u.username, u.corp_id, role])),
      ...extra,
    ];
    const opened = await db.query<{ corp_id: string; product: string }>(
      "select corp_id, product from corp_products where state = 'OPENED'",
    );
    for (const [username, corp, role] of all)
      world.actors.push({
        label: `${username}/${role}`,
        username,
        corp,
        role,
        products: new Set(opened.rows.filter((p) => p.corp_id === corp).map((p) => p.product)),
        browser: await as(app, username, role),
      });
  }, 180_000);
  afterAll(async () => {
    await world.s?.close();
  });
  return world;
}

type Row = { id: string; version: number; party: string | string[] };

const partyOf = (row: Row): string[] => (Array.isArray(row.party) ? row.party : [row.party]);

/** Records a rule can act on, oldest id first. */
export async function matrixRows(world: MatrixWorld, r: MatrixRule): Promise<Row[]> {
  const res = await world.s.db.query<Row>(
    `select id, version, ${r.party} as party from ${r.table} where state = $1${r.ready ? ` and ${r.ready}` : ''} order by id`,
    [r.from],
  );
  return res.rows;
}

/**
 * Registers the matrix's tests in the current describe block. `signature` sends the demo signature with
 * every action (products whose actions are signed); without it the body carries version and reason only.
 */
export function actionMatrix(world: MatrixWorld, rules: MatrixRule[], options: { signature?: boolean } = {}) {
  const payload = (version: number) => ({
    version,
    reason: '矩阵测试',
    ...(options.signature === false ? {} : { signature: SIGN }),
  });

  it('has seeded records for every action', async () => {
    for (const r of rules)
      expect((await matrixRows(world, r)).length, `${r.model}.${r.action}`).toBeGreaterThan(0);
  });

  for (const r of rules) {
    const who = r.roles.length ? r.roles.join('/') : 'no session (public link only)';
    it(`${r.model}.${r.action}: only ${who} of the party enterprise`, async () => {
      // One record per distinct party: refusals never change anything, so they all use it.
      const pool = await matrixRows(world, r);
      const samples = [...new Map(pool.map((row) => [JSON.stringify(row.party), row])).values()];
      const allowedRuns: Array<{ actor: MatrixActor; party: string }> = [];
      let refusals = 0;
      for (const sample of samples) {
        for (const actor of world.actors) {
          if (r.roles.includes(actor.role) && partyOf(sample).includes(actor.corp)) {
            allowedRuns.push({ actor, party: JSON.stringify(sample.party) });
            continue;
          }
          const res = await act(actor.browser, r.model, sample.id, r.action, payload(sample.version));
          const code = body(res).code;
          expect(code, `${actor.label} must not ${r.action} ${sample.id}`).not.toBe('0');
          if (actor.corp === 'SUP003') expect(code).toBe('SCF.CORP_CANCELLED');
          else {
            expect(res.statusCode, `${actor.label}: ${res.body}`).toBe(403);
            expect(FORBIDDEN).toContain(code);
          }
          refusals++;
        }
      }
      // Nothing was touched by the refusals.
      const after = new Map((await matrixRows(world, r)).map((row) => [row.id, row.version]));
      for (const sample of samples) expect(after.get(sample.id)).toBe(sample.version);
      expect(refusals).toBeGreaterThan(0);

      // Each allowed (user, party) succeeds, each on a fresh record of that party.
      const used = new Set<string>();
      for (const run of allowedRuns) {
        const record = (await matrixRows(world, r)).find(
          (row) => JSON.stringify(row.party) === run.party && !used.has(row.id),
        );
        if (!record) continue; // the seed has fewer records of that party than allowed users; covered by others
        used.add(record.id);
        const res = await act(run.actor.browser, r.model, record.id, r.action, payload(record.version));
        expect(body(res).code, `${run.actor.label} may ${r.action}: ${res.body}`).toBe('0');
      }
      if (r.roles.length) expect(used.size, 'at least one allowed run').toBeGreaterThan(0);
      else expect(allowedRuns).toEqual([]);
    });
  }
}
