import { fileURLToPath } from 'node:url';
import { loadUser } from '../../auth/currentUser';
import type { Db } from '../../db/db';
import { ModelEngine, openModels, type Actor } from '../../models';
import type { EffectRegistry } from '../../models/effects';
import { spendLink, type LinkRow } from '../../publicLinks/links';
import { REVERSE_LINKS } from './links';

const SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas', import.meta.url));
const PAYABLE = 'factoringReversePayable';
const FINANCE = 'factoringReverseFinance';
/** Enterprises that use reverse factoring in the demo world. */
export const REVERSE_CORPS = ['CORE001', 'SUP001', 'UNIT001', 'FIN001'] as const;

type Json = Record<string, unknown>;

const day = (offset: number): string => {
  const d = new Date(Date.now() + 8 * 3600_000 + offset * 86400_000);
  return d.toISOString().slice(0, 10);
};

/**
 * The reverse factoring demo: the product opened for the core group, supplier 1, the project department
 * and the factor; payables and finance applications in every state, each made through the models engine
 * as the demo user of its step (links issued and spent like the public pages do).
 */
export async function seedFactoringReverse(db: Db, effects: EffectRegistry): Promise<void> {
  for (const corp of REVERSE_CORPS)
    await db.query(
      "insert into corp_products (corp_id, product) values ($1, 'factoring-reverse') on conflict do nothing",
      [corp],
    );
  const models = await openModels(db, SCHEMAS_DIR, effects);
  if ((await db.query('select 1 from factoring_reverse_payable limit 1')).rows.length) return;
  const engine = new ModelEngine({
    db,
    models,
    effects,
    now: () => new Date(),
    signatureVerifier: {
      verify() {
        throw new Error('the reverse factoring demo signs nothing with a UKEY');
      },
    },
  });
  const actors = new Map<string, Actor>();
  const as = async (username: string, role: string): Promise<Actor> => {
    const key = `${username}/${role}`;
    const known = actors.get(key);
    if (known) return known;
    const r = await db.query<{ id: string }>('select id from users where username = $1', [username]);
    const user = await loadUser(db, r.rows[0]!.id);
    const actor: Actor = { user: user!, role, sessionIdHash: '' };
    actors.set(key, actor);
    return actor;
  };
  const step = async (actor: Actor, model: string, rec: Json, action: string, reason?: string) =>
    engine.act(actor, model, String(rec.id), action, { version: rec.version, ...(reason ? { reason } : {}) });
  /** What the public page does: the latest link of the record, spent by a named person. */
  const byLink = async (kindName: string, rec: Json, corp: string, role: string, person: string) => {
    const kind = REVERSE_LINKS.find((k) => k.kind === kindName)!;
    const base = await as(corp === 'CORE001' ? 'core_operator' : 'chain_operator', role);
    const actor: Actor = {
      ...base,
      user: { ...base.user, id: 'link:seed', username: 'public-link', personName: person, roles: [role] },
    };
    return engine.act(
      actor,
      kind.model,
      String(rec.id),
      kind.action,
      { version: rec.version },
      {
        async guard(tx) {
          // The seed knows no token (only hashes are stored): it spends the record's link as the page would.
          const r = await tx.query<LinkRow>(
            'select * from public_links where record_id = $1 and kind = $2 order by created_at desc limit 1 for update',
            [rec.id, kind.kind],
          );
          await spendLink(tx, r.rows[0]!, person, new Date());
        },
      },
    );
  };

  const coreOp = await as('core_operator', 'ROLE_CORE_OPERATOR');
  const coreDir = await as('core_director', 'ROLE_CORE_DIRECTOR');
  const chainOp = await as('chain_operator', 'ROLE_CORP_OPERATOR');
  const chainDir = await as('chain_director', 'ROLE_CORP_DIRECTOR');
  const client = await as('fin_client_manager', 'ROLE_FIN_CLIENT_MANAGER');
  const product = await as('fin_product_manager', 'ROLE_FIN_PRODUCT_MANAGER');

  let n = 0;
  /** A payable to SUP001 carried to `state` (RP0..RP3). */
  const payable = async (state: string, amount: string): Promise<Json> => {
    n += 1;
    let rec = await engine.create(coreOp, PAYABLE, {
      supplierCorpId: 'SUP001',
      factorCorpId: 'FIN001',
      contractNo: `HJ-GC-2026-${String(100 + n)}`,
      invoiceNo: String(24000000 + n * 37),
      amount,
      dueDate: day(60 + n * 7),
      remark: '钢材采购货款',
    });
    if (state === 'RP0') return rec;
    rec = await step(coreOp, PAYABLE, rec, 'submit');
    if (state === 'RP1') return rec;
    rec = await step(coreDir, PAYABLE, rec, 'confirm');
    if (state === 'RP2') return rec;
    return byLink('accounts-payable-sign', rec, 'SUP001', 'ROLE_CORP_OPERATOR', '陈立新');
  };

  await payable('RP0', '1280000.00');
  await payable('RP0', '96500.00');
  const returned = await payable('RP1', '356000.50');
  await step(coreDir, PAYABLE, returned, 'return', '发票号码与合同不符，请核对');
  await payable('RP1', '980000.00');
  await payable('RP1', '1650000.00');
  await payable('RP1', '412000.00');
  await payable('RP2', '2450000.00');
  await payable('RP2', '675300.00');
  await payable('RP3', '1500000.00');
  await payable('RP3', '820000.00');

  /** A finance application on a fresh signed payable, carried to `state`. */
  const finance = async (state: string, amount: string, financeAmount: string): Promise<void> => {
    const p = await payable('RP3', amount);
    let rec = await engine.create(chainOp, FINANCE, {
      payableId: p.id,
      financeAmount,
      monthlyRate: '0.005',
      interestMode: n % 2 ? 'PRE' : 'POST',
      recourse: n % 3 ? 'WITH' : 'WITHOUT',
    });
    if (state === 'RF0') return;
    if (state === 'RFX') {
      await step(chainDir, FINANCE, rec, 'withdraw', '融资金额有误');
      return;
    }
    rec = await step(chainDir, FINANCE, rec, 'submit');
    if (state === 'RF1') return;
    rec = await step(client, FINANCE, rec, 'approve');
    if (state === 'RF2') return;
    rec = await byLink('accounts-payable-confirm', rec, 'CORE001', 'ROLE_CORE_OPERATOR', '张建国');
    if (state === 'RF3') return;
    await step(product, FINANCE, rec, 'loan');
  };
  const finances: Array<[string, string, string]> = [
    ['RF0', '900000.00', '800000.00'],
    ['RF0', '450000.00', '450000.00'],
    ['RF0', '1300000.00', '1100000.00'],
    ['RF1', '1200000.00', '1000000.00'],
    ['RF1', '560000.00', '500000.00'],
    ['RF1', '880000.00', '800000.00'],
    ['RF2', '600000.00', '540000.00'],
    ['RF2', '390000.00', '350000.00'],
    ['RF3', '750000.00', '700000.00'],
    ['RF3', '1020000.00', '1000000.00'],
    ['RFD', '2000000.00', '1800000.00'],
    ['RFD', '430000.00', '400000.00'],
    ['RFX', '310000.00', '300000.00'],
  ];
  for (const [state, amount, financeAmount] of finances) await finance(state, amount, financeAmount);
}
