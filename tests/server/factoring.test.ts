import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumMoney } from '@renderer/core/format';
import { factoringInterest, loanFigures } from '@server/factoring/interest';
import { pdfText, type Browser } from './helpers';
import {
  act,
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
 * Standard factoring (正向保理) on the real server and the seeded demo: a receivable registered and
 * reviewed by supplier 1, a loan applied for, reviewed and approved with the UKEY by the factor, the
 * contract confirmed and signed by creditor and debtor, lent and repaid; interest exact to the cent; the
 * three contracts as PDF with the amounts in figures and capitals (text extracted with pdfjs).
 */
let s: ModelsTestServer;
const users: Record<string, Browser> = {};
const R = 'factoringReceivable';
const L = 'factoringLoan';
const DOCS = '/biz/v1/factoring/documents';

// The test clock is 2026-11-20: 2027-02-19 is 91 days later.
const RECEIVABLE = '412345.67';
const FINANCE = '333333.33';
const INTEREST = '6108.80'; // 333,333.33 × 7.25 % × 91 / 360 = 6,108.796… → 6,108.80
const REPAY = '339442.13'; // 利息后置: finance + interest

beforeAll(async () => {
  s = await modelsServer();
  for (const u of [
    'chain_operator',
    'chain_director',
    'core_operator',
    'core_director',
    'fin_client_manager',
    'fin_product_manager',
    'unit_operator',
    'fin2_client_manager',
    'fin2_product_manager',
  ])
    users[u] = await as(s.app, u);
}, 120_000);

afterAll(async () => {
  await s.close();
});

describe('interest (利息前置/后置), exact to the cent', () => {
  it('rounds half up once over a 360-day year', () => {
    expect(factoringInterest('1000000.00', '0.072', 90)).toBe('18000.00');
    expect(factoringInterest(FINANCE, '0.0725', 91)).toBe(INTEREST);
    expect(factoringInterest('0.01', '0.05', 1)).toBe('0.00');
  });
  it('deducts the interest up front or adds it at the end', () => {
    expect(loanFigures(FINANCE, '0.0725', 91, 'PRE')).toEqual({
      interest: INTEREST,
      loanAmount: '327224.53',
      repayAmount: FINANCE,
    });
    expect(loanFigures(FINANCE, '0.0725', 91, 'POST')).toEqual({
      interest: INTEREST,
      loanAmount: FINANCE,
      repayAmount: REPAY,
    });
  });
});

describe('standard factoring lifecycle', () => {
  let receivableId = '';
  let loanId = '';

  it('supplier 1 registers a receivable on the core group, its director approves it', async () => {
    const res = await create(users.chain_operator!, R, {
      debtorCorpId: 'CORE001',
      amount: RECEIVABLE,
      dueDate: '2027-02-19',
      contractNo: 'JC-TEST-001',
      contractName: '钢材采购合同',
      invoiceNos: ['12345678'],
    });
    expect(body(res).code).toBe('0');
    const rec = body(res).data;
    receivableId = rec.id;
    expect(rec).toMatchObject({
      status: 'AR0',
      creditorCorpId: 'SUP001',
      debtorName: '华建集团第一工程局有限公司',
    });
    expect(rec.receivableNo).toMatch(/^AR20261120\d{6}$/);
    await step(users.chain_operator!, R, receivableId, 'submit');
    expect((await step(users.chain_director!, R, receivableId, 'approve')).status).toBe('AR2');
  });

  it('refuses a finance amount above the receivable, writing nothing', async () => {
    const before = await count(s, 'factoring_loan');
    const res = await create(users.chain_operator!, L, loanBody(receivableId, '412345.68'));
    expect(body(res)).toMatchObject({
      code: 'SCF.FACTORING_AMOUNT_EXCEEDS',
      message: '融资金额不能超过应收账款金额412,345.67元',
    });
    expect(await count(s, 'factoring_loan')).toBe(before);
  });

  it('applies for 333,333.33 (利息后置): term, interest and repayment computed by the server', async () => {
    const res = await create(users.chain_operator!, L, loanBody(receivableId, FINANCE));
    expect(body(res).code).toBe('0');
    const loan = body(res).data;
    loanId = loan.id;
    expect(loan).toMatchObject({
      status: 'FL0',
      financeDays: 91,
      interest: INTEREST,
      loanAmount: FINANCE,
      repayAmount: REPAY,
      receivableAmount: RECEIVABLE,
      debtorCorpId: 'CORE001',
      factorName: '建信商业保理有限公司',
    });
  });

  it('contracts are refused before the factor approves', async () => {
    const res = await users.chain_operator!.call('GET', `${DOCS}/contract/${loanId}`);
    expect(body(res).code).toBe('SCF.FACTORING_DOCUMENT_NOT_READY');
  });

  it('runs to the factor signing; the receivable is 融资中', async () => {
    await step(users.chain_operator!, L, loanId, 'submit');
    expect(body(await getRecord(users.chain_operator!, R, receivableId)).data.status).toBe('AR3');
    await step(users.chain_director!, L, loanId, 'approve');
    await step(users.fin_client_manager!, L, loanId, 'review');
    // Signing is required.
    const unsigned = await act(users.fin_product_manager!, L, loanId, 'factorApprove', {
      version: body(await getRecord(users.fin_product_manager!, L, loanId)).data.version,
    });
    expect(body(unsigned).code).toBe('SCF.SIGNATURE_REQUIRED');
    const approved = await step(users.fin_product_manager!, L, loanId, 'factorApprove', { signature: SIGN });
    expect(approved).toMatchObject({ status: 'FL4', factoringContractNo: `BL${approved.loanNo.slice(2)}` });
  });

  it('the three contracts are PDFs with the amounts in figures and capitals', async () => {
    const expected: Record<string, string[]> = {
      contract: [
        '国内商业保理合同',
        '¥333,333.33',
        '人民币叁拾叁万叁仟叁佰叁拾叁元叁角叁分',
        '¥6,108.80',
        '人民币叁拾叁万玖仟肆佰肆拾贰元壹角叁分',
        '利息后置',
      ],
      assignment: ['应收账款转让申请暨确认书', '¥412,345.67', '人民币肆拾壹万贰仟叁佰肆拾伍元陆角柒分'],
      notice: [
        '付款通知书',
        '致：华建集团第一工程局有限公司',
        '¥412,345.67',
        '人民币肆拾壹万贰仟叁佰肆拾伍元陆角柒分',
        '2027-02-19',
      ],
    };
    for (const [kind, texts] of Object.entries(expected)) {
      const readers =
        kind === 'contract' ? ['chain_operator', 'core_operator', 'fin_client_manager'] : ['core_operator'];
      for (const user of readers) {
        const res = await users[user]!.call('GET', `${DOCS}/${kind}/${loanId}`, {
          unsigned: true,
          noCsrf: true,
        });
        expect(res.statusCode, `${user} ${kind}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(String(res.headers['content-disposition'])).toContain('attachment');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(res.rawPayload.length).toBeLessThan(200_000); // a subset of the font, not the 8 MB file
        const text = await pdfText(res.rawPayload);
        for (const t of texts) expect(text, `${kind}: ${t}`).toContain(t);
      }
    }
  });

  it('an enterprise outside the deal gets no contract, an unknown kind is 404', async () => {
    const res = await users.unit_operator!.call('GET', `${DOCS}/contract/${loanId}`);
    expect(body(res).code).toBe('SCF.RECORD_FORBIDDEN');
    const unknown = await users.chain_operator!.call('GET', `${DOCS}/other/${loanId}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('confirmed and signed by both sides, lent and repaid', async () => {
    await step(users.chain_operator!, L, loanId, 'confirm');
    await step(users.core_operator!, L, loanId, 'ownerConfirm');
    await step(users.chain_director!, L, loanId, 'sign', { signature: SIGN });
    await step(users.core_director!, L, loanId, 'ownerSign', { signature: SIGN });
    const lent = await step(users.fin_client_manager!, L, loanId, 'lend');
    expect(lent).toMatchObject({
      status: 'FL9',
      loanDate: '2026-11-20',
      interest: INTEREST,
      repayAmount: REPAY,
    });
    expect(body(await getRecord(users.chain_operator!, R, receivableId)).data.status).toBe('AR4');
    const repaid = await step(users.fin_client_manager!, L, loanId, 'repay');
    expect(repaid).toMatchObject({ status: 'FLD', repayDate: '2026-11-20' });
    expect(body(await getRecord(users.chain_operator!, R, receivableId)).data.status).toBe('AR5');
    const signed = body(await getRecord(users.chain_operator!, L, loanId)).data.audit.filter(
      (a: { signed: boolean }) => a.signed,
    );
    expect(signed.map((a: { action: string }) => a.action)).toEqual(['factorApprove', 'sign', 'ownerSign']);
  });

  it('the seeded demo has loans in every status', async () => {
    const all = await list(users.fin_client_manager!, L, { size: '100' });
    const states = new Set(all.list.map((x: { status: string }) => x.status));
    for (const st of ['FL0', 'FL1', 'FL2', 'FL3', 'FL4', 'FL5', 'FL6', 'FL7', 'FL8', 'FL9', 'FLD', 'FLX'])
      expect(states.has(st), st).toBe(true);
  });
});

/** The summed measures of the 台账统计 pages (standard and joint) and their table columns. */
const COLUMNS = {
  financeAmount: 'finance_amount',
  loanAmount: 'loan_amount',
  interest: 'interest',
  repayAmount: 'repay_amount',
} as const;

describe("台账统计 (/factoring/forward/ledger-statistics): the server aggregates each side's loans", () => {
  const STATES = ['FL0', 'FL1', 'FL2', 'FL3', 'FL4', 'FL5', 'FL6', 'FL7', 'FL8', 'FL9', 'FLD', 'FLX'];
  /** Count and sum per state of one enterprise's loans, straight from the table. */
  async function fromTable(column: string, corp: string, measure: string) {
    const r = await s.db.query<{ state: string; n: number; v: string }>(
      `select state, count(*)::int as n, coalesce(sum(${measure}), 0)::text as v
         from factoring_loan where ${column} = $1 group by state`,
      [corp],
    );
    return new Map(r.rows.map((x) => [x.state, { count: x.n, total: sumMoney([x.v]) }]));
  }

  it.each([
    ['fin_client_manager', 'factor_corp_id', 'FIN001'],
    ['core_operator', 'debtor_corp_id', 'CORE001'],
    ['chain_operator', 'creditor_corp_id', 'SUP001'],
  ] as const)('%s: every figure per status matches the table to the cent', async (user, column, corp) => {
    for (const [measure, col] of Object.entries(COLUMNS)) {
      const res = body(
        await users[user]!.call('GET', `/biz/v1/models/${L}/aggregates`, {
          query: { groupBy: 'status', measure },
        }),
      );
      expect(res.code, res.message).toBe('0');
      const want = await fromTable(column, corp, col);
      expect(res.data.count).toBe([...want.values()].reduce((n, w) => n + w.count, 0));
      expect(res.data.total).toBe(sumMoney([...want.values()].map((w) => w.total)));
      for (const state of STATES) {
        const got = res.data.groups.find((g: { key: string }) => g.key === state);
        expect(got?.value ?? '0.00', `${user} ${measure} ${state}`).toBe(want.get(state)?.total ?? '0.00');
        expect(got?.count ?? 0, `${user} ${state}`).toBe(want.get(state)?.count ?? 0);
      }
    }
  });

  it('groups by status with the dictionary labels, by month and by counterparty name', async () => {
    const factor = users.fin_client_manager!;
    const ask = async (groupBy: string) =>
      body(
        await factor.call('GET', `/biz/v1/models/${L}/aggregates`, {
          query: { groupBy, measure: 'financeAmount' },
        }),
      ).data as { total: string; groups: Array<{ key: string; label: string; value: string }> };
    const byStatus = await ask('status');
    expect(byStatus.groups.find((g) => g.key === 'FLD')).toMatchObject({ label: '已回款' });
    const byMonth = await ask('month');
    expect(byMonth.groups.every((g) => /^\d{4}-\d{2}$/.test(g.key))).toBe(true);
    expect(sumMoney(byMonth.groups.map((g) => g.value))).toBe(byStatus.total);
    const byCounterparty = await ask('counterparty');
    expect(byCounterparty.groups.map((g) => g.label)).toContain('华建建材供应有限公司');
    expect(sumMoney(byCounterparty.groups.map((g) => g.value))).toBe(byStatus.total);
  });
});

describe('joint factoring: funders share a deal 60/40, each approves its share and signs its contract', () => {
  const J = 'factoringJointLoan';
  const C = 'factoringJointContract';
  const JOINT_DOCS = '/biz/v1/factoring/joint-contracts';
  let receivableId = '';
  let loanId = '';
  let contracts: Record<string, string> = {};
  const joint = (funders: Array<[string, string]>, financeAmount = '100000.01'): Record<string, unknown> => {
    const { factorCorpId: _factor, ...rest } = loanBody(receivableId, financeAmount);
    return { ...rest, funders: funders.map(([funderCorpId, ratio]) => ({ funderCorpId, ratio })) };
  };

  beforeAll(async () => {
    const res = await create(users.chain_operator!, R, {
      debtorCorpId: 'CORE001',
      amount: '200000.00',
      dueDate: '2027-02-19',
      contractNo: 'JC-TEST-002',
      contractName: '钢材采购合同',
    });
    receivableId = body(res).data.id;
    await step(users.chain_operator!, R, receivableId, 'submit');
    await step(users.chain_director!, R, receivableId, 'approve');
  });

  it('refuses shares that do not add up to 100 % or repeat a funder, writing nothing', async () => {
    const before = await count(s, 'factoring_joint_loan');
    const short = await create(
      users.chain_operator!,
      J,
      joint([
        ['FIN001', '60'],
        ['FIN003', '30'],
      ]),
    );
    // The model's sumTo (the rule the form checks before submit too), on the funders field.
    expect(body(short)).toMatchObject({
      code: 'SCF.RECORD_INVALID',
      message: '各参与机构份额比例合计须为100%，当前合计90%',
      data: { errors: [{ field: '/funders', message: '各参与机构份额比例合计须为100%，当前合计90%' }] },
    });
    const twice = await create(
      users.chain_operator!,
      J,
      joint([
        ['FIN001', '60'],
        ['FIN001', '40'],
      ]),
    );
    expect(body(twice).code).toBe('SCF.FACTORING_FUNDER_DUPLICATE');
    const one = await create(users.chain_operator!, J, joint([['FIN001', '100']]));
    expect(body(one).code).toBe('SCF.RECORD_INVALID');
    expect(await count(s, 'factoring_joint_loan')).toBe(before);
  });

  it('splits 100,000.01 into exact shares (the last takes the remainder)', async () => {
    const res = await create(
      users.chain_operator!,
      J,
      joint([
        ['FIN001', '60'],
        ['FIN003', '40'],
      ]),
    );
    expect(body(res).code).toBe('0');
    const loan = body(res).data;
    loanId = loan.id;
    expect(loan.funders).toMatchObject([
      { funderCorpId: 'FIN001', funderName: '建信商业保理有限公司', ratio: '60', shareAmount: '60000.01' },
      {
        funderCorpId: 'FIN003',
        funderName: '中融联合商业保理有限公司',
        ratio: '40',
        shareAmount: '40000.00',
      },
    ]);
    expect(loan).toMatchObject({
      leadCorpId: 'FIN001',
      leadName: '建信商业保理有限公司',
      debtorName: '华建集团第一工程局有限公司',
      funderNames: '建信商业保理有限公司、中融联合商业保理有限公司',
    });
    // Both funders see it; an enterprise outside does not.
    expect(body(await getRecord(users.fin2_client_manager!, J, loanId)).code).toBe('0');
    expect(body(await getRecord(users.unit_operator!, J, loanId)).code).toBe('SCF.RECORD_FORBIDDEN');
  });

  it('each funder approves its own share once; the deal waits for the last one', async () => {
    await step(users.chain_operator!, J, loanId, 'submit');
    const opened = await step(users.chain_director!, J, loanId, 'approve');
    expect(opened).toMatchObject({ status: 'JL2', pendingFunderCorpIds: ['FIN001', 'FIN003'] });
    const first = await step(users.fin_product_manager!, J, loanId, 'funderApprove', { signature: SIGN });
    expect(first).toMatchObject({ status: 'JL2', pendingFunderCorpIds: ['FIN003'] });
    expect(first.funders[0].approvedDate).toBe('2026-11-20');
    const again = await act(users.fin_product_manager!, J, loanId, 'funderApprove', {
      version: first.version,
      signature: SIGN,
    });
    expect(body(again).code).toBe('SCF.ACTION_PARTY_FORBIDDEN');
    const last = await step(users.fin2_product_manager!, J, loanId, 'funderApprove', { signature: SIGN });
    expect(last).toMatchObject({ status: 'JL3', pendingFunderCorpIds: [] });
  });

  it('each funder has its own contract with its share; each sees only its own', async () => {
    const mine = await list(users.fin_product_manager!, C, { loanId });
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({
      status: 'JC1',
      funderCorpId: 'FIN001',
      funderName: '建信商业保理有限公司',
      ratio: '60',
      shareAmount: '60000.01',
      financeAmount: '100000.01',
      creditorName: '华建建材供应有限公司',
      leadName: '建信商业保理有限公司',
      debtorName: '华建集团第一工程局有限公司',
    });
    const second = await list(users.fin2_product_manager!, C, { loanId });
    expect(second.list).toHaveLength(1);
    expect(second.list[0]).toMatchObject({ funderCorpId: 'FIN003', ratio: '40', shareAmount: '40000.00' });
    const creditor = await list(users.chain_operator!, C, { loanId });
    expect(creditor.list.map((k: { funderCorpId: string }) => k.funderCorpId).sort()).toEqual([
      'FIN001',
      'FIN003',
    ]);
    contracts = Object.fromEntries(
      creditor.list.map((k: { funderCorpId: string; id: string }) => [k.funderCorpId, k.id]),
    );
    const outside = await getRecord(users.fin2_product_manager!, C, contracts.FIN001!);
    expect(body(outside).code).toBe('SCF.RECORD_FORBIDDEN');
  });

  it('the lead cannot lend before every contract is signed by both sides', async () => {
    const current = body(await getRecord(users.fin_client_manager!, J, loanId)).data;
    // Not offered (factoringJointLoan lend `requires`, ADR 0014): set apart with the reason the page shows.
    expect(current.actions).not.toContain('lend');
    expect(current.blockedActions.lend).toMatch(
      /^各参与机构的保理合同均签署完成后才能放款，尚未签署的合同：LBL\d{14}（待债权人确认）、LBL\d{14}（待债权人确认）$/,
    );
    const early = await act(users.fin_client_manager!, J, loanId, 'lend', { version: current.version });
    expect(body(early)).toMatchObject({ code: 'SCF.RELATED_BLOCKED', message: current.blockedActions.lend });
    expect(body(await getRecord(users.fin_client_manager!, J, loanId)).data.status).toBe('JL3');
  });

  it("each funder's contract is a PDF with its share in figures and capitals", async () => {
    const expected: Record<string, string[]> = {
      FIN001: ['建信商业保理有限公司', '60%', '¥60,000.01', '人民币陆万元零壹分'],
      FIN003: ['中融联合商业保理有限公司', '40%', '¥40,000.00', '人民币肆万元整'],
    };
    for (const [funder, texts] of Object.entries(expected))
      for (const user of [
        'chain_operator',
        funder === 'FIN001' ? 'fin_product_manager' : 'fin2_product_manager',
      ]) {
        const res = await users[user]!.call('GET', `${JOINT_DOCS}/${contracts[funder]}`, {
          unsigned: true,
          noCsrf: true,
        });
        expect(res.statusCode, `${user} ${funder}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        const text = await pdfText(res.rawPayload);
        for (const t of [
          '国内商业保理合同',
          '¥100,000.01',
          '人民币壹拾万元零壹分',
          '华建建材供应有限公司',
          '（待签署）',
          ...texts,
        ])
          expect(text, `${funder}: ${t}`).toContain(t);
      }
    const outside = await users.fin2_product_manager!.call('GET', `${JOINT_DOCS}/${contracts.FIN001}`);
    expect(body(outside).code).toBe('SCF.RECORD_FORBIDDEN');
  });

  it('the creditor confirms and signs each contract, each funder signs its own with the UKEY', async () => {
    for (const funder of ['FIN001', 'FIN003']) {
      const id = contracts[funder]!;
      expect((await step(users.chain_operator!, C, id, 'confirm')).status).toBe('JC2');
      const current = body(await getRecord(users.chain_director!, C, id)).data;
      const unsigned = await act(users.chain_director!, C, id, 'sign', { version: current.version });
      expect(body(unsigned).code).toBe('SCF.SIGNATURE_REQUIRED');
      expect((await step(users.chain_director!, C, id, 'sign', { signature: SIGN })).status).toBe('JC3');
    }
    // A funder cannot sign the other's contract.
    const other = body(await getRecord(users.chain_operator!, C, contracts.FIN003!)).data;
    const wrong = await act(users.fin_product_manager!, C, contracts.FIN003!, 'funderSign', {
      version: other.version,
      signature: SIGN,
    });
    expect(body(wrong).code).toMatch(/^SCF\.(RECORD|ACTION_PARTY)_FORBIDDEN$/);
    const first = await step(users.fin_product_manager!, C, contracts.FIN001!, 'funderSign', {
      signature: SIGN,
    });
    expect(first.status).toBe('JC4');
    const half = body(await getRecord(users.fin_client_manager!, J, loanId)).data;
    const early = await act(users.fin_client_manager!, J, loanId, 'lend', { version: half.version });
    expect(body(early).message).toMatch(/尚未签署的合同：LBL\d{14}（待资金方签署）$/);
    expect(body(early).data.blocking.map((b: Json) => b.id)).toEqual([contracts.FIN003]);
    const last = await step(users.fin2_product_manager!, C, contracts.FIN003!, 'funderSign', {
      signature: SIGN,
    });
    expect(last.status).toBe('JC4');
    const { audit } = body(await getRecord(users.chain_operator!, C, contracts.FIN003!)).data;
    const signed = audit.filter((a: { signed: boolean }) => a.signed);
    expect(signed.map((a: { action: string }) => a.action)).toEqual(['sign', 'funderSign']);
    const pdf = await users.chain_operator!.call('GET', `${JOINT_DOCS}/${contracts.FIN003}`, {
      unsigned: true,
      noCsrf: true,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('已使用UKEY电子签名');
    expect(text).not.toContain('（待签署）');
  });

  it('only the lead funder lends and registers the repayment', async () => {
    const current = body(await getRecord(users.fin2_client_manager!, J, loanId)).data;
    const other = await act(users.fin2_client_manager!, J, loanId, 'lend', { version: current.version });
    expect(body(other).code).toBe('SCF.ACTION_PARTY_FORBIDDEN');
    expect((await step(users.fin_client_manager!, J, loanId, 'lend')).status).toBe('JL4');
    expect((await step(users.fin_client_manager!, J, loanId, 'repay')).status).toBe('JLD');
    expect(body(await getRecord(users.chain_operator!, R, receivableId)).data.status).toBe('AR5');
  });

  it("the seeded demo has funders' contracts in every status", async () => {
    const all = await list(users.chain_operator!, C, { size: '100' });
    const states = new Set(all.list.map((x: { status: string }) => x.status));
    for (const st of ['JC1', 'JC2', 'JC3', 'JC4']) expect(states.has(st), st).toBe(true);
  });
});

describe("联合保理台账统计 (/factoring/joint/ledger-statistics): each side's deals and every funder's share", () => {
  const J = 'factoringJointLoan';
  const C = 'factoringJointContract';
  const STATES = ['JL0', 'JL1', 'JL2', 'JL3', 'JL4', 'JLD', 'JLX'];
  type Groups = {
    total: string;
    count: number;
    groups: Array<{ key: string; label: string; value: string; count: number }>;
  };
  const ask = async (user: string, model: string, groupBy: string, measure: string): Promise<Groups> => {
    const res = body(
      await users[user]!.call('GET', `/biz/v1/models/${model}/aggregates`, { query: { groupBy, measure } }),
    );
    expect(res.code, res.message).toBe('0');
    return res.data as Groups;
  };
  /** Count and sum of a column per state of the deals an enterprise takes part in, straight from the table. */
  async function fromTable(where: string, corp: string, column: string) {
    const r = await s.db.query<{ state: string; n: number; v: string }>(
      `select state, count(*)::int as n, coalesce(sum(${column}), 0)::text as v
         from factoring_joint_loan where ${where} group by state`,
      [corp],
    );
    return new Map(r.rows.map((x) => [x.state, { count: x.n, total: sumMoney([x.v]) }]));
  }

  it.each([
    ['chain_operator', 'creditor_corp_id = $1', 'SUP001'],
    ['fin2_client_manager', 'funder_corp_ids ? $1', 'FIN003'],
  ] as const)('%s: every figure per status matches the table to the cent', async (user, where, corp) => {
    for (const [measure, column] of Object.entries(COLUMNS)) {
      const got = await ask(user, J, 'status', measure);
      const want = await fromTable(where, corp, column);
      expect(got.count).toBeGreaterThan(0);
      expect(got.count).toBe([...want.values()].reduce((n, w) => n + w.count, 0));
      expect(got.total).toBe(sumMoney([...want.values()].map((w) => w.total)));
      for (const state of STATES) {
        const group = got.groups.find((g) => g.key === state);
        expect(group?.value ?? '0.00', `${user} ${measure} ${state}`).toBe(want.get(state)?.total ?? '0.00');
      }
    }
    const byStatus = await ask(user, J, 'status', 'financeAmount');
    for (const groupBy of ['month', 'counterparty'])
      expect(sumMoney((await ask(user, J, groupBy, 'financeAmount')).groups.map((g) => g.value))).toBe(
        byStatus.total,
      );
  });

  it("groups the creditor's deals by lead funder and a funder's by creditor", async () => {
    const creditor = await ask('chain_operator', J, 'counterparty', 'financeAmount');
    expect(creditor.groups.map((g) => g.label)).toContain('建信商业保理有限公司');
    const funder = await ask('fin2_client_manager', J, 'counterparty', 'financeAmount');
    expect(funder.groups.map((g) => g.label)).toEqual(['华建建材供应有限公司']);
    expect(funder.groups[0]!.value).toBe(funder.total);
  });

  it("sums every funder's share by funder, exact to the cent; a funder sees only its own", async () => {
    const r = await s.db.query<{ funder: string; name: string; n: number; v: string }>(
      `select funder_corp_id as funder, funder_name as name, count(*)::int as n, sum(share_amount)::text as v
         from factoring_joint_contract where creditor_corp_id = 'SUP001' group by 1, 2 order by 1`,
    );
    expect(r.rows.length).toBeGreaterThanOrEqual(2);
    const all = await ask('chain_operator', C, 'funder', 'shareAmount');
    expect(all.groups.map((g) => [g.key, g.label, g.value, g.count])).toEqual(
      r.rows.map((x) => [x.funder, x.name, sumMoney([x.v]), x.n]),
    );
    const own = await ask('fin2_product_manager', C, 'funder', 'shareAmount');
    expect(own.groups.map((g) => g.key)).toEqual(['FIN003']);
    expect(own.total).toBe(sumMoney([r.rows.find((x) => x.funder === 'FIN003')!.v]));
    // The shares of each deal add up to its finance amount, to the cent.
    const deals = await s.db.query<{ finance: string; shares: string }>(
      `select l.finance_amount::text as finance, sum(c.share_amount)::text as shares
         from factoring_joint_loan l join factoring_joint_contract c on c.loan_id = l.id group by l.id`,
    );
    expect(deals.rows.length).toBeGreaterThan(0);
    for (const d of deals.rows) expect(sumMoney([d.shares])).toBe(sumMoney([d.finance]));
    const byStatus = await ask('chain_operator', C, 'status', 'shareAmount');
    expect(byStatus.groups.find((g) => g.key === 'JC4')).toMatchObject({ label: '已签署' });
    expect(byStatus.total).toBe(all.total);
  });
});

function loanBody(receivableId: string, financeAmount: string): Record<string, unknown> {
  return {
    receivableId,
    factorCorpId: 'FIN001',
    financeAmount,
    annualRate: '0.0725',
    interestMode: 'POST',
    recourse: 'RECOURSE',
    accountNo: '6227000012345678901',
    accountName: '华建建材供应有限公司',
    bankName: '中国建设银行北京西城支行',
    bankCode: '105100000017',
  };
}
