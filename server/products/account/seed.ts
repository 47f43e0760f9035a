import { EngineSeeder } from '../../seed/engineSeeder';
import type { ModelEngine } from '../../models/modelEngine';

const ACCOUNT = 'corpBankAccount';

/** Each enterprise's operator and director in the demo world, with a bank branch (联行号) of its account. */
const POSTS = [
  ['core_operator', 'core_director', '华建集团有限公司', '105100000017', '105'],
  ['chain_operator', 'chain_director', '链属供应商', '102290000001', '102'],
  ['unit_operator', 'unit_director', '项目部', '308584000013', '308'],
] as const;

/** The demo enterprises' legal person, registered address and contact (法定代表人, 注册地址, 联系人). */
const PROFILES = [
  ['core_operator', '张建国', '110105198001011238', '北京市朝阳区建国路88号', '李华', '13800000001'],
  ['chain_operator', '王志强', '310115198503124566', '上海市浦东新区世纪大道100号', '赵敏', '13800000002'],
  ['unit_operator', '陈立新', '440304199007207894', '深圳市福田区深南大道2000号', '周杰', '13800000003'],
] as const;

/**
 * The demo enterprises' master data beyond name and credit code, and bank accounts of the core group, a
 * supplier and a project department, made through the engine as their posts: per enterprise two proposals not yet submitted (待提交), two awaiting approval (待审核), two in
 * effect (已生效, the first of them the default) and one disabled (已停用).
 */
export async function seedAccount(engine: ModelEngine): Promise<void> {
  const db = engine.db;
  for (const [username, ...values] of PROFILES)
    await db.query(
      `update corps set legal_name = $2, legal_id_card = $3, registered_address = $4, contact_name = $5,
              contact_mobile = $6
        where id = (select corp_id from users where username = $1) and legal_name is null`,
      [username, ...values],
    );
  if ((await db.query('select 1 from corp_bank_account limit 1')).rows.length) return;
  const s = await EngineSeeder.open({ engine });
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
