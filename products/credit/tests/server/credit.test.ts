import { openProduct } from '@server/models/productOpenings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, subMoney } from '@renderer/core/format';
import { clock } from '../../../../tests/server/helpers';
import {
  as,
  body,
  type Json,
  create,
  getRecord,
  list,
  modelsServer,
  SIGN,
  step,
  type ModelsTestServer,
} from '../../../../tests/server/modelsHelpers';

let s: ModelsTestServer;
const startClock = clock.now;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  clock.now = startClock;
  await s.close();
});

type Limit = { total: string; used: string; frozen: string; available: string };

/** The enterprise's credit limit, as its finance institution sees it. */
async function limitOf(corpId: string): Promise<Limit> {
  const fin = await as(s.app, 'fin_product_manager');
  const found = (await list(fin, 'creditLimit', { corpId, product: 'credit', status: 'LM1' })).list;
  expect(found).toHaveLength(1);
  const l = found[0];
  expect(l.available).toBe(subMoney(subMoney(l.total, l.used), l.frozen));
  return l;
}

async function voucher(id: string): Promise<Json> {
  const core = await as(s.app, 'core_query');
  return body(await getRecord(core, 'creditVoucher', id)).data;
}

const account = (name: string) => ({
  accountNo: '6227000012345678901',
  accountName: name,
  bankName: '中国建设银行北京分行',
  bankCode: '105100000017',
});

describe('credit voucher lifecycle through the API', () => {
  it('issue → approve (sign) → final → accept → split transfer → approve (sign) → accept → finance → cash', async () => {
    const coreLimit0 = await limitOf('CORE001');
    const supLimit0 = await limitOf('SUP001');

    // 1. The core operator applies for a 1,000,000.00 voucher from two statements, due on a holiday.
    const coreOp = await as(s.app, 'core_operator');
    const applied = body(
      await create(coreOp, 'creditIssue', {
        supplierCorpId: 'SUP001',
        statements: [
          {
            statementNo: 'DZ-L-001',
            statementDate: '2026-11-01',
            statementAmount: '700000.00',
            billAmount: '600000.00',
            expectedPayDate: '2027-02-15',
          },
          {
            statementNo: 'DZ-L-002',
            statementDate: '2026-11-05',
            statementAmount: '400000.00',
            billAmount: '400000.00',
            expectedPayDate: '2027-02-15',
          },
        ],
        amount: '1000000.00',
        dueDate: '2027-02-15',
        contractNo: 'HT-L-1',
        remark: '生命周期测试',
      }),
    );
    expect(applied.code).toBe('0');
    const issue = applied.data;
    // 2027-02-15..23 are R_156 holidays: the actual due date is the next working day.
    expect(issue).toMatchObject({
      status: 'IS0',
      actualDueDate: '2027-02-24',
      statementNos: 'DZ-L-001,DZ-L-002',
    });

    // 2. Director approves with the UKEY: the issuer's limit is frozen.
    const verified = s.verified.length;
    expect(
      (await step(await as(s.app, 'core_director'), 'creditIssue', issue.id, 'approve', { signature: SIGN }))
        .status,
    ).toBe('IS1');
    expect(s.verified.length).toBe(verified + 1);
    expect((await limitOf('CORE001')).frozen).toBe(addMoney(coreLimit0.frozen, '1000000.00'));

    // 3. Final review, 4. the supplier accepts with the UKEY: the voucher exists, the limit is used.
    expect((await step(await as(s.app, 'core_final'), 'creditIssue', issue.id, 'finalApprove')).status).toBe(
      'IS2',
    );
    const chainOp = await as(s.app, 'chain_operator');
    const accepted = await step(chainOp, 'creditIssue', issue.id, 'accept', { signature: SIGN });
    expect(accepted.status).toBe('ISD');
    const coreLimit1 = await limitOf('CORE001');
    expect(coreLimit1.frozen).toBe(coreLimit0.frozen);
    expect(coreLimit1.used).toBe(addMoney(coreLimit0.used, '1000000.00'));
    const root = await voucher(accepted.voucherId);
    expect(root).toMatchObject({
      status: 'ISD',
      amount: '1000000.00',
      availableAmount: '1000000.00',
      holderCorpId: 'SUP001',
      issuerCorpId: 'CORE001',
      rootId: root.id,
      issueDate: '2026-11-20',
      actualDueDate: '2027-02-24',
    });

    // 5. Split transfer of 500,000.03 to the project department in two lines: reserved at once.
    const transfer = body(
      await create(chainOp, 'creditTransfer', {
        sourceVoucherId: root.id,
        lines: [
          { receiverCorpId: 'UNIT001', amount: '300000.01', ...account('华建一局第三项目部') },
          { receiverCorpId: 'UNIT001', amount: '200000.02', ...account('华建一局第三项目部') },
        ],
      }),
    ).data;
    expect(transfer).toMatchObject({ status: 'TR0', totalAmount: '500000.03', receiverCorpIds: ['UNIT001'] });
    expect(await voucher(root.id)).toMatchObject({ availableAmount: '499999.97', frozenAmount: '500000.03' });

    // 6. Chain director approves with the UKEY, 7. the receiver accepts with the UKEY.
    expect(
      (
        await step(await as(s.app, 'chain_director'), 'creditTransfer', transfer.id, 'approve', {
          signature: SIGN,
        })
      ).status,
    ).toBe('TR1');
    const unitOp = await as(s.app, 'unit_operator');
    expect(await step(unitOp, 'creditTransfer', transfer.id, 'accept', { signature: SIGN })).toMatchObject({
      status: 'TRD',
      pendingReceiverCorpIds: [],
    });
    const parent = await voucher(root.id);
    expect(parent).toMatchObject({ availableAmount: '499999.97', frozenAmount: '0.00' });
    const children = parent.children.map((c: Json) => [
      c.amount,
      c.holderCorpId,
      c.parentId,
      c.rootId,
      c.availableAmount,
      c.status,
    ]);
    expect(children).toEqual([
      ['300000.01', 'UNIT001', root.id, root.id, '300000.01', 'ISD'],
      ['200000.02', 'UNIT001', root.id, root.id, '200000.02', 'ISD'],
    ]);

    // 8. The supplier finances 400,000.00 of what it still holds with the factor.
    const finance = body(
      await create(chainOp, 'creditFinance', {
        voucherId: root.id,
        finCorpId: 'FIN001',
        financeAmount: '400000.00',
        financeRatio: '0.9',
        monthlyRate: '0.0045',
        ...account('华建建材供应有限公司'),
      }),
    ).data;
    // 96 days to 2027-02-24; loan 360,000.00; interest 360000 × 0.0045 × 96 / 30 = 5,184.00 exactly.
    expect(finance).toMatchObject({
      status: 'FI0',
      financeDays: 96,
      loanAmount: '360000.00',
      expectedInterest: '5184.00',
      dueDate: '2027-02-24',
    });
    expect((await step(chainOp, 'creditFinance', finance.id, 'submit')).status).toBe('FI1');
    expect(await voucher(root.id)).toMatchObject({ availableAmount: '99999.97', frozenAmount: '400000.00' });
    expect(
      (
        await step(await as(s.app, 'chain_director'), 'creditFinance', finance.id, 'approve', {
          signature: SIGN,
        })
      ).status,
    ).toBe('FI2');
    expect((await limitOf('SUP001')).frozen).toBe(addMoney(supLimit0.frozen, '400000.00'));
    const product = await as(s.app, 'fin_product_manager');
    const client = await as(s.app, 'fin_client_manager');
    expect((await step(product, 'creditFinance', finance.id, 'platformApprove')).status).toBe('FI3');
    expect((await step(client, 'creditFinance', finance.id, 'finApprove', { signature: SIGN })).status).toBe(
      'FI4',
    );
    expect(await step(client, 'creditFinance', finance.id, 'loan')).toMatchObject({
      status: 'FI5',
      loanDate: '2026-11-20',
    });
    const financed = await step(product, 'creditFinance', finance.id, 'loanApprove', { signature: SIGN });
    expect(financed.status).toBe('FID');
    const supLimit1 = await limitOf('SUP001');
    expect(supLimit1).toMatchObject({
      frozen: supLimit0.frozen,
      used: addMoney(supLimit0.used, '400000.00'),
    });
    expect(await voucher(financed.childVoucherId)).toMatchObject({
      status: 'FID',
      holderCorpId: 'FIN001',
      amount: '400000.00',
      parentId: root.id,
    });
    expect(await voucher(root.id)).toMatchObject({ availableAmount: '99999.97', frozenAmount: '0.00' });

    // 9. At maturity the core pays what the supplier still holds.
    const early = body(
      await create(coreOp, 'creditCash', { voucherId: root.id, ...account('华建建材供应有限公司') }),
    );
    expect(early).toMatchObject({ code: 'SCF.VOUCHER_NOT_MATURED' });
    clock.now = new Date('2027-02-24T10:00:00+08:00');
    const coreOpLater = await as(s.app, 'core_operator');
    const cash = body(
      await create(coreOpLater, 'creditCash', { voucherId: root.id, ...account('华建建材供应有限公司') }),
    ).data;
    expect(cash).toMatchObject({ status: 'RD0', cashAmount: '99999.97', holderCorpId: 'SUP001' });
    expect((await voucher(root.id)).status).toBe('RD0');
    expect((await step(coreOpLater, 'creditCash', cash.id, 'submit')).status).toBe('RD1');
    const paid = await step(await as(s.app, 'core_director'), 'creditCash', cash.id, 'approve', {
      signature: SIGN,
    });
    expect(paid).toMatchObject({ status: 'RDD', cashDate: '2027-02-24' });
    expect(await voucher(root.id)).toMatchObject({ status: 'RDD', availableAmount: '0.00' });
    expect((await limitOf('CORE001')).used).toBe(subMoney(coreLimit1.used, '99999.97'));

    // The issue's trail names who did what.
    const trail = body(await getRecord(coreOpLater, 'creditIssue', issue.id)).data.audit;
    expect(trail.map((a: Json) => [a.action, a.from, a.to, a.userName, a.signed])).toEqual([
      ['create', null, 'IS0', 'core_operator', false],
      ['approve', 'IS0', 'IS1', 'core_director', true],
      ['finalApprove', 'IS1', 'IS2', 'core_final', false],
      ['accept', 'IS2', 'ISD', 'chain_operator', true],
    ]);
    clock.now = startClock;
  });

  it('refuses a transfer beyond the available amount and a split to oneself', async () => {
    const chainOp = await as(s.app, 'chain_operator');
    const held = (
      await list(chainOp, 'creditVoucher', {
        holderCorpId: 'SUP001',
        status: 'ISD',
        dueDateFrom: '2027-01-01',
        sort: 'amount,asc',
      })
    ).list[0];
    const tooMuch = body(
      await create(chainOp, 'creditTransfer', {
        sourceVoucherId: held.id,
        lines: [
          { receiverCorpId: 'UNIT001', amount: addMoney(held.availableAmount, '0.01'), ...account('x') },
        ],
      }),
    );
    expect(tooMuch.code).toBe('SCF.AMOUNT_EXCEEDS_AVAILABLE');
    const self = body(
      await create(chainOp, 'creditTransfer', {
        sourceVoucherId: held.id,
        lines: [{ receiverCorpId: 'SUP001', amount: '1.00', ...account('x') }],
      }),
    );
    expect(self.code).toBe('SCF.TRANSFER_SELF');
    expect(await voucher(held.id)).toMatchObject({
      availableAmount: held.availableAmount,
      frozenAmount: held.frozenAmount,
    });
  });

  it('gives a refused transfer back to the source voucher', async () => {
    const unitOp = await as(s.app, 'unit_operator');
    const held = (
      await list(unitOp, 'creditVoucher', {
        holderCorpId: 'UNIT001',
        status: 'ISD',
        dueDateFrom: '2027-01-01',
        sort: 'amount,desc',
      })
    ).list[0];
    const t = body(
      await create(unitOp, 'creditTransfer', {
        sourceVoucherId: held.id,
        lines: [{ receiverCorpId: 'SUP001', amount: '1000.10', ...account('华建建材供应有限公司') }],
      }),
    ).data;
    await step(await as(s.app, 'unit_director'), 'creditTransfer', t.id, 'approve', { signature: SIGN });
    const chainOp = await as(s.app, 'chain_operator');
    const refused = body(
      await (async () =>
        chainOp.call('POST', `/biz/v1/models/creditTransfer/records/${t.id}/actions/refuse`, {
          body: { version: 2 },
        }))(),
    );
    expect(refused).toMatchObject({ code: 'SCF.REASON_REQUIRED', message: '请填写拒签原因' });
    expect(await step(chainOp, 'creditTransfer', t.id, 'refuse', { reason: '金额不符' })).toMatchObject({
      status: 'TRX',
      refuseReason: '金额不符',
    });
    expect(await voucher(held.id)).toMatchObject({
      availableAmount: held.availableAmount,
      frozenAmount: held.frozenAmount,
    });
  });

  it('lets each receiver of a multi-receiver transfer decide its own lines', async () => {
    // new_user's enterprise opens credit and gets an operator post for this test: a second receiver that
    // can act (a receiver must have opened the product: creditTransfer lines' `opened`).
    await s.db.query(
      "insert into user_roles (user_id, role_code) select id, 'ROLE_CORP_OPERATOR' from users where username = 'new_user'",
    );
    await openProduct(s.db, 'SUP002', 'credit');
    const unitOp = await as(s.app, 'unit_operator');
    const held = (
      await list(unitOp, 'creditVoucher', {
        holderCorpId: 'UNIT001',
        status: 'ISD',
        dueDateFrom: '2027-01-01',
        sort: 'amount,desc',
      })
    ).list[0];
    const t = body(
      await create(unitOp, 'creditTransfer', {
        sourceVoucherId: held.id,
        lines: [
          { receiverCorpId: 'SUP001', amount: '100.01', ...account('华建建材供应有限公司') },
          { receiverCorpId: 'SUP002', amount: '200.02', ...account('恒通钢构有限公司') },
        ],
      }),
    ).data;
    expect(t.pendingReceiverCorpIds).toEqual(['SUP001', 'SUP002']);
    await step(await as(s.app, 'unit_director'), 'creditTransfer', t.id, 'approve', { signature: SIGN });
    const chainOp = await as(s.app, 'chain_operator');
    const partly = await step(chainOp, 'creditTransfer', t.id, 'accept', { signature: SIGN });
    expect(partly).toMatchObject({ status: 'TR1', pendingReceiverCorpIds: ['SUP002'], actions: [] });
    const again = await chainOp.call('POST', `/biz/v1/models/creditTransfer/records/${t.id}/actions/accept`, {
      body: { version: partly.version, signature: SIGN },
    });
    expect(again.statusCode).toBe(403);
    expect(body(again).code).toBe('SCF.ACTION_PARTY_FORBIDDEN');
    const second = await as(s.app, 'new_user', 'ROLE_CORP_OPERATOR');
    const done = await step(second, 'creditTransfer', t.id, 'refuse', { reason: '未签订合同' });
    expect(done).toMatchObject({ status: 'TRD', pendingReceiverCorpIds: [] });
    expect(done.lines.map((l: Json) => l.lineStatus)).toEqual(['TRD', 'TRX']);
    expect(await voucher(held.id)).toMatchObject({
      availableAmount: subMoney(held.availableAmount, '100.01'),
      frozenAmount: held.frozenAmount,
    });
  });

  it('refuses an invoice filed twice', async () => {
    const chainOp = await as(s.app, 'chain_operator');
    const doc = {
      category: 'invoice',
      finCorpId: 'FIN001',
      invoiceCode: '044001900211',
      invoiceNo: '12345678',
      invoiceAmount: '1000.00',
      invoiceDate: '2026-10-10',
    };
    expect(body(await create(chainOp, 'financeDocument', doc)).code).toBe('0');
    expect(body(await create(chainOp, 'financeDocument', doc))).toMatchObject({
      code: 'SCF.INVOICE_DUPLICATE',
    });
    expect(
      body(
        await create(chainOp, 'financeDocument', { ...doc, invoiceCode: undefined, invoiceNo: '87654321' }),
      ),
    ).toMatchObject({ code: 'SCF.RECORD_INVALID', message: '请填写发票代码' });
    expect(
      body(
        await create(chainOp, 'financeDocument', {
          ...doc,
          invoiceCode: undefined,
          invoiceNo: '26442000000012345678',
        }),
      ).code,
    ).toBe('0');
  });
});
