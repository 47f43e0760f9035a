import { fileURLToPath } from 'node:url';
import { fromCents } from '@renderer/core/format';
import type { Db } from '../../../db/db';
import { openModels } from '../../../models';
import type { BizRecord } from '../../../models/types';
import { SeedBuilder } from '../../../seed/seedBuilder';
import type { EffectRegistry } from '../../../models/effects';
import { limitAvailable } from '../effects';
import { seedLimitDistributions } from './limitDistributions';
import {
  cash,
  CORE,
  documents,
  finance,
  issue,
  limit,
  LimitLedger,
  SUP,
  SUP2,
  transfer,
  UNIT,
  voucher,
  type World,
} from './creditRecords';

const SCHEMAS_DIR = fileURLToPath(new URL('../../../../schemas', import.meta.url));

/**
 * The credit-voucher demo: issue applications, vouchers (a tree of transfers and financed parts),
 * transfers, finance applications, cash applications, finance documents and limits in every status,
 * across the core group, both suppliers, the project department and the factor, with consistent
 * amounts (reservations, limits). Written with a few batch inserts.
 */
export async function seedCredit(db: Db, effects: EffectRegistry): Promise<void> {
  const models = await openModels(db, SCHEMAS_DIR, effects);
  if ((await db.query('select 1 from credit_issue limit 1')).rows.length) return;
  const w: World = { b: await SeedBuilder.create(db, models, new Date()), ledger: new LimitLedger() };
  const { b } = w;
  const limits = [
    limit(w, CORE, 'credit', '800000000.00', 'LM1'),
    limit(w, SUP, 'credit', '60000000.00', 'LM1'),
    limit(w, UNIT, 'credit', '30000000.00', 'LM1'),
  ];
  limit(w, SUP2, 'credit', '5000000.00', 'LM2');
  limit(w, SUP, 'abs', '10000000.00', 'LM3');

  // Only states the models' transitions reach (CAN has no transition into it: nothing could produce it).
  for (const state of ['IS0', 'IS1', 'IS2', 'IS3', 'IS4', 'IS5', 'IS6', 'DIS']) {
    for (const supplier of [SUP, UNIT])
      for (let k = 0; k < 2; k++) issue(w, supplier, state, b.int(1, 20), b.int(30, 300));
  }
  issue(w, SUP2, 'IS2', 3, 120);
  issue(w, SUP2, 'IS0', 1, 150);

  for (const holder of [SUP, UNIT]) {
    for (let k = 0; k < 3; k++) voucher(w, holder, b.int(5, 60), b.int(60, 300));
    voucher(w, holder, 150, -1 - b.int(0, 3)); // matured, waiting for its cash application
  }
  for (const state of ['TR0', 'TR1', 'TRD', 'TRX']) {
    transfer(w, state, SUP, state === 'TRD' ? [UNIT, UNIT, SUP2] : [UNIT], b.int(1, 15));
    transfer(w, state, SUP, [UNIT, UNIT], b.int(1, 15));
    transfer(w, state, UNIT, [SUP], b.int(1, 15));
    transfer(w, state, UNIT, [SUP, SUP2], b.int(1, 15));
  }
  const drafts = new Map<string, BizRecord>();
  for (const state of ['FI0', 'FI1', 'FI2', 'FI3', 'FI4', 'FI5', 'FID']) {
    for (const applicant of [SUP, UNIT]) {
      for (let k = 0; k < 2; k++) {
        const rec = finance(w, state, applicant, b.int(1, 20));
        if (state === 'FI0') drafts.set(applicant, rec);
      }
    }
  }
  // RD9 (overdue) has no transition into it either: it waits for whatever marks applications overdue.
  for (const state of ['RD0', 'RD1', 'RDD'])
    for (const holder of [SUP, UNIT]) for (let k = 0; k < 2; k++) cash(w, state, holder, b.int(3, 40));
  documents(w, drafts);

  for (const rec of limits) {
    const corp = String(rec.data.corpId);
    rec.data.used = fromCents(w.ledger.used.get(corp) ?? 0n);
    rec.data.frozen = fromCents(w.ledger.frozen.get(corp) ?? 0n);
    rec.data.available = limitAvailable(rec.data);
  }
  await b.flush(db);
  await seedLimitDistributions(db, models, effects);
}
