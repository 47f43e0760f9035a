import { addDays } from '../../models';
import { EngineSeeder } from '../../seed/engineSeeder';
import { CORPS } from '../../seed/demo';
import { BILL, EACCOUNT, INVOICE, TX } from './effects';
import type { ModelEngine } from '../../models/modelEngine';

type Json = Record<string, unknown>;
const id = (rec: Json): string => String(rec.id);

/** The enterprises of the demo and their profiles; the unit has no electronic account yet (it opens one in the e2e). */
const ENTERPRISES = [
  {
    corp: 'CORE001',
    op: 'core_operator',
    dir: 'core_director',
    contact: ['周建平', '13800010001', 'zhoujp@huajian-1.com', '财务部', '资金主管'],
    address: '北京市丰台区南四环西路188号华建大厦',
    phone: '010-63880001',
    bank: ['中国建设银行北京丰台支行', '11050162360000000101', '105100000101'],
    account: true,
  },
  {
    corp: 'SUP001',
    op: 'chain_operator',
    dir: 'chain_director',
    contact: ['李明', '13800020002', 'liming@hjjc.com', '财务部', '会计'],
    address: '北京市大兴区经济开发区金苑路26号',
    phone: '010-69250002',
    bank: ['中国建设银行北京大兴支行', '11050163370000000202', '105100000202'],
    account: true,
  },
  {
    corp: 'UNIT001',
    op: 'unit_operator',
    dir: 'unit_director',
    contact: ['赵磊', '13800030003', 'zhaolei@huajian-1.com', '项目财务', '出纳'],
    address: '四川省成都市高新区天府大道中段666号',
    phone: '028-85120003',
    bank: ['中国建设银行成都高新支行', '51050142610000000303', '105651000303'],
    account: false,
  },
] as const;

/** Transactions of each active account: [direction, amount, counterparty, ask the bank?]. */
const TRANSACTIONS: ReadonlyArray<[string, string, string, boolean]> = [
  ['in', '5000000.00', '华建集团财务结算中心', true],
  ['in', '1234567.89', '中国建设银行北京分行营业部', true],
  ['out', '300000.50', '恒通钢构有限公司', true],
  ['out', '99999999.99', '远达劳务有限公司', true],
  ['in', '88000.00', '建信商业保理有限公司', false],
];

/**
 * The account centre's finance demo, written through the engine as the demo users: profiles (dock,
 * invoice, express info) of the core group, supplier 1 and the project department; electronic accounts
 * of the first two with transactions in every result (成功, 失败 — a 转出 above the balance —, 未明);
 * bills from the factor, some paid (receipts, invoices, points), one invoice issued and one red-flushed.
 */
export async function seedAccountFinance(engine: ModelEngine): Promise<void> {
  const db = engine.db;
  if ((await db.query('select 1 from account_invoice_info limit 1')).rows.length) return;
  const s = await EngineSeeder.open({ engine });
  const fin = s.as('fin_client_manager');

  for (const [k, e] of ENTERPRISES.entries()) {
    const corp = CORPS.find((c) => c.id === e.corp)!;
    const op = s.as(e.op);
    const [name, mobile, email, department, position] = e.contact;
    const [bankName, bankAccountNo, bankCode] = e.bank;
    s.daysAgo(60 - k);
    await op.create('accountDockInfo', {
      contactName: name,
      contactMobile: mobile,
      contactEmail: email,
      department,
      position,
      officeAddress: e.address,
    });
    await op.create('accountInvoiceInfo', {
      invoiceTitle: corp.name,
      taxNo: corp.code,
      invoiceType: k === 2 ? 'normal' : 'special',
      registerAddress: e.address,
      registerPhone: e.phone,
      bankName,
      bankAccountNo,
      receiveEmail: email,
    });
    await op.create('accountExpressInfo', {
      receiverName: name,
      receiverMobile: mobile,
      address: e.address,
      zipCode: '100071',
    });

    // Bills from the factor: two past periods and the current one.
    s.daysAgo(40 - k);
    const bills: Json[] = [];
    for (const [i, [billType, amount]] of (
      [
        ['serviceFee', '12000.00'],
        ['interest', '45678.91'],
        ['handlingFee', '800.00'],
      ] as const
    ).entries()) {
      bills.push(
        await fin.create(BILL, {
          debtorCorpId: e.corp,
          billType,
          period: addDays(s.today, -30 * (2 - i)).slice(0, 7),
          amount,
          dueDate: addDays(s.today, i === 0 ? 5 : 30 + i),
          remark: '演示账单',
        }),
      );
    }
    if (!e.account) continue;

    const dir = s.as(e.dir);
    s.daysAgo(35 - k);
    const account = await op.create(EACCOUNT, {
      bindAccountName: corp.name,
      bindAccountNo: bankAccountNo,
      bindBankName: bankName,
      bindBankCode: bankCode,
      mobile,
    });
    s.later(90);
    await dir.act(EACCOUNT, id(account), 'activate');
    for (const [i, [direction, amount, counterpartyName, ask]] of TRANSACTIONS.entries()) {
      s.daysAgo(30 - k - i * 3);
      const tx = await op.create(TX, {
        direction,
        amount,
        counterpartyName,
        counterpartyAccountNo: `6217000010${String(1000 + i * 17 + k)}888`,
        counterpartyBank: '中国建设银行',
        purpose: direction === 'in' ? '货款回笼' : '支付材料款',
      });
      if (ask) await op.act(TX, id(tx), 'confirm');
    }
    // The first bill paid late, the second on time; the third waits.
    s.daysAgo(10 - k);
    await op.act(BILL, id(bills[0]!), 'pay');
    await op.act(BILL, id(bills[1]!), 'pay');
  }

  // The factor issues the invoices of the supplier, then red-flushes one (wrong period on it).
  s.daysAgo(5);
  const invoices = (await s.engine.list(fin.actor, INVOICE, { size: '100' })) as unknown as { list: Json[] };
  const supplier = invoices.list.filter((v) => v.buyerCorpId === 'SUP001');
  for (const v of supplier) await fin.act(INVOICE, id(v), 'issue');
  s.daysAgo(3);
  if (supplier[0]) await fin.act(INVOICE, id(supplier[0]), 'redFlush', { reason: '账期填写有误，重新开具' });
  const core = invoices.list.find((v) => v.buyerCorpId === 'CORE001');
  if (core) await fin.act(INVOICE, id(core), 'issue');
}
