import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_PROFILE_API } from '@contract/enterprise';
import {
  maskPersonalData,
  personalDataFor,
  seesPersonalData,
  seesRecordPersonalData,
} from '@contract/personalData';
import { exportPath, type ExportJob } from '@renderer/core/model';
import type { Browser } from './helpers';
import {
  API,
  as,
  body,
  create,
  getRecord,
  type Json,
  list,
  modelsServer,
  type ModelsTestServer,
} from './modelsHelpers';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

describe('personal data by role (contract/personalData.ts)', () => {
  it('masks the ends-kept way, whole only for operators, directors and the administrator', () => {
    expect(maskPersonalData('idCard', '11010519491231002X')).toBe('1101****002X');
    expect(maskPersonalData('mobile', '13800000002')).toBe('138****0002');
    expect(maskPersonalData('bankAccount', '6217000010001234')).toBe('6217****1234');
    expect(maskPersonalData('mobile', '1380')).toBe('****');
    expect(maskPersonalData('idCard', maskPersonalData('idCard', '11010519491231002X'))).toBe('1101****002X');
    expect(['ROLE_CORE_OPERATOR', 'ROLE_UNIT_DIRECTOR', 'ROLE_CORP_MANAGER'].map(seesPersonalData)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['ROLE_CORE_QUERY', 'ROLE_CORE_PURCHASE', 'ROLE_FIN_CLIENT_MANAGER', 'ROLE_CORP_DEFAULT', null].map(
        seesPersonalData,
      ),
    ).toEqual([false, false, false, false, false]);
    expect(personalDataFor('ROLE_CORE_QUERY', 'mobile', '')).toBe('');
  });

  it('gives a query role masked ID numbers and phones on the profile and every other answer', async () => {
    const corp = (
      await s.db.query<{ legal_id_card: string; contact_mobile: string }>(
        "select legal_id_card, contact_mobile from corps where id = 'CORE001'",
      )
    ).rows[0]!;
    const mobileOf = async (username: string) =>
      (await s.db.query<{ mobile: string }>('select mobile from users where username = $1', [username]))
        .rows[0]!.mobile;
    expect(corp.legal_id_card.length).toBeGreaterThan(8);

    const query = await as(s.app, 'core_query');
    const profile = body(await query.call('GET', ENTERPRISE_PROFILE_API)).data;
    expect(profile).toMatchObject({
      legalIdCard: maskPersonalData('idCard', corp.legal_id_card),
      contactMobile: maskPersonalData('mobile', corp.contact_mobile),
    });
    const mine = maskPersonalData('mobile', await mobileOf('core_query'));
    expect(body(await query.call('GET', '/v2/security')).data.user3.mobile).toBe(mine);
    expect(body(await query.call('GET', '/corp/v1/persons/me')).data.mobile).toBe(mine);
    const realname = body(await query.call('GET', '/corp/v1/realname/status')).data;
    expect(realname.legalIdCard).not.toContain(corp.legal_id_card.slice(4, -4));

    const operator = await as(s.app, 'core_operator');
    expect(body(await operator.call('GET', ENTERPRISE_PROFILE_API)).data).toMatchObject({
      legalIdCard: corp.legal_id_card,
      contactMobile: corp.contact_mobile,
    });
    expect(body(await operator.call('GET', '/v2/security')).data.user3.mobile).toBe(
      await mobileOf('core_operator'),
    );
  });
});

/** The cells of an export of `model`'s `field` as `b` gets them (one column, every matching row). */
async function exported(b: Browser, model: string, field: string, params: Json = {}): Promise<unknown[]> {
  const res = body(
    await b.call('POST', exportPath(model), { body: { params, columns: [{ field, title: field }] } }),
  );
  expect(res.code, res.message).toBe('0');
  const file = await b.call('GET', (res.data as ExportJob).url!, { unsigned: true });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  return Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(1).value);
}

describe('model records: personal data by the same rule (server/models/personalFields.ts)', () => {
  it('gives a query role masked bank accounts in a list, a detail and an export; an operator whole', async () => {
    const stored = new Map(
      (
        await s.db.query<{ id: string; account_no: string }>('select id, account_no from corp_bank_account')
      ).rows.map((r) => [r.id, r.account_no]),
    );
    const masked = (id: unknown) => maskPersonalData('bankAccount', stored.get(String(id))!);
    const query = await as(s.app, 'core_query');
    const operator = await as(s.app, 'core_operator');
    const sort = { sort: 'createdAt,desc', size: '100' };

    const rows = (await list(query, 'corpBankAccount', sort)).list as Json[];
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) {
      expect(stored.get(String(row.id))!.length).toBeGreaterThan(8);
      expect(row.accountNo).toBe(masked(row.id));
    }
    const detail = body(await getRecord(query, 'corpBankAccount', String(rows[0]!.id))).data;
    expect(detail.accountNo).toBe(masked(rows[0]!.id));
    expect(await exported(query, 'corpBankAccount', 'accountNo', sort)).toEqual(
      rows.map((r) => masked(r.id)),
    );

    const whole = (await list(operator, 'corpBankAccount', sort)).list as Json[];
    expect(whole.map((r) => r.accountNo)).toEqual(whole.map((r) => stored.get(String(r.id))));
    expect(body(await getRecord(operator, 'corpBankAccount', String(whole[0]!.id))).data.accountNo).toBe(
      stored.get(String(whole[0]!.id)),
    );
    expect(await exported(operator, 'corpBankAccount', 'accountNo', sort)).toEqual(
      whole.map((r) => stored.get(String(r.id))),
    );
  });

  it('masks ID numbers and phones of an information change, before and after, and transfer lines', async () => {
    const op = await as(s.app, 'unit_operator');
    const created = body(
      await create(op, 'corpInfoChange', {
        legalIdCard: '11010519491231002X',
        contactMobile: '13912345678',
        changeReason: '联系人变更',
      }),
    );
    expect(created.code, created.message).toBe('0');
    expect(created.data).toMatchObject({ legalIdCard: '11010519491231002X', contactMobile: '13912345678' });
    const id = String(created.data.id);
    const { beforeLegalIdCard, beforeContactMobile } = created.data as {
      beforeLegalIdCard: string;
      beforeContactMobile: string;
    };
    expect(beforeLegalIdCard.length).toBe(18);

    const query = await as(s.app, 'unit_query');
    const seen = {
      legalIdCard: '1101****002X',
      contactMobile: '139****5678',
      beforeLegalIdCard: maskPersonalData('idCard', beforeLegalIdCard),
      beforeContactMobile: maskPersonalData('mobile', beforeContactMobile),
    };
    expect(body(await getRecord(query, 'corpInfoChange', id)).data).toMatchObject(seen);
    const row = ((await list(query, 'corpInfoChange', { size: '100' })).list as Json[]).find(
      (r) => r.id === id,
    );
    expect(row).toMatchObject(seen);

    // A transfer's lines: each line's receiving account.
    const lines = await s.db.query<{ id: string; lines: Array<{ accountNo?: string }> }>(
      "select id, lines from credit_transfer where visible_corps @> array['SUP001'] and lines::text like '%accountNo%' limit 1",
    );
    const transfer = lines.rows[0]!;
    const chainQuery = await as(s.app, 'chain_query');
    const answered = body(await getRecord(chainQuery, 'creditTransfer', transfer.id)).data;
    expect((answered.lines as Json[]).map((l) => l.accountNo)).toEqual(
      transfer.lines.map((l) => (l.accountNo ? maskPersonalData('bankAccount', l.accountNo) : l.accountNo)),
    );
    const chainOperator = await as(s.app, 'chain_operator');
    expect(body(await getRecord(chainOperator, 'creditTransfer', transfer.id)).data.lines).toEqual(
      transfer.lines,
    );
  });

  it('gives the funder who pays into a receiving account the number whole; the debtor and query roles masked', async () => {
    const FIN = ['ROLE_FIN_CLIENT_MANAGER', 'ROLE_FIN_PRODUCT_MANAGER'];
    const decl = { owner: 'creditorCorpId', wholeFor: [{ party: 'factorCorpId', roles: FIN }] };
    const partyOf = (field: string) => (f: string) => f === field;
    expect(seesRecordPersonalData('ROLE_FIN_CLIENT_MANAGER', decl, partyOf('factorCorpId'))).toBe(true);
    expect(seesRecordPersonalData('ROLE_FIN_CLIENT_MANAGER', decl, partyOf('creditorCorpId'))).toBe(false);
    expect(seesRecordPersonalData('ROLE_CORE_OPERATOR', decl, partyOf('debtorCorpId'))).toBe(false);
    expect(seesRecordPersonalData('ROLE_CORP_DIRECTOR', decl, partyOf('creditorCorpId'))).toBe(true);
    expect(seesRecordPersonalData('ROLE_CORP_QUERY', decl, partyOf('creditorCorpId'))).toBe(false);
    expect(seesRecordPersonalData(null, decl, () => true)).toBe(false);

    // A forward factoring loan: the factor lends into the creditor's account; the debtor pays the factor.
    const loan = (
      await s.db.query<{ id: string; account_no: string }>(
        `select id, account_no from factoring_loan where factor_corp_id = 'FIN001' and creditor_corp_id = 'SUP001'
           and debtor_corp_id = 'CORE001' and length(account_no) > 8 order by id limit 1`,
      )
    ).rows[0]!;
    const masked = maskPersonalData('bankAccount', loan.account_no);
    const seen = async (username: string, model: string, id: string) =>
      body(await getRecord(await as(s.app, username), model, id)).data.accountNo;
    const whole = ['fin_client_manager', 'fin_product_manager', 'chain_operator', 'chain_director'];
    const hidden = ['chain_query', 'core_operator', 'core_director', 'core_query'];
    for (const u of whole) expect(await seen(u, 'factoringLoan', loan.id), u).toBe(loan.account_no);
    for (const u of hidden) expect(await seen(u, 'factoringLoan', loan.id), u).toBe(masked);
    const fin = await as(s.app, 'fin_client_manager');
    const row = ((await list(fin, 'factoringLoan', { size: '100' })).list as Json[]).find(
      (r) => r.id === loan.id,
    );
    expect(row?.accountNo).toBe(loan.account_no);

    // A voucher's finance: the institution lends (放款) and checks the loan (放款复核); the issuer does not pay.
    const finance = (
      await s.db.query<{ id: string; account_no: string }>(
        `select id, account_no from credit_finance where fin_corp_id = 'FIN001' and applicant_corp_id = 'SUP001'
           and issuer_corp_id = 'CORE001' and length(account_no) > 8 order by id limit 1`,
      )
    ).rows[0]!;
    for (const u of ['fin_client_manager', 'fin_product_manager', 'chain_operator'])
      expect(await seen(u, 'creditFinance', finance.id), u).toBe(finance.account_no);
    for (const u of ['core_operator', 'chain_query'])
      expect(await seen(u, 'creditFinance', finance.id), u).toBe(
        maskPersonalData('bankAccount', finance.account_no),
      );
  });

  it('refuses a masking role a filter, sort or group on a masked field (FIELD_MASKED); allows the operator', async () => {
    const query = await as(s.app, 'core_query');
    const operator = await as(s.app, 'core_operator');
    const filter = { accountNo: '6217' };
    const refused = body(await query.call('GET', `${API}/corpBankAccount/records`, { query: filter }));
    expect(refused).toMatchObject({
      code: 'SCF.FIELD_MASKED',
      message: '当前角色不能按“账号”查询、排序或统计',
    });
    expect(body(await operator.call('GET', `${API}/corpBankAccount/records`, { query: filter })).code).toBe(
      '0',
    );
    const grouped = { groupBy: 'accountNo' };
    expect(body(await query.call('GET', `${API}/corpBankAccount/aggregates`, { query: grouped })).code).toBe(
      'SCF.FIELD_MASKED',
    );
    const exportFiltered = body(
      await query.call('POST', exportPath('corpBankAccount'), {
        body: { params: filter, columns: [{ field: 'accountName', title: '户名' }] },
      }),
    );
    expect(exportFiltered.code).toBe('SCF.FIELD_MASKED');
  });
});
