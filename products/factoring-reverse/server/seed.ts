import { openProduct } from '@server/models/productOpenings';
import { linkActor, spendLink, type LinkRow } from '@server/publicLinks/links';
import { EngineSeeder } from '@server/seed/engineSeeder';
import { REVERSE_LINKS } from './links';
import type { ModelEngine } from '@server/models/modelEngine';

const PAYABLE = 'factoringReversePayable';
const FINANCE = 'factoringReverseFinance';
const DOCUMENT = 'factoringReverseDocument';
/** Enterprises that use reverse factoring in the demo world. */
export const REVERSE_CORPS = ['CORE001', 'SUP001', 'UNIT001', 'FIN001'] as const;

type Json = Record<string, unknown>;

/** The finance steps in order: action and the demo user who runs it (null: the core through its link). */
const FINANCE_STEPS: Array<[string, string | null]> = [
  ['submit', 'chain_director'],
  ['approve', 'fin_client_manager'],
  ['confirm', null],
  ['loan', 'fin_product_manager'],
  ['repay', 'fin_client_manager'],
];
const FINANCE_STATES = ['RF0', 'RF1', 'RF2', 'RF3', 'RFD', 'RFR'];

/**
 * The reverse factoring demo: the product opened for the core group, supplier 1, the project department
 * and the factor; payables (each with its 确权函) and finance applications in every state, each made through the EngineSeeder
 * as the demo user of its step on the seeder's clock (signed steps with the seed signature), the public
 * link steps by a visitor of the link the record's SMS carried, spending it as the public page does.
 */
export async function seedFactoringReverse(engine: ModelEngine): Promise<void> {
  const db = engine.db;
  for (const corp of REVERSE_CORPS) await openProduct(db, corp, 'factoring-reverse');
  if ((await db.query('select 1 from factoring_reverse_payable limit 1')).rows.length) return;
  const s = await EngineSeeder.open({ engine });

  /** What the public page does: the record's newest link of `kindName`, spent by `person`. */
  const byLink = async (kindName: string, rec: Json, person: string): Promise<Json> => {
    const kind = REVERSE_LINKS.find((k) => k.kind === kindName)!;
    const r = await db.query<LinkRow>(
      'select * from public_links where record_id = $1 and kind = $2 order by created_at desc limit 1',
      [rec.id, kind.kind],
    );
    const link = r.rows[0]!;
    const roles = s.engine.model(kind.model).transitions.get(kind.action)!.roles;
    const visitor = await linkActor(db, link, roles, person);
    return s.asUser(visitor.user, visitor.role).act(kind.model, String(rec.id), kind.action, {
      link: {
        async guard(tx) {
          // The seed knows no token (only hashes are stored): it spends the record's link as the page would.
          const locked = await tx.query<LinkRow>(
            'select * from public_links where token_hash = $1 for update',
            [link.token_hash],
          );
          await spendLink(tx, locked.rows[0]!, person, s.now);
        },
      },
    });
  };

  let n = 0;
  /**
   * A payable to SUP001 carried to `state` (RP0..RP3), registered `days` days ago; one waiting for its
   * signature (RP2) yesterday, so that its link (72 hours) is still open.
   */
  const payable = async (state: string, amount: string, days = 30 - n): Promise<Json> => {
    n += 1;
    s.daysAgo(state === 'RP2' ? 1 : Math.max(days, 1));
    let rec = await s.as('core_operator').create(PAYABLE, {
      supplierCorpId: 'SUP001',
      factorCorpId: 'FIN001',
      contractNo: `HJ-GC-2026-${String(100 + n)}`,
      invoiceNo: String(24000000 + n * 37),
      amount,
      dueDate: s.day(60 + n * 7),
      remark: '钢材采购货款',
    });
    // Its 确权函, filed by the operator as the upload page does (demo PDF).
    const letter = await s
      .as('core_operator')
      .create(DOCUMENT, { payableId: rec.id, category: 'confirmation' });
    await s
      .as('core_operator')
      .attach(DOCUMENT, String(letter.id), 'confirmation', `确权函-${String(rec.payableNo)}.pdf`);
    if (state === 'RP0') return rec;
    rec = await s.as('core_operator').act(PAYABLE, String(rec.id), 'submit');
    if (state === 'RP1') return rec;
    rec = await s.as('core_director').act(PAYABLE, String(rec.id), 'confirm');
    if (state === 'RP2') return rec;
    return byLink('accounts-payable-sign', rec, '陈立新');
  };

  await payable('RP0', '1280000.00');
  await payable('RP0', '96500.00');
  const returned = await payable('RP1', '356000.50');
  await s.as('core_director').act(PAYABLE, String(returned.id), 'return', {
    reason: '发票号码与合同不符，请核对',
  });
  await payable('RP1', '980000.00');
  await payable('RP1', '1650000.00');
  await payable('RP1', '412000.00');
  await payable('RP2', '2450000.00');
  await payable('RP2', '675300.00');
  await payable('RP3', '1500000.00');
  await payable('RP3', '820000.00');

  /** A finance application on a fresh signed payable, carried to `state`. */
  const finance = async (state: string, amount: string, financeAmount: string): Promise<void> => {
    // One waiting for the core's confirmation (RF2) is made yesterday: its link is still open.
    const p = await payable('RP3', amount, state === 'RF2' ? 1 : 45 - n);
    let rec = await s.as('chain_operator').create(FINANCE, {
      payableId: p.id,
      financeAmount,
      monthlyRate: '0.005',
      interestMode: n % 2 ? 'PRE' : 'POST',
      recourse: n % 3 ? 'WITH' : 'WITHOUT',
    });
    if (state === 'RFX') {
      await s.as('chain_director').act(FINANCE, String(rec.id), 'withdraw', { reason: '融资金额有误' });
      return;
    }
    for (const [action, user] of FINANCE_STEPS.slice(0, FINANCE_STATES.indexOf(state))) {
      s.later(90);
      rec = user
        ? await s.as(user).act(FINANCE, String(rec.id), action)
        : await byLink('accounts-payable-confirm', rec, '张建国');
    }
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
    ['RFR', '680000.00', '600000.00'],
    ['RFX', '310000.00', '300000.00'],
  ];
  for (const [state, amount, financeAmount] of finances) await finance(state, amount, financeAmount);
}
