import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareMoney } from '@renderer/core/format';
import { signRequest } from '@/api/signature';
import { clock } from './helpers';
import {
  API,
  act,
  type Json,
  as,
  body,
  count,
  create,
  getRecord,
  list,
  modelsServer,
  SIGN,
  type ModelsTestServer,
} from './modelsHelpers';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

const issuePayload = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  supplierCorpId: 'SUP001',
  statements: [
    {
      statementNo: 'DZ-M-1',
      statementDate: '2026-11-01',
      statementAmount: '500000.00',
      billAmount: '300000.00',
      expectedPayDate: '2027-03-01',
    },
  ],
  amount: '300000.00',
  dueDate: '2027-03-01',
  remark: '测试',
  ...over,
});

/** A GET with repeated parameters (the Browser helper takes a record); reads need no signature. */
/** A GET with a query string sent as written (repeated names), signed over exactly that query. */
async function rawGet(b: Awaited<ReturnType<typeof as>>, path: string, query: string): Promise<Json> {
  const signature = signRequest({
    method: 'GET',
    path: `/api/web${path}`,
    rawQuery: query,
    body: '',
    csrfToken: b.csrf,
    timestamp: clock.now.getTime(),
  });
  return (await b.call('GET', `${path}?${query}`, { signature })).json();
}

describe('lists: visibility, filters, paging, sort', () => {
  it('answers list and pagecond, and only records visible to the enterprise', async () => {
    const chain = await as(s.app, 'chain_operator');
    const data = await list(chain, 'creditVoucher', { page: '1', size: '100' });
    expect(data.pagecond).toMatchObject({ page: 1, size: 100 });
    expect(data.list.length).toBe(Math.min(100, data.pagecond.count));
    for (const v of data.list) {
      expect([v.issuerCorpId, v.holderCorpId, v.firstHolderCorpId, v.transferorCorpId]).toContain('SUP001');
    }
    const total = (
      await s.db.query<{ n: number }>(
        "select count(*)::int as n from credit_voucher where 'SUP001' = any(visible_corps)",
      )
    ).rows[0]!.n;
    expect(data.pagecond.count).toBe(total);
    const all = (await s.db.query<{ n: number }>('select count(*)::int as n from credit_voucher')).rows[0]!.n;
    expect(total).toBeLessThan(all);
  });

  it('pages without overlap and caps size at 100', async () => {
    const core = await as(s.app, 'core_query');
    const p1 = await list(core, 'creditIssue', { page: '1', size: '7' });
    const p2 = await list(core, 'creditIssue', { page: '2', size: '7' });
    const ids1 = p1.list.map((r: { id: string }) => r.id);
    expect(p2.list.map((r: { id: string }) => r.id).some((id: string) => ids1.includes(id))).toBe(false);
    expect((await list(core, 'creditIssue', { size: '1000' })).pagecond.size).toBe(100);
  });

  it('filters by repeated status, amount range, date range and text', async () => {
    const core = await as(s.app, 'core_query');
    const byStatus = await rawGet(core, `${API}/creditIssue/records`, 'status=IS0&status=IS1&size=100');
    expect(byStatus.data.list.length).toBeGreaterThan(0);
    expect(new Set(byStatus.data.list.map((r: { status: string }) => r.status))).toEqual(
      new Set(['IS0', 'IS1']),
    );

    const ranged = await list(core, 'creditVoucher', {
      amountMin: '200000',
      amountMax: '800000.50',
      size: '100',
    });
    expect(ranged.list.length).toBeGreaterThan(0);
    for (const v of ranged.list) {
      expect(compareMoney(v.amount, '200000')).toBeGreaterThanOrEqual(0);
      expect(compareMoney(v.amount, '800000.50')).toBeLessThanOrEqual(0);
    }
    const dated = await list(core, 'creditVoucher', {
      issueDateFrom: '2026-06-01',
      issueDateTo: '2026-10-31',
      size: '100',
    });
    for (const v of dated.list) expect(v.issueDate >= '2026-06-01' && v.issueDate <= '2026-10-31').toBe(true);

    const one = (await list(core, 'creditVoucher', { size: '1' })).list[0];
    const fragment = one.voucherNo.slice(-8);
    const found = await list(core, 'creditVoucher', { voucherNo: fragment });
    expect(found.list.map((v: { id: string }) => v.id)).toContain(one.id);
    for (const v of found.list) expect(v.voucherNo).toContain(fragment);
    const byName = await list(core, 'creditIssue', { supplierName: '项目部', size: '100' });
    expect(byName.list.length).toBeGreaterThan(0);
    for (const r of byName.list) expect(r.supplierCorpId).toBe('UNIT001');
  });

  it('sorts on whitelisted fields only', async () => {
    const core = await as(s.app, 'core_query');
    const asc = (await list(core, 'creditVoucher', { sort: 'amount,asc', size: '50' })).list;
    for (let i = 1; i < asc.length; i++)
      expect(compareMoney(asc[i - 1].amount, asc[i].amount)).toBeLessThanOrEqual(0);
    const desc = (await list(core, 'creditVoucher', { sort: 'dueDate,desc', size: '50' })).list;
    for (let i = 1; i < desc.length; i++) expect(desc[i - 1].dueDate >= desc[i].dueDate).toBe(true);
    const bad = await core.call('GET', `${API}/creditVoucher/records`, {
      query: { sort: 'remark;drop table credit_voucher,asc' },
    });
    expect(body(bad)).toMatchObject({ code: 'SCF.SORT_INVALID' });
    expect(
      body(await core.call('GET', `${API}/creditVoucher/records`, { query: { sort: 'holderName,asc' } }))
        .code,
    ).toBe('SCF.SORT_INVALID');
  });

  it('treats filter values as data (parameterised) and refuses malformed ones with a code', async () => {
    const core = await as(s.app, 'core_query');
    const evil = await list(core, 'creditVoucher', { voucherNo: "x' or '1'='1" });
    expect(evil.pagecond.count).toBe(0);
    const wildcard = await list(core, 'creditVoucher', { voucherNo: '%' });
    expect(wildcard.pagecond.count).toBe(0);
    const bad = body(
      await core.call('GET', `${API}/creditVoucher/records`, { query: { amountMin: '12abc' } }),
    );
    expect(bad).toMatchObject({ code: 'SCF.QUERY_INVALID', message: '查询条件“凭证金额”格式不正确' });
    expect(
      body(await core.call('GET', `${API}/creditVoucher/records`, { query: { issueDateFrom: '2026-13-45' } }))
        .code,
    ).toBe('SCF.QUERY_INVALID');
  });

  it('refuses a range whose lower bound lies above its upper bound instead of answering nothing', async () => {
    const core = await as(s.app, 'core_query');
    const query = (q: Record<string, string>) =>
      core.call('GET', `${API}/creditVoucher/records`, { query: q }).then(body);
    expect(await query({ amountMin: '100.00', amountMax: '99.99' })).toMatchObject({
      code: 'SCF.RANGE_ORDER_INVALID',
      message: '凭证金额：最低金额不能大于最高金额',
    });
    expect((await query({ issueDateFrom: '2026-05-02', issueDateTo: '2026-05-01' })).code).toBe(
      'SCF.RANGE_ORDER_INVALID',
    );
    // Equal bounds are a range of one value, not an error.
    expect((await query({ amountMin: '100.00', amountMax: '100' })).code).toBe('0');
  });

  it('answers 404 for an unknown model and 403 for a record of another enterprise', async () => {
    const core = await as(s.app, 'core_query');
    const unknown = await core.call('GET', `${API}/noSuchModel/records`);
    expect(unknown.statusCode).toBe(404);
    const unit = await as(s.app, 'unit_query');
    const supOnly = (
      await s.db.query<{ id: string }>(
        "select id from credit_voucher where not ('UNIT001' = any(visible_corps)) limit 1",
      )
    ).rows[0]!;
    const res = await getRecord(unit, 'creditVoucher', supOnly.id);
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 'SCF.RECORD_FORBIDDEN', message: '贵企业无权访问该记录' });
  });
});

describe('records: detail, create, update', () => {
  it('returns a record with its audit trail and visible children', async () => {
    const parent = (
      await s.db.query<{ id: string }>(
        "select p.id from credit_voucher p where exists (select 1 from credit_voucher c where c.parent_id = p.id and c.holder_corp_id = 'UNIT001') and p.holder_corp_id = 'SUP001' limit 1",
      )
    ).rows[0]!;
    const chain = await as(s.app, 'chain_query');
    const detail = body(await getRecord(chain, 'creditVoucher', parent.id)).data;
    expect(detail.children.length).toBeGreaterThan(0);
    for (const c of detail.children) expect(c.parentId).toBe(parent.id);
    expect(detail.audit[0]).toMatchObject({ action: 'create', to: 'ISD' });
    expect(Object.keys(detail.audit[0])).toEqual(
      expect.arrayContaining(['action', 'from', 'to', 'reason', 'userName', 'personName', 'at', 'signed']),
    );

    const issue = (
      await s.db.query<{ id: string }>("select id from credit_issue where state = 'ISD' limit 1")
    ).rows[0]!;
    const core = await as(s.app, 'core_query');
    const issueDetail = body(await getRecord(core, 'creditIssue', issue.id)).data;
    expect(issueDetail.audit.map((a: { action: string }) => a.action)).toEqual([
      'create',
      'approve',
      'finalApprove',
      'accept',
    ]);
    expect(issueDetail.audit.find((a: { action: string }) => a.action === 'approve')).toMatchObject({
      from: 'IS0',
      to: 'IS1',
      signed: true,
      userName: 'core_director',
      personName: '李志强',
    });
    expect(issueDetail.children).toHaveLength(1);
    expect(issueDetail.children[0].id).toBe(issueDetail.voucherId);
  });

  it('creates with server-set fields and refuses roles the model does not name', async () => {
    const op = await as(s.app, 'core_operator');
    const res = body(
      await create(op, 'creditIssue', { ...issuePayload(), issuerCorpId: 'SUP002', applyDate: '2000-01-01' }),
    );
    expect(res.code).toBe('0');
    expect(res.data).toMatchObject({
      status: 'IS0',
      issuerCorpId: 'CORE001',
      issuerName: '华建集团第一工程局有限公司',
      supplierName: '华建建材供应有限公司',
      applyDate: '2026-11-20',
      version: 1,
      editable: true,
    });
    expect(res.data.issueNo).toMatch(/^IS20261120\d{6}$/);
    expect(res.data.actions).toEqual(['discard']);
    const director = await as(s.app, 'core_director');
    const denied = await create(director, 'creditIssue', issuePayload());
    expect(denied.statusCode).toBe(403);
    expect(body(denied).code).toBe('SCF.CREATE_FORBIDDEN');
    expect(body(await create(op, 'creditVoucher', {})).code).toBe('SCF.CREATE_FORBIDDEN');
  });

  it.each([
    [
      'bad money 1.234',
      { amount: '1.234' },
      '凭证金额：请输入正确的金额（整数部分不超过14位，最多两位小数）',
    ],
    [
      'leading zero 0123',
      { amount: '0123' },
      '凭证金额：请输入正确的金额（整数部分不超过14位，最多两位小数）',
    ],
    ['a too-long remark', { remark: '长'.repeat(201) }, '备注不能超过200个字符'],
    ['a missing due date', { dueDate: null }, '请填写到期日'],
    ['an impossible date', { dueDate: '2027-02-30' }, '到期日：请输入正确的日期（YYYY-MM-DD）'],
    [
      'a nested bad amount',
      {
        statements: [
          {
            statementNo: 'X',
            statementDate: '2026-11-01',
            statementAmount: '1',
            billAmount: '-1',
            expectedPayDate: '2027-01-01',
          },
        ],
      },
      '开单金额：金额不能为负数',
    ],
    ['an unknown field', { hacker: 1 }, '不支持的字段：hacker'],
    [
      'a too-long statement number',
      {
        statements: [
          {
            statementNo: 'N'.repeat(41),
            statementDate: '2026-11-01',
            statementAmount: '1',
            billAmount: '1',
            expectedPayDate: '2027-01-01',
          },
        ],
      },
      '对账单编号不能超过40个字符',
    ],
    ['a supplier that is the core', { supplierCorpId: 'CORE001' }, '供应商：企业不存在或不可选'],
    ['a cancelled supplier', { supplierCorpId: 'SUP003' }, '供应商：企业不存在或不可选'],
    // The model's dayWindow of dueDate (the test clock's today is 2026-11-20).
    ['today as due date', { dueDate: '2026-11-20' }, '到期日须晚于今天且不超过一年'],
    ['a due date past one year', { dueDate: '2027-11-21' }, '到期日须晚于今天且不超过一年'],
    ['a limit source the model does not list', { limitSource: '其他' }, '额度来源取值无效'],
    [
      'bills that do not add up',
      { amount: '300000.01' },
      '开单金额合计300,000.00元须等于凭证金额300,000.01元',
    ],
  ])('refuses %s with a coded message and writes nothing', async (_name, change, message) => {
    const op = await as(s.app, 'core_operator');
    const tables = ['credit_issue', 'biz_audit', 'biz_sequences', 'credit_voucher', 'credit_limit'];
    const before = await Promise.all(tables.map((t) => count(s, t)));
    const seq = await s.db.query('select * from biz_sequences order by name');
    const res = await create(op, 'creditIssue', issuePayload(change));
    expect(res.statusCode).toBe(200);
    expect(body(res).code).toMatch(/^SCF\./);
    expect(body(res).message).toBe(message);
    expect(await Promise.all(tables.map((t) => count(s, t)))).toEqual(before);
    expect((await s.db.query('select * from biz_sequences order by name')).rows).toEqual(seq.rows);
  });

  it('updates in an editable state with a version check (PUT tunnelled as POST)', async () => {
    const op = await as(s.app, 'core_operator');
    const created = body(await create(op, 'creditIssue', issuePayload())).data;
    const put = (version: number, change: Record<string, unknown>) =>
      op.call('PUT', `${API}/creditIssue/records/${created.id}`, {
        body: { version, ...change },
        headers: { 'x-scf-real-http-method': 'PUT' },
      });
    const updated = body(await put(1, { remark: '改过了', contractNo: null }));
    expect(updated.code).toBe('0');
    expect(updated.data).toMatchObject({
      remark: '改过了',
      contractNo: null,
      version: 2,
      amount: '300000.00',
    });
    expect(body(await put(1, { remark: '旧版本' }))).toMatchObject({
      code: 'SCF.VERSION_CONFLICT',
      message: '数据已被他人修改，请刷新后重试',
    });
    expect(body(await put(2, { amount: '1.234' })).code).toBe('SCF.RECORD_INVALID');
    const other = await as(s.app, 'chain_operator');
    expect(
      (
        await other.call('PUT', `${API}/creditIssue/records/${created.id}`, {
          body: { version: 2, remark: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const director = await as(s.app, 'core_director');
    await act(director, 'creditIssue', created.id, 'approve', { version: 2, signature: SIGN });
    expect(body(await put(3, { remark: '审批后' }))).toMatchObject({
      code: 'SCF.NOT_EDITABLE',
      message: '当前状态为“签发审核中”，不能修改',
    });
  });
});

describe('transitions: checks, signature, concurrency', () => {
  it('lets exactly one of two concurrent approvals through; the other is refused by the state it finds', async () => {
    const op = await as(s.app, 'core_operator');
    const created = body(await create(op, 'creditIssue', issuePayload())).data;
    const [d1, d2] = await Promise.all([as(s.app, 'core_director'), as(s.app, 'core_director')]);
    const results = await Promise.all([
      act(d1, 'creditIssue', created.id, 'approve', { version: 1, signature: SIGN }),
      act(d2, 'creditIssue', created.id, 'approve', { version: 1, signature: SIGN }),
    ]);
    const codes = results.map((r) => body(r).code).sort();
    // The loser's screen is stale: it is told what happened (the state moved on), not only that data changed.
    expect(codes).toEqual(['0', 'SCF.ACTION_STATE_INVALID']);
    expect(results.map((r) => body(r).message)).toContain('当前状态为“签发审核中”，不能执行“通过”操作');
    const audit = (
      await s.db.query(
        "select count(*)::int as n from biz_audit where record_id = $1 and action = 'approve'",
        [created.id],
      )
    ).rows[0];
    expect(audit).toEqual({ n: 1 });
  });

  it('requires a signature on signed transitions and rolls back when it is missing', async () => {
    const op = await as(s.app, 'core_operator');
    const created = body(await create(op, 'creditIssue', issuePayload())).data;
    const director = await as(s.app, 'core_director');
    const calls = s.verified.length;
    const res = body(await act(director, 'creditIssue', created.id, 'approve', { version: 1 }));
    expect(res.code).toBe('SCF.SIGNATURE_REQUIRED');
    expect(s.verified.length).toBe(calls + 1);
    expect(s.verified.at(-1)).toMatchObject({ userName: 'core_director' });
    expect(s.verified.at(-1)!.sessionIdHash).toMatch(/^[\w-]{20,}$/);
    expect(body(await getRecord(director, 'creditIssue', created.id)).data).toMatchObject({
      status: 'IS0',
      version: 1,
    });
    const ok = body(
      await act(director, 'creditIssue', created.id, 'approve', { version: 1, signature: SIGN }),
    );
    expect(ok.data).toMatchObject({ status: 'IS1', version: 2 });
    const audit = await s.db.query<{ signed: boolean; signature: { ukeyNo: string } }>(
      "select signed, signature from biz_audit where record_id = $1 and action = 'approve'",
      [created.id],
    );
    expect(audit.rows[0]).toMatchObject({ signed: true, signature: { ukeyNo: SIGN.ukeyNo } });
  });

  it('refuses an empty required reason, a wrong state, a missing version and unknown actions', async () => {
    const op = await as(s.app, 'core_operator');
    const created = body(await create(op, 'creditIssue', issuePayload())).data;
    const director = await as(s.app, 'core_director');
    expect(
      body(await act(director, 'creditIssue', created.id, 'reject', { version: 1, reason: '   ' })),
    ).toMatchObject({ code: 'SCF.REASON_REQUIRED', message: '请填写拒绝原因' });
    expect(
      body(await act(director, 'creditIssue', created.id, 'reject', { version: 1, reason: '长'.repeat(201) }))
        .code,
    ).toBe('SCF.REASON_TOO_LONG');
    expect(body(await act(director, 'creditIssue', created.id, 'reject', { reason: 'x' })).code).toBe(
      'SCF.VERSION_REQUIRED',
    );
    expect(
      body(
        await act(director, 'creditIssue', created.id, 'approveWithdraw', { version: 1, signature: SIGN }),
      ),
    ).toMatchObject({
      code: 'SCF.ACTION_STATE_INVALID',
      message: '当前状态为“待签发”，不能执行“同意撤回”操作',
    });
    expect((await act(director, 'creditIssue', created.id, 'explode', { version: 1 })).statusCode).toBe(404);
    const rejected = body(
      await act(director, 'creditIssue', created.id, 'reject', { version: 1, reason: '金额有误' }),
    ).data;
    expect(rejected).toMatchObject({ status: 'DIS', refuseReason: '金额有误' });
  });
});

describe('reference options', () => {
  it('lists for a corp field what a save accepts: its kinds with the product opened, never a cancelled enterprise', async () => {
    const op = await as(s.app, 'core_operator');
    const res = await rawGet(op, `${API}/creditIssue/refs/supplierCorpId`, '');
    expect(res.code).toBe('0');
    const ids = (res.data.list as Array<{ id: string; name: string }>).map((c) => c.id);
    // Supplier 2 has opened no product; supplier 3 is cancelled.
    expect(ids).toEqual(['SUP001', 'UNIT001']);
    expect(body(await create(op, 'creditIssue', issuePayload({ supplierCorpId: 'SUP002' }))).code).toBe(
      'SCF.CORP_PRODUCT_NOT_OPENED',
    );
    for (const id of ids) {
      const created = body(await create(op, 'creditIssue', issuePayload({ supplierCorpId: id })));
      expect(created.code).toBe('0');
    }
    const nested = await rawGet(
      await as(s.app, 'chain_operator'),
      `${API}/creditTransfer/refs/lines.*.receiverCorpId`,
      '',
    );
    expect((nested.data.list as Array<{ id: string }>).map((c) => c.id)).toEqual(ids);
  });

  it('searches the server by name, 统一社会信用代码 or id, and pages through every option', async () => {
    const op = await as(s.app, 'core_operator');
    const get = async (query: string) =>
      (await rawGet(op, `${API}/creditIssue/refs/supplierCorpId`, query)).data as {
        list: Array<{ id: string; name: string; code: string }>;
        pagecond: { count: number; page: number; size: number };
      };
    expect((await get(`keyword=${encodeURIComponent('项目部')}`)).list.map((c) => c.id)).toEqual(['UNIT001']);
    expect((await get('keyword=911100001000044477')).list.map((c) => c.id)).toEqual(['SUP001']);
    expect((await get('keyword=unit001')).list.map((c) => c.id)).toEqual(['UNIT001']);
    // An enterprise the field refuses is not found by its name either (supplier 2: no product opened).
    expect((await get(`keyword=${encodeURIComponent('恒通')}`)).list).toEqual([]);
    const first = await get('page=1&size=1');
    const second = await get('page=2&size=1');
    expect(first.pagecond).toEqual({ count: 2, page: 1, size: 1 });
    expect([...first.list, ...second.list].map((c) => c.id)).toEqual(['SUP001', 'UNIT001']);
    expect((await get('page=3&size=1')).list).toEqual([]);
  });

  it('answers only roles that write the model, and only corp fields', async () => {
    const query = await as(s.app, 'core_query');
    expect((await rawGet(query, `${API}/creditIssue/refs/supplierCorpId`, '')).code).toBe(
      'SCF.CREATE_FORBIDDEN',
    );
    const op = await as(s.app, 'core_operator');
    expect((await rawGet(op, `${API}/creditIssue/refs/remark`, '')).code).toBe('SCF.NOT_FOUND');
    expect((await rawGet(op, `${API}/creditIssue/refs/issuerCorpId`, '')).code).toBe('SCF.NOT_FOUND');
  });
});
