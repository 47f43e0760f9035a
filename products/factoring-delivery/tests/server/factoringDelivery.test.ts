import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumMoney } from '@renderer/core/format';
import { clock, pdfText, type Browser } from '../../../../tests/server/helpers';
import {
  act,
  API,
  as,
  body,
  create,
  getRecord,
  list,
  modelsServer,
  SIGN,
  step,
  uploadFile,
  type Json,
  type ModelsTestServer,
} from '../../../../tests/server/modelsHelpers';

/**
 * Delivery factoring: only white-listed suppliers get supply plans and finance; an arrival
 * becomes financeable only when the core's 收货确认岗 confirms it; the tripartite agreement must be read.
 */
const WHITE = 'factoringDeliveryWhite';
const PLAN = 'factoringDeliveryPlan';
const ORDER = 'factoringDeliveryOrder';
const FINANCE = 'factoringDeliveryFinance';
const DOCS = '/biz/v1/factoring/delivery/documents';
const AGREEMENTS = '/biz/v1/factoring/delivery/agreements';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
}, 120_000);
afterAll(async () => {
  await s.close();
});

const day = (offset: number): string =>
  new Date(clock.now.getTime() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);

const planOf = (supplierCorpId: string, planAmount = '500000.00') => ({
  supplierCorpId,
  projectName: '城东安置房项目',
  goodsName: 'HRB400螺纹钢',
  quantity: '120吨',
  planAmount,
  deliveryDate: day(10),
});

describe('delivery factoring', () => {
  it('white list → supply plan → arrival confirmed by 收货确认岗 → finance → 放款', async () => {
    const coreOp = await as(s.app, 'core_operator');
    const chainOp = await as(s.app, 'chain_operator');
    // Supplier 2 was refused in the demo: no plan for it.
    const refused = body(await create(coreOp, PLAN, planOf('SUP002')));
    expect(refused.code).toBe('SCF.DELIVERY_NOT_WHITELISTED');
    expect(refused.message).toBe(
      '恒通钢构有限公司不在华建集团第一工程局有限公司的到货保理白名单内，不能办理',
    );
    // Supplier 1 is listed already: a second entry is refused.
    const dup = body(
      await create(coreOp, WHITE, {
        supplierCorpId: 'SUP001',
        factorCorpId: 'FIN001',
        limitAmount: '1.00',
        validUntil: day(30),
      }),
    );
    expect(dup.code).toBe('SCF.DELIVERY_WHITE_DUPLICATE');

    const plan = body(await create(coreOp, PLAN, planOf('SUP001', '600000.00')));
    expect(plan.code, plan.message).toBe('0');
    // Before the supplier accepts the plan, no arrival can be registered against it.
    const early = body(
      await create(chainOp, ORDER, {
        planId: plan.data.id,
        deliveredAmount: '1.00',
        waybillNo: 'YD1',
        arrivalDate: day(0),
      }),
    );
    expect(early.code).toBe('SCF.DELIVERY_PLAN_NOT_ACTIVE');
    await step(chainOp, PLAN, plan.data.id, 'accept');
    const over = body(
      await create(chainOp, ORDER, {
        planId: plan.data.id,
        deliveredAmount: '600000.01',
        waybillNo: 'YD1',
        arrivalDate: day(0),
      }),
    );
    expect(over.code).toBe('SCF.DELIVERY_ORDER_EXCEEDS_PLAN');
    const order = body(
      await create(chainOp, ORDER, {
        planId: plan.data.id,
        deliveredAmount: '550000.00',
        waybillNo: 'YD-TEST-0001',
        carrier: '顺达物流有限公司',
        arrivalDate: day(-1),
      }),
    );
    expect(order.code, order.message).toBe('0');
    expect(order.data).toMatchObject({ status: 'CO0', coreCorpId: 'CORE001', goodsName: 'HRB400螺纹钢' });

    const financeBody = {
      orderId: order.data.id,
      financeAmount: '440000.00',
      monthlyRate: '0.0045',
      financeDays: 90,
      agreementRead: true,
    };
    // Not financeable before the arrival is confirmed.
    expect(body(await create(chainOp, FINANCE, financeBody)).code).toBe('SCF.DELIVERY_ORDER_NOT_FINANCEABLE');
    const confirmed = await step(await as(s.app, 'core_purchase'), ORDER, order.data.id, 'confirmReceipt');
    expect(confirmed).toMatchObject({ status: 'CO1', receiverName: '孙丽华', receiptDate: day(0) });

    expect(body(await create(chainOp, FINANCE, { ...financeBody, agreementRead: false })).code).toBe(
      'SCF.DELIVERY_AGREEMENT_UNREAD',
    );
    expect(body(await create(chainOp, FINANCE, { ...financeBody, financeAmount: '550000.01' })).code).toBe(
      'SCF.DELIVERY_FINANCE_EXCEEDS',
    );
    const f = body(await create(chainOp, FINANCE, financeBody));
    expect(f.code, f.message).toBe('0');
    // 440,000.00 × 0.0045 × 90 / 30 = 5,940.00, deducted in advance.
    expect(f.data).toMatchObject({ interest: '5940.00', loanAmount: '434060.00', factorCorpId: 'FIN001' });
    // Every party named: the core and the factor come from the order and the white-list (an effect).
    for (const name of ['applicantName', 'coreName', 'factorName']) expect(f.data[name], name).toMatch(/\S/);
    expect(body(await getRecord(chainOp, ORDER, order.data.id)).data.status).toBe('CO2');

    // The director signs the tripartite agreement and the application with the UKEY.
    const director = await as(s.app, 'chain_director');
    expect(body(await act(director, FINANCE, f.data.id, 'submit', { version: f.data.version })).code).toBe(
      'SCF.SIGNATURE_REQUIRED',
    );
    await step(director, FINANCE, f.data.id, 'submit', { signature: SIGN });
    const approved = await step(await as(s.app, 'fin_client_manager'), FINANCE, f.data.id, 'approve');
    expect(approved.contractNo).toBe(`DHHT${String(f.data.financeNo).slice(2)}`);
    const lent = await step(await as(s.app, 'fin_product_manager'), FINANCE, f.data.id, 'loan', {
      signature: SIGN,
    });
    expect(s.verified.slice(-2).map((v) => v.userName)).toEqual(['chain_director', 'fin_product_manager']);
    expect(lent).toMatchObject({ status: 'DFD', loanDate: day(0) });
    expect(body(await getRecord(chainOp, ORDER, order.data.id)).data).toMatchObject({
      status: 'CO3',
      financeNo: f.data.financeNo,
    });
    // The contract and the payment notice, generated from the record: amounts in figures and capitals.
    const expected: Record<string, string[]> = {
      contract: [
        '国内商业保理合同',
        `保理合同编号：${String(approved.contractNo)}`,
        String(f.data.orderNo),
        'YD-TEST-0001',
        '¥550,000.00',
        '人民币伍拾伍万元整',
        '¥440,000.00',
        '人民币肆拾肆万元整',
        '¥5,940.00',
        '人民币伍仟玖佰肆拾元整',
        '¥434,060.00',
        '人民币肆拾叁万肆仟零陆拾元整',
        '0.4500%',
        '利息前置',
      ],
      notice: ['付款通知书', '¥550,000.00', '人民币伍拾伍万元整', day(90)],
    };
    for (const [kind, texts] of Object.entries(expected))
      for (const user of ['chain_query', 'core_operator', 'fin_product_manager']) {
        const res = await (
          await as(s.app, user)
        ).call('GET', `${DOCS}/${kind}/${f.data.id}`, {
          unsigned: true,
          noCsrf: true,
        });
        expect(res.statusCode, `${user} ${kind}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        const text = await pdfText(res.rawPayload);
        for (const t of texts) expect(text, `${kind}: ${t}`).toContain(t);
      }
    // Delivery has no separate 转让确认书 (the tripartite agreement is the core's consent).
    expect((await chainOp.call('GET', `${DOCS}/assignment/${f.data.id}`)).statusCode).toBe(404);

    // 回款 of the finance amount (the interest was deducted when lending) closes the loan and the arrival.
    const repaid = await step(await as(s.app, 'fin_client_manager'), FINANCE, f.data.id, 'repay');
    expect(repaid).toMatchObject({ status: 'DFR', repayAmount: '440000.00', repayDate: day(0) });
    expect(body(await getRecord(chainOp, ORDER, order.data.id)).data.status).toBe('CO4');
  });

  it('a supplier removed from the white list can no longer finance its confirmed arrivals', async () => {
    const chainOp = await as(s.app, 'chain_operator');
    const order = (
      await s.db.query<{ id: string }>(
        "select id from factoring_delivery_order where state = 'CO1' and supplier_corp_id = 'SUP001' limit 1",
      )
    ).rows[0]!;
    const white = (
      await s.db.query<{ id: string }>(
        "select id from factoring_delivery_white where state = 'WL1' and supplier_corp_id = 'SUP001'",
      )
    ).rows[0]!;
    await step(await as(s.app, 'core_operator'), WHITE, white.id, 'remove', { reason: '合作终止' });
    const res = body(
      await create(chainOp, FINANCE, {
        orderId: order.id,
        financeAmount: '1000.00',
        monthlyRate: '0.0045',
        financeDays: 30,
        agreementRead: true,
      }),
    );
    expect(res.code).toBe('SCF.DELIVERY_NOT_WHITELISTED');
  });
});

const DOCUMENT = 'factoringDeliveryDocument';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');
/** Files an 应付账款确认材料 document of `category` on an arrival, as the upload page does. */
const file = (b: Browser, orderId: string, category = 'confirmation') =>
  uploadFile(
    s.app,
    b,
    { model: DOCUMENT, category, create: JSON.stringify({ orderId, category }) },
    { name: '应付账款确认书.pdf', data: PDF },
    { asFields: true },
  );

describe('spec section 2, Delivery: accounts-payable-confirmation uploads (应付账款确认材料)', () => {
  it('the core files them on an arrival until it is financed; supplier and factor see them, nobody else files', async () => {
    const purchase = await as(s.app, 'core_purchase');
    const orders = (await list(purchase, ORDER, { size: '100' })).list as Json[];
    const received = orders.find((o) => o.status === 'CO1')!;
    const financed = orders.find((o) => o.status === 'CO3')!;
    const filed = body(await file(purchase, String(received.id)));
    expect(filed.code, filed.message).toBe('0');
    const doc = body(await getRecord(purchase, DOCUMENT, filed.data.recordId)).data;
    expect(doc).toMatchObject({
      orderNo: received.orderNo,
      category: 'confirmation',
      fileName: '应付账款确认书.pdf',
      uploaderCorpId: 'CORE001',
      supplierCorpId: 'SUP001',
      factorCorpId: 'FIN001',
      status: 'DD0',
    });
    // The arrival's supplier and the factor of its white-list entry read it; another enterprise does not.
    for (const user of ['chain_query', 'fin_client_manager'])
      expect(body(await getRecord(await as(s.app, user), DOCUMENT, doc.id)).data.fileName).toBe(
        '应付账款确认书.pdf',
      );
    expect(body(await getRecord(await as(s.app, 'unit_query'), DOCUMENT, doc.id)).code).not.toBe('0');
    // The supplier cannot file: refused, nothing written.
    const count = async () =>
      (await s.db.query<{ n: number }>('select count(*)::int as n from factoring_delivery_document')).rows[0]!
        .n;
    const before = await count();
    expect(body(await file(await as(s.app, 'chain_operator'), String(received.id))).code).not.toBe('0');
    expect(await count()).toBe(before);
    // The core's operator may file and remove too while the arrival is not financed.
    const coreOp = await as(s.app, 'core_operator');
    const invoice = body(await file(coreOp, String(received.id), 'invoice')).data.recordId;
    expect((await step(coreOp, DOCUMENT, invoice, 'remove')).status).toBe('DDX');
    // Closed once financed: coded refusal with its Chinese message.
    const late = body(await file(purchase, String(financed.id)));
    expect(late.code).toBe('SCF.DELIVERY_DOCUMENTS_CLOSED');
    expect(late.message).toBe(
      `到货确认单${String(financed.orderNo)}已申请融资，不能再上传或删除应付账款确认材料`,
    );
    expect(await count()).toBe(before + 1);
    // The demo files an 应付账款确认书 with every received arrival: the factor lists them.
    const seeded = (await list(await as(s.app, 'fin_client_manager'), DOCUMENT, { size: '100' }))
      .list as Json[];
    expect(seeded.some((d) => d.orderNo === financed.orderNo && d.category === 'confirmation')).toBe(true);
  });
});

describe('delivery factoring: the tripartite and supplemental agreements', () => {
  const AGREEMENT = 'factoringDeliveryAgreement';
  const put = (b: Browser, id: string, data: Record<string, unknown>) =>
    b.call('PUT', `${API}/${AGREEMENT}/records/${id}`, { body: data });

  it('are made when the factor approves the supplier; each party signs in order; finance waits for both to be effective', async () => {
    const pending = (
      await s.db.query<{ id: string }>(
        "select id from factoring_delivery_white where state = 'WL0' and supplier_corp_id = 'UNIT001'",
      )
    ).rows[0]!;
    await step(await as(s.app, 'fin_client_manager'), WHITE, pending.id, 'approve');
    const unitDir = await as(s.app, 'unit_director');
    const made = (await list(unitDir, AGREEMENT, { whiteId: pending.id, size: '10' })).list as Json[];
    expect(made.map((a) => a.kind).sort()).toEqual(['SUPPLEMENTAL', 'TRIPARTITE']);
    for (const a of made)
      expect(a).toMatchObject({
        status: 'AG0',
        supplierName: '华建一局第三项目部',
        coreName: '华建集团第一工程局有限公司',
        factorName: '建信商业保理有限公司',
        limitAmount: '2000000.00',
        agreementRead: false,
      });
    const byKind = Object.fromEntries(made.map((a) => [a.kind, a])) as Record<string, Json>;

    // A received arrival of the project department to finance.
    const coreOp = await as(s.app, 'core_operator');
    const unitOp = await as(s.app, 'unit_operator');
    const plan = body(await create(coreOp, PLAN, planOf('UNIT001', '300000.00'))).data;
    await step(unitOp, PLAN, plan.id, 'accept');
    const order = body(
      await create(unitOp, ORDER, {
        planId: plan.id,
        deliveredAmount: '300000.00',
        waybillNo: 'YD-AGREE-0001',
        arrivalDate: day(0),
      }),
    ).data;
    await step(await as(s.app, 'core_purchase'), ORDER, order.id, 'confirmReceipt');
    const apply = () =>
      create(unitOp, FINANCE, {
        orderId: order.id,
        financeAmount: '200000.00',
        monthlyRate: '0.0045',
        financeDays: 60,
        agreementRead: true,
      });
    const first = body(await apply());
    expect(first.code).toBe('SCF.DELIVERY_AGREEMENT_UNSIGNED');
    expect(first.message).toBe('华建一局第三项目部尚未签署《到货保理三方协议》，请由主管岗签署后再申请融资');

    const tri = String(byKind.TRIPARTITE!.id);
    // Only the supplier's director reads and signs first: its operator, the core and another supplier are refused.
    for (const user of ['unit_operator', 'core_director', 'chain_director'])
      expect(body(await put(await as(s.app, user), tri, { agreementRead: true, version: 1 })).code).not.toBe(
        '0',
      );
    // Not read to the end: refused, even with a signature.
    expect(body(await act(unitDir, AGREEMENT, tri, 'sign', { version: 1, signature: SIGN })).code).toBe(
      'SCF.DELIVERY_AGREEMENT_NOT_READ',
    );
    const read = body(await put(unitDir, tri, { agreementRead: true, version: 1 }));
    expect(read.code, read.message).toBe('0');
    expect(body(await act(unitDir, AGREEMENT, tri, 'sign', { version: read.data.version })).code).toBe(
      'SCF.SIGNATURE_REQUIRED',
    );
    const bySupplier = await step(unitDir, AGREEMENT, tri, 'sign', { signature: SIGN });
    expect(bySupplier).toMatchObject({ status: 'AG2', signDate: day(0), signerName: expect.any(String) });
    expect(s.verified.at(-1)!.userName).toBe('unit_director');

    // Then the core's director, then the factor's product manager, each with the UKEY; effective only then.
    const coreDir = await as(s.app, 'core_director');
    const factorPm = await as(s.app, 'fin_product_manager');
    const version = async () => body(await getRecord(unitDir, AGREEMENT, tri)).data.version as number;
    const refusal = async (b: Browser, action: string, signed = true) =>
      body(
        await act(b, AGREEMENT, tri, action, {
          version: await version(),
          ...(signed ? { signature: SIGN } : {}),
        }),
      ).code;
    // Out of order (the factor before the core, the supplier twice), another party's action, no signature.
    expect(await refusal(factorPm, 'factorSign')).toBe('SCF.ACTION_STATE_INVALID');
    expect(await refusal(unitDir, 'sign')).toBe('SCF.ACTION_STATE_INVALID');
    expect(await refusal(unitDir, 'coreSign')).toMatch(/^SCF\.(RECORD|ACTION_ROLE|ACTION_PARTY)_FORBIDDEN$/);
    expect(await refusal(await as(s.app, 'core_operator'), 'coreSign')).toMatch(/FORBIDDEN$/);
    expect(await refusal(coreDir, 'coreSign', false)).toBe('SCF.SIGNATURE_REQUIRED');
    expect(body(await getRecord(unitDir, AGREEMENT, tri)).data.status).toBe('AG2');
    const notYet = body(await apply());
    expect(notYet.code).toBe('SCF.DELIVERY_AGREEMENT_NOT_EFFECTIVE');
    expect(notYet.message).toBe(
      '《到货保理三方协议》尚待华建集团第一工程局有限公司签署，各方签署生效后方可申请融资',
    );
    const byCore = await step(coreDir, AGREEMENT, tri, 'coreSign', { signature: SIGN });
    expect(byCore).toMatchObject({ status: 'AG3', coreSignDate: day(0), coreSignerName: expect.any(String) });
    expect(s.verified.at(-1)!.userName).toBe('core_director');
    expect(await refusal(coreDir, 'coreSign')).toBe('SCF.ACTION_STATE_INVALID');
    expect(body(await apply()).message).toBe(
      '《到货保理三方协议》尚待建信商业保理有限公司签署，各方签署生效后方可申请融资',
    );
    const signed = await step(factorPm, AGREEMENT, tri, 'factorSign', { signature: SIGN });
    expect(signed).toMatchObject({
      status: 'AG1',
      factorSignDate: day(0),
      factorSignerName: expect.any(String),
    });
    expect(s.verified.at(-1)!.userName).toBe('fin_product_manager');
    // Each party sees every signature and the state.
    for (const user of ['unit_query', 'core_query', 'fin_client_manager'])
      expect(body(await getRecord(await as(s.app, user), AGREEMENT, tri)).data).toMatchObject({
        status: 'AG1',
        signerName: bySupplier.signerName,
        coreSignerName: byCore.coreSignerName,
        factorSignerName: signed.factorSignerName,
      });

    const second = body(await apply());
    expect(second.code).toBe('SCF.DELIVERY_AGREEMENT_UNSIGNED');
    expect(second.message).toContain('《到货保理补充协议》');
    const sup = String(byKind.SUPPLEMENTAL!.id);
    expect(body(await act(unitDir, AGREEMENT, sup, 'sign', { version: 1, signature: SIGN })).code).toBe(
      'SCF.DELIVERY_AGREEMENT_NOT_READ',
    );
    expect(body(await put(unitDir, sup, { agreementRead: true, version: 1 })).code).toBe('0');
    // The supplemental agreement is the supplier's and the factor's: the core has no signature in it.
    expect((await step(unitDir, AGREEMENT, sup, 'sign', { signature: SIGN })).status).toBe('AG3');
    const supVersion = body(await getRecord(unitDir, AGREEMENT, sup)).data.version;
    expect(
      body(await act(coreDir, AGREEMENT, sup, 'coreSign', { version: supVersion, signature: SIGN })).code,
    ).toBe('SCF.ACTION_STATE_INVALID');
    expect(body(await apply()).code).toBe('SCF.DELIVERY_AGREEMENT_NOT_EFFECTIVE');
    expect((await step(factorPm, AGREEMENT, sup, 'factorSign', { signature: SIGN })).status).toBe('AG1');
    const financed = body(await apply());
    expect(financed.code, financed.message).toBe('0');

    // The agreement's text as PDF for its three parties, not for another supplier.
    for (const user of ['unit_query', 'core_query', 'fin_product_manager']) {
      const res = await (
        await as(s.app, user)
      ).call('GET', `${AGREEMENTS}/${tri}`, {
        unsigned: true,
        noCsrf: true,
      });
      expect(res.statusCode, user).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      for (const t of [
        '到货保理三方协议',
        String(signed.agreementNo),
        '华建一局第三项目部',
        '¥2,000,000.00',
        '人民币贰佰万元整',
        '第三条 到货确认',
        `已使用UKEY电子签名（${String(bySupplier.signerName)}）`,
        `已使用UKEY电子签名（${String(byCore.coreSignerName)}）`,
        `已使用UKEY电子签名（${String(signed.factorSignerName)}）`,
        day(0),
      ])
        expect(text, t).toContain(t);
      expect(text).not.toContain('（待签署）');
    }
    const other = await as(s.app, 'chain_operator');
    expect(body(await other.call('GET', `${AGREEMENTS}/${tri}`)).code).toBe('SCF.RECORD_FORBIDDEN');
  });
});

describe('delivery factoring: contract lists and statistics (server aggregates)', () => {
  const CONTRACT_STATES = ['DF2', 'DFD', 'DFR'];
  /** Count and sum of `measure` of the seeded world straight from the table, for one enterprise column. */
  async function fromTable(column: string, corp: string, states: string[], measure: string) {
    const r = await s.db.query<{ v: string }>(
      `select ${measure}::text as v from factoring_delivery_finance where ${column} = $1 and state = any($2)`,
      [corp, states],
    );
    return { count: r.rows.length, total: sumMoney(r.rows.map((x) => x.v)) };
  }
  /** The rows a list page shows over its status tabs (one request per status, as each tab asks). */
  async function listed(user: string, states: string[]): Promise<Array<Record<string, string>>> {
    const b = await as(s.app, user);
    const pages = await Promise.all(states.map((status) => list(b, FINANCE, { status, size: '100' })));
    return pages.flatMap((p) => p.list);
  }

  it('lists the contracts of the creditor and of the debtor, each only its own', async () => {
    const creditor = await listed('chain_query', CONTRACT_STATES);
    const own = await fromTable('applicant_corp_id', 'SUP001', CONTRACT_STATES, 'finance_amount');
    expect(own.count).toBeGreaterThanOrEqual(4);
    expect(creditor).toHaveLength(own.count);
    expect(sumMoney(creditor.map((r) => r.financeAmount!))).toBe(own.total);
    for (const row of creditor) {
      expect(row.contractNo).toMatch(/^DHHT\d+$/);
      expect(row.applicantCorpId).toBe('SUP001');
    }
    const debtor = await listed('core_query', CONTRACT_STATES);
    const owed = await fromTable('core_corp_id', 'CORE001', CONTRACT_STATES, 'finance_amount');
    expect(debtor).toHaveLength(owed.count);
    expect(debtor.every((r) => r.coreCorpId === 'CORE001')).toBe(true);
    // The project department has no delivery finance of its own: it sees none of them.
    expect(await listed('unit_query', CONTRACT_STATES)).toHaveLength(0);
  });

  it('statistics: amounts applied, lent, interest and repaid per status, exact to the cent', async () => {
    const factor = await as(s.app, 'fin_client_manager');
    const byStatus = async (measure: string) => {
      const res = body(
        await factor.call('GET', `/biz/v1/models/${FINANCE}/aggregates`, {
          query: { groupBy: 'status', measure },
        }),
      );
      expect(res.code, res.message).toBe('0');
      expect(sumMoney(res.data.groups.map((g: { value: string }) => g.value))).toBe(res.data.total);
      return res.data as { total: string; count: number; groups: Array<Record<string, string>> };
    };
    const column = {
      financeAmount: 'finance_amount',
      loanAmount: 'loan_amount',
      interest: 'interest',
      repayAmount: 'repay_amount',
    };
    for (const [measure, col] of Object.entries(column)) {
      const agg = await byStatus(measure);
      for (const state of ['DF0', 'DF1', 'DF2', 'DFD', 'DFR', 'DFX']) {
        const want = await fromTable('factor_corp_id', 'FIN001', [state], col);
        const got = agg.groups.find((g) => g.key === state);
        expect(got?.value ?? '0.00', `${measure} ${state}`).toBe(want.total);
      }
    }
    const applied = await byStatus('financeAmount');
    expect(applied.groups.find((g) => g.key === 'DFR')).toMatchObject({ label: '已回款' });
    // 利息前置: for every loan lent, amount lent + interest = finance amount = amount repaid.
    const lent = await fromTable('factor_corp_id', 'FIN001', ['DFD', 'DFR'], 'loan_amount');
    const interest = await fromTable('factor_corp_id', 'FIN001', ['DFD', 'DFR'], 'interest');
    const financed = await fromTable('factor_corp_id', 'FIN001', ['DFD', 'DFR'], 'finance_amount');
    expect(lent.count).toBeGreaterThanOrEqual(2);
    expect(sumMoney([lent.total, interest.total])).toBe(financed.total);
    const repaid = await fromTable('factor_corp_id', 'FIN001', ['DFR'], 'repay_amount');
    expect(repaid.count).toBeGreaterThan(0);
    expect(repaid.total).toBe((await fromTable('factor_corp_id', 'FIN001', ['DFR'], 'finance_amount')).total);
    const byCounterparty = body(
      await factor.call('GET', `/biz/v1/models/${FINANCE}/aggregates`, {
        query: { groupBy: 'counterparty', measure: 'financeAmount' },
      }),
    ).data;
    expect(byCounterparty.groups.map((g: { label: string }) => g.label)).toContain('华建建材供应有限公司');
  });
});
