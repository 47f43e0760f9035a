import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/db';
import { openModels } from '../../models';
import type { EffectRegistry } from '../../models/effects';
import { EngineSeeder } from '../../seed/engineSeeder';

const SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas', import.meta.url));
const ACCOUNT = 'corpBankAccount';

/** Each enterprise's operator and director in the demo world, with a bank branch (联行号) of its account. */
const POSTS = [
  ['core_operator', 'core_director', '华建集团有限公司', '105100000017', '105'],
  ['chain_operator', 'chain_director', '链属供应商', '102290000001', '102'],
  ['unit_operator', 'unit_director', '项目部', '308584000013', '308'],
] as const;

/**
 * Bank accounts of the core group, a supplier and a project department, made through the engine as their
 * posts: per enterprise two proposals not yet submitted (待提交), two awaiting approval (待审核), two in
 * effect (已生效, the first of them the default) and one disabled (已停用).
 */
export async function seedAccount(db: Db, effects: EffectRegistry): Promise<void> {
  if ((await db.query('select 1 from corp_bank_account limit 1')).rows.length) return;
  const s = await EngineSeeder.open({ db, models: await openModels(db, SCHEMAS_DIR, effects), effects });
  s.daysAgo(30);
  let n = 0;
  for (const [operator, director, name, branchCode, bankCode] of POSTS) {
    const op = s.as(operator);
    const dir = s.as(director);
    const propose = () =>
      op.create(ACCOUNT, {
        accountName: `${name}${++n}号账户`,
        accountNo: `6227${String(10_000_000 + n * 7919).padStart(12, '0')}`,
        bankCode,
        branchCode,
      });
    for (let i = 0; i < 2; i++) await propose();
    for (let i = 0; i < 2; i++) await op.act(ACCOUNT, String((await propose()).id), 'submit');
    for (let i = 0; i < 3; i++) {
      const id = String((await propose()).id);
      await op.act(ACCOUNT, id, 'submit');
      await dir.act(ACCOUNT, id, 'approve');
      if (i === 0) await dir.act(ACCOUNT, id, 'setDefault');
      if (i === 2) await dir.act(ACCOUNT, id, 'disable', { reason: '账户已销户' });
    }
  }
}
