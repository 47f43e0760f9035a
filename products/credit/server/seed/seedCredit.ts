import { closeProduct, openProduct } from '@server/models/productOpenings';
import { EngineSeeder } from '@server/seed/engineSeeder';
import { SeedRandom } from '@server/seed/seedRandom';
import { seedLimitDistributions } from './limitDistributions';
import type { ModelEngine } from '@server/models/modelEngine';
import {
  cash,
  CORE,
  CreditWorld,
  documents,
  finance,
  issue,
  limit,
  replacedLimit,
  SUP,
  transfer,
  UNIT,
  voucher,
} from './creditRecords';

/**
 * The credit-voucher demo: issue applications, vouchers (a tree of transfers and financed parts),
 * transfers, finance applications, cash applications, finance documents and limits in every status the
 * models' transitions reach, across the core group, both suppliers, the project department and the
 * factor. Everything is made by the models engine as the demo users (server/seed/engineSeeder.ts), so
 * amounts, reservations and limits are what the effects computed.
 */
export async function seedCredit(engine: ModelEngine): Promise<void> {
  const db = engine.db;
  if ((await db.query('select 1 from credit_issue limit 1')).rows.length) return;
  const s = await EngineSeeder.open({ engine });
  const w = await CreditWorld.open(db, s, new SeedRandom());
  const { r } = w;
  // The second factor served the credit product until the first factor's limit replaced its own, then
  // closed it (only joint factoring stays open): a limit is granted under a product the grantor has opened.
  await openProduct(db, 'FIN003', 'credit');
  await replacedLimit(w, CORE, 'credit', '600000000.00');
  await closeProduct(db, 'FIN003', 'credit');
  await limit(w, CORE, 'credit', '800000000.00', 'LM1');
  await limit(w, SUP, 'credit', '60000000.00', 'LM1');
  await limit(w, UNIT, 'credit', '30000000.00', 'LM1');
  // A limit is granted only for a product its enterprise has opened (creditLimit.corpId `opened`).
  // These lines are not a product list: each is one seeded limit (tests/unit/contract/productManifests.test.ts).
  await limit(w, SUP, 'factoring-forward', '5000000.00', 'LM2');
  await limit(w, SUP, 'abs', '10000000.00', 'LM3');

  // Only states the models' transitions reach (CAN has no transition into it: nothing could produce it).
  for (const state of ['IS0', 'IS1', 'IS2', 'IS3', 'IS4', 'IS5', 'IS6', 'DIS']) {
    for (const supplier of [SUP, UNIT])
      for (let k = 0; k < 2; k++) await issue(w, supplier, state, r.int(1, 20), r.int(30, 300));
  }
  // Vouchers go only to suppliers that opened the product (creditIssue.supplierCorpId `opened`): the
  // second supplier has opened nothing, so these wait for supplier 1 instead.
  await issue(w, SUP, 'IS2', 3, 120);
  await issue(w, SUP, 'IS0', 1, 150);

  for (const holder of [SUP, UNIT]) {
    for (let k = 0; k < 3; k++) await voucher(w, holder, r.int(5, 60), r.int(60, 300));
    await voucher(w, holder, 150, w.pastDue(1 + r.int(0, 3))); // matured, waiting for its cash application
  }
  for (const state of ['TR0', 'TR1', 'TRD', 'TRX']) {
    await transfer(w, state, SUP, state !== 'TRD' ? [UNIT] : [UNIT, UNIT, UNIT], r.int(1, 15));
    await transfer(w, state, SUP, [UNIT, UNIT], r.int(1, 15));
    await transfer(w, state, UNIT, [SUP], r.int(1, 15));
    await transfer(w, state, UNIT, [SUP, SUP], r.int(1, 15));
  }
  const drafts = new Map<string, Record<string, unknown>>();
  for (const state of ['FI0', 'FI1', 'FI2', 'FI3', 'FI4', 'FI5', 'FID']) {
    for (const applicant of [SUP, UNIT]) {
      for (let k = 0; k < 2; k++) {
        const rec = await finance(w, state, applicant, r.int(1, 20));
        if (state === 'FI0') drafts.set(applicant, rec);
      }
    }
  }
  // RD9 (overdue) has no transition into it either: it waits for whatever marks applications overdue.
  for (const state of ['RD0', 'RD1', 'RDD'])
    for (const holder of [SUP, UNIT]) for (let k = 0; k < 2; k++) await cash(w, state, holder, r.int(3, 40));
  await documents(w, drafts);
  await seedLimitDistributions(engine);
}
