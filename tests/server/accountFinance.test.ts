import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, subMoney } from '@renderer/core/format';
import { pdfText, type Browser } from './helpers';
import {
  as,
  body,
  count,
  create,
  getRecord,
  type Json,
  list,
  modelsServer,
  SIGN,
  step,
  type ModelsTestServer,
} from './modelsHelpers';

/**
 * The account centre's finance part: enterprise profiles, the electronic account with its
 * transactions, receipts, bills, invoices and points — each enterprise sees only its own rows, bad input
 * is refused with a code and writes nothing, amounts move exactly.
 */
let s: ModelsTestServer;
const users: Record<string, Browser> = {};
const who = (name: string): Browser => users[name]!;

beforeAll(async () => {
  s = await modelsServer();
  for (const name of [
    'core_query',
    'chain_query',
    'chain_operator',
    'unit_operator',
    'unit_director',
    'unit_query',
    'fin_client_manager',
  ])
    users[name] = await as(s.app, name);
}, 120_000);
afterAll(async () => {
  await s.close();
});

/** Each model with the field(s) holding the enterprises that may see a record. */
const OWNED: Array<[model: string, fields: string[]]> = [
  ['accountDockInfo', ['corpId']],
  ['accountInvoiceInfo', ['corpId']],
  ['accountExpressInfo', ['corpId']],
  ['accountEAccount', ['corpId']],
  ['accountTx', ['corpId']],
  ['accountReceipt', ['corpId']],
  ['accountScore', ['corpId']],
  ['accountBill', ['issuerCorpId', 'debtorCorpId']],
  ['accountInvoice', ['sellerCorpId', 'buyerCorpId']],
];

async function all(b: Browser, model: string, query: Record<string, string> = {}): Promise<Json[]> {
  return (await list(b, model, { size: '100', ...query })).list;
}

describe('visibility', () => {
  it('shows each enterprise only its own rows, and refuses another enterprise’s record', async () => {
    for (const [model, fields] of OWNED) {
      const core = await all(who('core_query'), model);
      const chain = await all(who('chain_query'), model);
      expect(core.length, `${model} seeded for the core group`).toBeGreaterThan(0);
      expect(chain.length, `${model} seeded for supplier 1`).toBeGreaterThan(0);
      for (const r of core)
        expect(
          fields.map((f) => r[f]),
          model,
        ).toContain('CORE001');
      for (const r of chain)
        expect(
          fields.map((f) => r[f]),
          model,
        ).toContain('SUP001');
      const res = await getRecord(who('core_query'), model, chain[0].id);
      expect(res.statusCode, model).toBe(403);
      expect(body(res).code).toBe('SCF.RECORD_FORBIDDEN');
    }
  });

  it('filters transactions on the server: direction, result, amount and date', async () => {
    const failedOut = await list(who('chain_query'), 'accountTx', { direction: 'out', status: 'TX2' });
    expect(failedOut.pagecond.count).toBe(1);
    expect(failedOut.list[0]).toMatchObject({ amount: '99999999.99', failReason: '账户余额不足' });
    const big = await all(who('chain_query'), 'accountTx', { amountMin: '1000000.00' });
    expect(big.map((t) => t.amount).sort()).toEqual(['1234567.89', '5000000.00', '99999999.99']);
    const pending = await all(who('chain_query'), 'accountTx', { status: 'TX0' });
    expect(pending.map((t) => t.amount)).toEqual(['88000.00']);
    const bad = await who('chain_query').call('GET', '/biz/v1/models/accountTx/records', {
      query: { amountMin: '12abc' },
    });
    expect(body(bad).code).toBe('SCF.QUERY_INVALID');
  });

  it('keeps every seeded balance equal to its successful transactions', async () => {
    for (const name of ['core_query', 'chain_query']) {
      const [account] = await all(who(name), 'accountEAccount', { status: 'EA1' });
      const done = await all(who(name), 'accountTx', { status: 'TX1' });
      let expected = '0.00';
      for (const t of done)
        expected = t.direction === 'in' ? addMoney(expected, t.amount) : subMoney(expected, t.amount);
      expect(account.balance, name).toBe(expected);
      // One receipt per successful transaction.
      expect((await all(who(name), 'accountReceipt')).length).toBe(done.length);
    }
  });
});

describe('profiles', () => {
  it('refuses a second profile, a bad 税号 and phone with their messages, and saves a good edit', async () => {
    const op = who('unit_operator');
    const before = await count(s, 'account_invoice_info');
    const again = await create(op, 'accountInvoiceInfo', {
      invoiceTitle: '华建一局第三项目部',
      taxNo: '92510100MA6DF7Q307',
      invoiceType: 'normal',
      registerAddress: '四川省成都市高新区',
      registerPhone: '028-85120003',
      bankName: '中国建设银行',
      bankAccountNo: '51050142610000000303',
    });
    expect(body(again)).toMatchObject({
      code: 'SCF.ACCOUNT_PROFILE_EXISTS',
      message: '本企业已填写开票信息，请在列表中修改',
    });
    expect(await count(s, 'account_invoice_info')).toBe(before);

    const [info] = await all(op, 'accountInvoiceInfo');
    const put = (data: Json) =>
      op.call('PUT', `/biz/v1/models/accountInvoiceInfo/records/${info.id}`, {
        body: { ...data, version: info.version },
      });
    const badTax = body(await put({ taxNo: '92510100MA6DF7Q308' }));
    expect(badTax.code).toBe('SCF.RECORD_INVALID');
    expect(badTax.message).toBe('税号：请输入正确的税号（18位统一社会信用代码，或15位、20位旧税号）');
    const badPhone = body(await put({ registerPhone: '12345' }));
    expect(badPhone.message).toBe('注册电话：请输入正确的电话号码（固定电话如010-12345678，或11位手机号码）');
    const short = body(await put({ registerAddress: '成都' }));
    expect(short.message).toBe('注册地址不能少于5个字符');
    expect((await all(op, 'accountInvoiceInfo'))[0].version).toBe(info.version);

    const ok = body(await put({ taxNo: '110108801234567', registerPhone: '13900001111' }));
    expect(ok.code).toBe('0');
    expect(ok.data).toMatchObject({ taxNo: '110108801234567', registerPhone: '13900001111' });
    // Query posts and other enterprises cannot write it.
    const refused = await who('unit_query').call(
      'PUT',
      `/biz/v1/models/accountInvoiceInfo/records/${info.id}`,
      { body: { bankName: '某银行', version: ok.data.version } },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('electronic account', () => {
  it('opens, activates with the UKEY, transacts exactly, pays a bill and closes', async () => {
    const op = who('unit_operator');
    const director = who('unit_director');
    const bill = (await all(op, 'accountBill', { status: 'BL0', billType: 'serviceFee' }))[0];
    const early = await op.call('POST', `/biz/v1/models/accountBill/records/${bill.id}/actions/pay`, {
      body: { version: bill.version },
    });
    expect(body(early).code).toBe('SCF.EACCOUNT_NOT_ACTIVE');

    const opened = body(
      await create(op, 'accountEAccount', {
        bindAccountName: '华建一局第三项目部',
        bindAccountNo: '51050142610000000303',
        bindBankName: '中国建设银行成都高新支行',
        bindBankCode: '105651000303',
        mobile: '13800030003',
      }),
    );
    expect(opened.code).toBe('0');
    expect(opened.data).toMatchObject({ status: 'EA0', balance: '0.00', corpId: 'UNIT001' });
    expect(opened.data.accountNo).toMatch(/^EA\d{14}$/);
    const twice = await create(op, 'accountEAccount', {
      bindAccountName: '华建一局第三项目部',
      bindAccountNo: '51050142610000000303',
      bindBankName: '中国建设银行成都高新支行',
      bindBankCode: '105651000303',
      mobile: '13800030003',
    });
    expect(body(twice).code).toBe('SCF.EACCOUNT_EXISTS');
    // A transaction needs an active account.
    const tooSoon = await create(op, 'accountTx', { direction: 'in', amount: '1.00', counterpartyName: 'x' });
    expect(body(tooSoon).code).toBe('SCF.EACCOUNT_NOT_ACTIVE');

    const unsigned = await director.call(
      'POST',
      `/biz/v1/models/accountEAccount/records/${opened.data.id}/actions/activate`,
      { body: { version: opened.data.version } },
    );
    expect(body(unsigned).code).toBe('SCF.SIGNATURE_REQUIRED');
    const active = await step(director, 'accountEAccount', opened.data.id, 'activate', { signature: SIGN });
    expect(active).toMatchObject({ status: 'EA1', openDate: '2026-11-20' });
    const points = await all(op, 'accountScore');
    expect(points.map((p) => [p.kind, p.points, p.balanceAfter])).toEqual([['open', 100, 100]]);

    const tx = async (direction: string, amount: string) => {
      const res = body(
        await create(op, 'accountTx', {
          direction,
          amount,
          counterpartyName: '华建集团财务结算中心',
          counterpartyAccountNo: '11050162360000000101',
        }),
      );
      expect(res.code, JSON.stringify(res)).toBe('0');
      expect(res.data.status).toBe('TX0');
      return step(op, 'accountTx', res.data.id, 'confirm');
    };
    expect(await tx('in', '12345678901234.56')).toMatchObject({
      status: 'TX1',
      balanceAfter: '12345678901234.56',
    });
    expect(await tx('out', '12345678901234.57')).toMatchObject({ status: 'TX2', failReason: '账户余额不足' });
    expect(await tx('out', '12345678889234.55')).toMatchObject({ status: 'TX1', balanceAfter: '12000.01' });
    const receipts = await all(op, 'accountReceipt');
    expect(receipts.map((r) => r.amount).sort()).toEqual(['12345678889234.55', '12345678901234.56']);

    // The bill of 12,000.00 is paid from the account: balance, receipt, invoice and points follow.
    expect(bill.amount).toBe('12000.00');
    const paid = await step(op, 'accountBill', bill.id, 'pay');
    expect(paid).toMatchObject({ status: 'BL1', paidDate: '2026-11-20' });
    const [account] = await all(op, 'accountEAccount', { status: 'EA1' });
    expect(account.balance).toBe('0.01');
    const invoices = await all(op, 'accountInvoice', { billNo: bill.billNo });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'IV0', amount: '12000.00', taxNo: '110108801234567' });
    // No money left for the next bill: refused with the amounts, nothing written.
    const next = (await all(op, 'accountBill', { status: 'BL0' }))[0];
    const txs = await count(s, 'account_tx');
    const poor = await op.call('POST', `/biz/v1/models/accountBill/records/${next.id}/actions/pay`, {
      body: { version: next.version },
    });
    expect(body(poor).message).toMatch(/^电子账户余额不足：可用余额0\.01元，需支付[\d,]+\.\d\d元$/);
    expect(await count(s, 'account_tx')).toBe(txs);

    // Closing: a pending transaction, then a balance, stand in the way.
    const pending = body(
      await create(op, 'accountTx', { direction: 'in', amount: '5.00', counterpartyName: '某公司' }),
    );
    const close = (version: number) =>
      director.call('POST', `/biz/v1/models/accountEAccount/records/${account.id}/actions/close`, {
        body: { version, reason: '不再使用' },
      });
    expect(body(await close(account.version)).code).toBe('SCF.EACCOUNT_BALANCE_NOT_ZERO');
    await tx('out', '0.01');
    const emptied = (await all(op, 'accountEAccount', { status: 'EA1' }))[0];
    expect(emptied.balance).toBe('0.00');
    expect(body(await close(emptied.version)).code).toBe('SCF.EACCOUNT_TX_PENDING');
    await step(op, 'accountTx', pending.data.id, 'confirm');
    // The pending 转入 of 5.00 succeeded: empty it again, then close.
    await tx('out', '5.00');
    const last = (await all(op, 'accountEAccount', { status: 'EA1' }))[0];
    const closed = body(await close(last.version));
    expect(closed.code).toBe('0');
    expect(closed.data).toMatchObject({ status: 'EA2', closeReason: '不再使用', closeDate: '2026-11-20' });
  });
});

describe('documents', () => {
  it('serves receipts and issued invoices as PDF to their enterprises only', async () => {
    const [receipt] = await all(who('chain_query'), 'accountReceipt');
    const own = await who('chain_query').call(
      'GET',
      `/biz/v1/account-finance/documents/receipt/${receipt.id}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const other = await who('core_query').call(
      'GET',
      `/biz/v1/account-finance/documents/receipt/${receipt.id}`,
    );
    expect(other.statusCode).toBe(403);
    const issued = (await all(who('chain_query'), 'accountInvoice', { status: 'IV1' }))[0];
    expect(issued.invoiceNo).toMatch(/^\d{8}$/);
    const pdf = await who('fin_client_manager').call(
      'GET',
      `/biz/v1/account-finance/documents/invoice/${issued.id}`,
    );
    expect(pdf.statusCode).toBe(200);
    const waiting = (await all(who('core_query'), 'accountInvoice', { status: 'IV0' }))[0];
    const notYet = await who('core_query').call(
      'GET',
      `/biz/v1/account-finance/documents/invoice/${waiting.id}`,
    );
    expect(body(notYet).code).toBe('SCF.ACCOUNT_DOCUMENT_NOT_READY');
  });

  it('serves a bill as PDF with its amount to the issuer and the debtor, not to another enterprise', async () => {
    const [bill] = await all(who('chain_query'), 'accountBill');
    const url = `/biz/v1/account-finance/documents/bill/${bill.id}`;
    for (const name of ['chain_query', 'fin_client_manager']) {
      const pdf = await who(name).call('GET', url);
      expect(pdf.statusCode, name).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(bill.billNo);
      expect(text).toContain(`¥${Number(bill.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    }
    expect((await who('core_query').call('GET', url)).statusCode).toBe(403);
  });
});
