import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney } from '@renderer/core/format';
import { Browser, clock, pdfText } from '../../../../tests/server/helpers';
import {
  act,
  as,
  body,
  create,
  getRecord,
  modelsServer,
  SIGN,
  step,
  uploadFile,
  type ModelsTestServer,
} from '../../../../tests/server/modelsHelpers';

/**
 * Reverse factoring: the core confirms a payable, the supplier signs it through a one-time
 * public link (no login), the supplier finances it, the core confirms the assignment through a second
 * link, the factor lends. The links: random, bound to one record and one action, expiring, one use.
 */
const PAYABLE = 'factoringReversePayable';
const FINANCE = 'factoringReverseFinance';
const LINKS = '/v1/public-links';
const DOCS = '/biz/v1/factoring/reverse/documents';
const SMS_RECORDS = '/biz/v1/models/smsMessage/records';

let s: ModelsTestServer;
const startedAt = clock.now;

beforeAll(async () => {
  s = await modelsServer(undefined, { testMode: true });
}, 120_000);

afterAll(async () => {
  clock.now = startedAt;
  await s.close();
});

const day = (offset: number): string =>
  new Date(clock.now.getTime() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);

/** The latest link the outbox sent to `mobile`, read through the test-only endpoint. */
async function lastLink(
  mobile: string,
): Promise<{ text: string; id: string; token: string; path: string; url: string }> {
  const res = await new Browser(s.app).call('GET', '/test/v1/public-link-outbox', {
    query: { recipient: mobile },
  });
  expect(body(res).code).toBe('0');
  const msg = body(res).data[0];
  const url = new URL(msg.url);
  return {
    url: msg.url,
    text: msg.text,
    path: url.pathname,
    id: url.searchParams.get('id')!,
    token: url.searchParams.get('token')!,
  };
}

async function mobileOf(username: string): Promise<string> {
  return (await s.db.query<{ mobile: string }>('select mobile from users where username = $1', [username]))
    .rows[0]!.mobile;
}

/** A visitor without login: an anonymous session (as the public page makes), then the link calls. */
async function visitor(): Promise<Browser> {
  const b = new Browser(s.app);
  await b.bootstrap();
  return b;
}

const view = async (b: Browser, kind: string, id: unknown, token: unknown) =>
  body(await b.call('GET', `${LINKS}/${kind}`, { query: { id: String(id), token: String(token) } }));
const use = async (b: Browser, kind: string, payload: Record<string, unknown>) =>
  body(
    await b.call('POST', `${LINKS}/${kind}`, { body: { signerName: '陈立新', agreed: true, ...payload } }),
  );

const DOCUMENT = 'factoringReverseDocument';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');
/** Files a 确权材料 document of `category` on a payable, as the upload page does. */
const file = (b: Browser, payableId: string, category = 'confirmation') =>
  uploadFile(
    s.app,
    b,
    { model: DOCUMENT, category, create: JSON.stringify({ payableId, category }) },
    { name: '确权函.pdf', data: PDF },
    { asFields: true },
  );

/** A payable the core operator registers to SUP001 with the factor FIN001 (RP0), as the wire answers it. */
async function newPayable(coreOp: Browser, contractNo: string, amount: string, dueDays: number) {
  const res = body(
    await create(coreOp, PAYABLE, {
      supplierCorpId: 'SUP001',
      factorCorpId: 'FIN001',
      contractNo,
      amount,
      dueDate: day(dueDays),
    }),
  );
  expect(res.code, res.message).toBe('0');
  return res;
}

/**
 * A payable to SUP001 with its 确权函, confirmed by the core director: its record and the sign link sent
 * to the supplier.
 */
async function confirmedPayable(amount = '500000.00') {
  const coreOp = await as(s.app, 'core_operator');
  const coreDir = await as(s.app, 'core_director');
  const res = await newPayable(coreOp, 'HJ-TEST-001', amount, 90);
  expect(body(await file(coreOp, String(res.data.id))).code).toBe('0');
  await step(coreOp, PAYABLE, res.data.id, 'submit');
  const confirmed = await step(coreDir, PAYABLE, res.data.id, 'confirm');
  expect(confirmed.status).toBe('RP2');
  return { rec: confirmed, link: await lastLink(await mobileOf('chain_operator')) };
}

describe('reverse factoring: the public sign link', () => {
  it('the core confirms, the supplier signs once without login, a second use is refused', async () => {
    const { rec, link } = await confirmedPayable('123456.78');
    expect(link.path).toBe('/cv3/factoring/reverse/accounts-payable-sign');
    expect(link.id).toBe(rec.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.text).toContain('123,456.78');
    // Only the hash is stored.
    const stored = await s.db.query<{ token_hash: string }>(
      'select token_hash from public_links where record_id = $1',
      [rec.id],
    );
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(link.token);

    const b = await visitor();
    const page = await view(b, 'accounts-payable-sign', link.id, link.token);
    expect(page.code).toBe('0');
    expect(page.data.actionable).toBe(true);
    expect(page.data.fields.map((f: { name: string }) => f.name)).toEqual([
      'payableNo',
      'coreName',
      'supplierName',
      'factorName',
      'contractNo',
      'amount',
      'dueDate',
    ]);
    expect(page.data.fields.find((f: { name: string }) => f.name === 'amount').value).toBe('123456.78');
    expect(JSON.stringify(page.data)).not.toContain('audit');

    const done = await use(b, 'accounts-payable-sign', { id: link.id, token: link.token });
    expect(done.code, done.message).toBe('0');
    const chain = await as(s.app, 'chain_operator');
    const signed = body(await getRecord(chain, PAYABLE, rec.id)).data;
    expect(signed.status).toBe('RP3');
    expect(signed.signerName).toBe('陈立新');
    expect(signed.audit.at(-1)).toMatchObject({ action: 'sign', corpId: 'SUP001', personName: '陈立新' });

    expect((await use(b, 'accounts-payable-sign', { id: link.id, token: link.token })).code).toBe(
      'SCF.PUBLIC_LINK_USED',
    );
    expect((await view(await visitor(), 'accounts-payable-sign', link.id, link.token)).code).toBe(
      'SCF.PUBLIC_LINK_USED',
    );
  });

  it("the SMS carries an absolute link on the platform's public address and is on the supplier's 短信 page", async () => {
    const { rec, link } = await confirmedPayable('2345.67');
    const platform = await s.db.query<{ url: string }>(
      "select config->>'publicUrl' as url from platforms where host = '*'",
    );
    expect(platform.rows[0]!.url).toMatch(/^https?:\/\/[^/]+$/);
    expect(link.url).toBe(
      `${platform.rows[0]!.url}/cv3/factoring/reverse/accounts-payable-sign?id=${rec.id}&token=${link.token}`,
    );
    expect(link.text).toContain(link.url);
    const chain = await as(s.app, 'chain_operator');
    const sms = body(await chain.call('GET', SMS_RECORDS, { query: { size: '100' } })).data;
    expect(sms.list.find((m: { content: string }) => m.content === link.text)).toMatchObject({
      sendStatus: 'SENT',
      status: 'UNREAD',
    });
    // Nobody else's 短信 page has it.
    const core = await as(s.app, 'core_operator');
    const others = body(await core.call('GET', SMS_RECORDS, { query: { size: '100' } })).data;
    expect(others.list.map((m: { content: string }) => m.content)).not.toContain(link.text);
  });

  it('refuses forged, malformed, expired, other-record and other-page links with coded errors', async () => {
    const a = await confirmedPayable();
    const other = await confirmedPayable();
    const b = await visitor();
    const forged = 'A'.repeat(43);
    expect((await view(b, 'accounts-payable-sign', a.link.id, forged)).code).toBe('SCF.PUBLIC_LINK_INVALID');
    expect((await use(b, 'accounts-payable-sign', { id: a.link.id, token: forged })).code).toBe(
      'SCF.PUBLIC_LINK_INVALID',
    );
    expect((await view(b, 'accounts-payable-sign', a.link.id, 'short')).code).toBe('SCF.PUBLIC_LINK_INVALID');
    expect((await use(b, 'accounts-payable-sign', { id: a.link.id, token: 42 })).code).toBe(
      'SCF.PUBLIC_LINK_INVALID',
    );
    // One record's token on another record, and a sign token on the confirm page.
    expect((await view(b, 'accounts-payable-sign', other.link.id, a.link.token)).code).toBe(
      'SCF.PUBLIC_LINK_MISMATCH',
    );
    expect((await use(b, 'accounts-payable-sign', { id: other.link.id, token: a.link.token })).code).toBe(
      'SCF.PUBLIC_LINK_MISMATCH',
    );
    expect((await use(b, 'accounts-payable-confirm', { id: a.link.id, token: a.link.token })).code).toBe(
      'SCF.PUBLIC_LINK_MISMATCH',
    );
    expect((await view(b, 'no-such-page', a.link.id, a.link.token)).code).toBe('SCF.PUBLIC_LINK_MISMATCH');
    // The form's own rules, checked after the link.
    expect(
      (await use(b, 'accounts-payable-sign', { id: a.link.id, token: a.link.token, agreed: false })).code,
    ).toBe('SCF.PUBLIC_LINK_AGREE_REQUIRED');
    expect(
      (await use(b, 'accounts-payable-sign', { id: a.link.id, token: a.link.token, signerName: '<b>x</b>' }))
        .code,
    ).toBe('SCF.PUBLIC_LINK_SIGNER_INVALID');
    // Without the anonymous session's CSRF token nothing is written.
    const bare = new Browser(s.app);
    const noSession = await bare.call('POST', `${LINKS}/accounts-payable-sign`, {
      body: { id: a.link.id, token: a.link.token, signerName: '陈立新', agreed: true },
    });
    expect(body(noSession).code).toBe('SCF.CSRF_INVALID');
    // 72 hours later the link has expired; nothing was spent by the refusals above.
    clock.now = new Date(startedAt.getTime() + 72 * 3600_000 + 1000);
    try {
      expect((await view(b, 'accounts-payable-sign', a.link.id, a.link.token)).code).toBe(
        'SCF.PUBLIC_LINK_EXPIRED',
      );
      const late = await visitor();
      expect((await use(late, 'accounts-payable-sign', { id: a.link.id, token: a.link.token })).code).toBe(
        'SCF.PUBLIC_LINK_EXPIRED',
      );
    } finally {
      clock.now = startedAt;
    }
    const rec = body(await getRecord(await as(s.app, 'core_operator'), PAYABLE, a.rec.id)).data;
    expect(rec.status).toBe('RP2');
    const used = await s.db.query('select 1 from public_links where record_id = $1 and used_at is not null', [
      a.rec.id,
    ]);
    expect(used.rows).toHaveLength(0);
  });

  it('a session can never run the link action, even the supplier operator itself', async () => {
    const { rec } = await confirmedPayable();
    const chain = await as(s.app, 'chain_operator');
    const res = body(await act(chain, PAYABLE, rec.id, 'sign', { version: rec.version }));
    expect(res.code).toBe('SCF.ACTION_ROLE_FORBIDDEN');
    expect(body(await getRecord(chain, PAYABLE, rec.id)).data.actions).not.toContain('sign');
  });
});

describe('reverse factoring: finance on a signed payable', () => {
  it('supplier applies, director submits, factor approves, core confirms by link, factor lends', async () => {
    const { rec, link } = await confirmedPayable('1000000.00');
    expect(
      (await use(await visitor(), 'accounts-payable-sign', { id: link.id, token: link.token })).code,
    ).toBe('0');
    const chainOp = await as(s.app, 'chain_operator');
    const tooMuch = body(
      await create(chainOp, FINANCE, {
        payableId: rec.id,
        financeAmount: '1000000.01',
        monthlyRate: '0.005',
        interestMode: 'PRE',
        recourse: 'WITH',
      }),
    );
    expect(tooMuch.code).toBe('SCF.REVERSE_FINANCE_EXCEEDS');
    const created = body(
      await create(chainOp, FINANCE, {
        payableId: rec.id,
        financeAmount: '900000.00',
        monthlyRate: '0.005',
        interestMode: 'PRE',
        recourse: 'WITH',
      }),
    );
    expect(created.code, created.message).toBe('0');
    const f = created.data;
    // 900000.00 × 0.005 × 90 / 30 = 13500.00, deducted in advance.
    expect(f).toMatchObject({
      financeDays: 90,
      interest: '13500.00',
      loanAmount: '886500.00',
      status: 'RF0',
    });
    expect(body(await getRecord(chainOp, PAYABLE, rec.id)).data.status).toBe('RP4');
    // The same payable cannot be financed twice.
    const twice = body(
      await create(chainOp, FINANCE, {
        payableId: rec.id,
        financeAmount: '1.00',
        monthlyRate: '0.005',
        interestMode: 'POST',
        recourse: 'WITH',
      }),
    );
    expect(twice.code).toBe('SCF.REVERSE_PAYABLE_NOT_FINANCEABLE');

    // The director's review is signed with the UKEY: without a signature nothing moves.
    const director = await as(s.app, 'chain_director');
    const unsigned = body(await act(director, FINANCE, f.id, 'submit', { version: f.version }));
    expect(unsigned.code).toBe('SCF.SIGNATURE_REQUIRED');
    await step(director, FINANCE, f.id, 'submit', { signature: SIGN });
    // No contract before the factor approves.
    const early = body(
      await chainOp.call('GET', `${DOCS}/contract/${f.id}`, { unsigned: true, noCsrf: true }),
    );
    expect(early.code).toBe('SCF.FACTORING_DOCUMENT_NOT_READY');
    const approved = await step(await as(s.app, 'fin_client_manager'), FINANCE, f.id, 'approve');
    expect(approved.status).toBe('RF2');
    expect(approved.contractNo).toBe(`BLHT${String(f.financeNo).slice(2)}`);
    const confirmLink = await lastLink(await mobileOf('core_operator'));
    expect(confirmLink.path).toBe('/cv3/factoring/reverse/accounts-payable-confirm');
    expect(confirmLink.id).toBe(f.id);
    const core = await visitor();
    expect(
      (await view(core, 'accounts-payable-confirm', confirmLink.id, confirmLink.token)).data.fields,
    ).toHaveLength(9);
    expect(
      (
        await use(core, 'accounts-payable-confirm', {
          id: f.id,
          token: confirmLink.token,
          signerName: '张建国',
        })
      ).code,
    ).toBe('0');
    const product = await as(s.app, 'fin_product_manager');
    const current = body(await getRecord(product, FINANCE, f.id)).data;
    expect(body(await act(product, FINANCE, f.id, 'loan', { version: current.version })).code).toBe(
      'SCF.SIGNATURE_REQUIRED',
    );
    const lent = await step(product, FINANCE, f.id, 'loan', { signature: SIGN });
    expect(lent).toMatchObject({ status: 'RFD', confirmerName: '张建国', loanDate: day(0) });
    const financed = body(await getRecord(chainOp, PAYABLE, rec.id)).data;
    expect(financed).toMatchObject({ status: 'RPD', financeNo: f.financeNo });
    // Signed by the supplier's director and the factor's product manager, each in the audit trail.
    const signers = s.verified
      .filter((v) => v.record)
      .slice(-2)
      .map((v) => v.userName);
    expect(signers).toEqual(['chain_director', 'fin_product_manager']);

    // 回款: 利息前置, so the factor gets the finance amount back; the payable is settled.
    expect(body(await act(product, FINANCE, f.id, 'repay', { version: lent.version })).code).toBe(
      'SCF.ACTION_ROLE_FORBIDDEN',
    );
    const repaid = await step(await as(s.app, 'fin_client_manager'), FINANCE, f.id, 'repay');
    expect(repaid).toMatchObject({ status: 'RFR', repayAmount: '900000.00', repayDate: day(0) });
    const trail = body(await getRecord(chainOp, FINANCE, f.id)).data.audit;
    expect(trail.at(-1)).toMatchObject({ action: 'repay', personName: expect.any(String) });
    expect(body(await getRecord(chainOp, PAYABLE, rec.id)).data.status).toBe('RPC');

    // The three documents, generated from the record: amounts in figures and capitals, for each party.
    const expected: Record<string, string[]> = {
      contract: [
        '国内商业保理合同',
        `保理合同编号：${String(approved.contractNo)}`,
        '¥900,000.00',
        '人民币玖拾万元整',
        '¥13,500.00',
        '人民币壹万叁仟伍佰元整',
        '¥886,500.00',
        '人民币捌拾捌万陆仟伍佰元整',
        '0.5000%',
        '利息前置',
        '有追索',
        '已使用UKEY电子签名',
      ],
      assignment: ['应收账款转让申请暨确认书', String(rec.payableNo), '¥1,000,000.00', '人民币壹佰万元整'],
      notice: ['付款通知书', '¥1,000,000.00', '人民币壹佰万元整', day(90)],
    };
    for (const [kind, texts] of Object.entries(expected))
      for (const user of ['chain_operator', 'core_operator', 'fin_client_manager']) {
        const res = await (
          await as(s.app, user)
        ).call('GET', `${DOCS}/${kind}/${f.id}`, {
          unsigned: true,
          noCsrf: true,
        });
        expect(res.statusCode, `${user} ${kind}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const text = await pdfText(res.rawPayload);
        for (const t of texts) expect(text, `${kind}: ${t}`).toContain(t);
      }
    const outsider = await as(s.app, 'unit_operator');
    expect(body(await outsider.call('GET', `${DOCS}/contract/${f.id}`)).code).toBe('SCF.RECORD_FORBIDDEN');
  });

  it('a returned application frees the payable for another one', async () => {
    const { rec, link } = await confirmedPayable('200000.00');
    await use(await visitor(), 'accounts-payable-sign', { id: link.id, token: link.token });
    const chainOp = await as(s.app, 'chain_operator');
    const f = body(
      await create(chainOp, FINANCE, {
        payableId: rec.id,
        financeAmount: '200000.00',
        monthlyRate: '0.0045',
        interestMode: 'POST',
        recourse: 'WITHOUT',
      }),
    ).data;
    // 利息后置: the whole amount is lent; 200,000.00 × 0.0045 × 90 / 30 = 2,700.00 comes back with it.
    expect(f).toMatchObject({
      financeDays: 90,
      interest: '2700.00',
      loanAmount: '200000.00',
      repayAmount: '202700.00',
    });
    await step(await as(s.app, 'chain_director'), FINANCE, f.id, 'withdraw', { reason: '金额有误' });
    expect(body(await getRecord(chainOp, PAYABLE, rec.id)).data.status).toBe('RP3');
  });
});

describe('reverse factoring: 确权材料 uploaded on the payable', () => {
  it('the core files them until the supplier signs; supplier and factor see them, nobody else files', async () => {
    const coreOp = await as(s.app, 'core_operator');
    const res = await newPayable(coreOp, 'HJ-DOC-001', '88000.00', 60);
    const payableId = String(res.data.id);
    const filed = body(await file(coreOp, payableId));
    expect(filed.code, filed.message).toBe('0');
    const doc = body(await getRecord(coreOp, DOCUMENT, filed.data.recordId)).data;
    expect(doc).toMatchObject({
      payableNo: res.data.payableNo,
      category: 'confirmation',
      fileName: '确权函.pdf',
      uploaderName: '张建国',
      supplierCorpId: 'SUP001',
      factorCorpId: 'FIN001',
      status: 'RD0',
    });
    // The payable's supplier and factor read it; another core group does not see it.
    for (const user of ['chain_query', 'fin_client_manager'])
      expect(body(await getRecord(await as(s.app, user), DOCUMENT, doc.id)).data.fileName).toBe('确权函.pdf');
    expect(body(await getRecord(await as(s.app, 'unit_query'), DOCUMENT, doc.id)).code).not.toBe('0');
    // Only the core's operator files: the supplier is refused and nothing is written.
    const before = await s.db.query('select count(*)::int as n from factoring_reverse_document');
    expect(body(await file(await as(s.app, 'chain_operator'), payableId)).code).not.toBe('0');
    expect((await s.db.query('select count(*)::int as n from factoring_reverse_document')).rows).toEqual(
      before.rows,
    );
    // Removable while the payable waits; closed once the supplier has signed.
    const second = body(await file(coreOp, payableId, 'invoice')).data.recordId;
    expect((await step(coreOp, DOCUMENT, second, 'remove')).status).toBe('RDX');
    const { rec, link } = await confirmedPayable('77000.00');
    expect(body(await file(coreOp, String(rec.id))).code).toBe('0');
    await use(await visitor(), 'accounts-payable-sign', { id: link.id, token: link.token });
    const late = body(await file(coreOp, String(rec.id)));
    expect(late.code).toBe('SCF.REVERSE_DOCUMENTS_CLOSED');
    expect(late.message).toBe(`应付账款${String(rec.payableNo)}已由供应商签署确权，不能再上传或删除确权材料`);
  });

  it('the core director cannot confirm a payable without its 确权函: coded refusal, nothing changes', async () => {
    const coreOp = await as(s.app, 'core_operator');
    const coreDir = await as(s.app, 'core_director');
    const res = await newPayable(coreOp, 'HJ-DOC-002', '66000.00', 60);
    const id = String(res.data.id);
    await step(coreOp, PAYABLE, id, 'submit');
    const refused = async () => {
      const { version } = body(await getRecord(coreDir, PAYABLE, id)).data;
      const r = body(await act(coreDir, PAYABLE, id, 'confirm', { version }));
      expect(r.code).toBe('SCF.REVERSE_DOCUMENTS_MISSING');
      expect(r.message).toBe(`应付账款${String(res.data.payableNo)}尚未上传确权函，请先上传确权材料再确认`);
      expect(body(await getRecord(coreDir, PAYABLE, id)).data.status).toBe('RP1');
    };
    // Nothing filed; then only an invoice; then a 确权函 that was removed again.
    await refused();
    expect(body(await file(coreOp, id, 'invoice')).code).toBe('0');
    await refused();
    const letter = body(await file(coreOp, id)).data.recordId;
    expect((await step(coreOp, DOCUMENT, letter, 'remove')).status).toBe('RDX');
    await refused();
    expect(body(await file(coreOp, id)).code).toBe('0');
    expect((await step(coreDir, PAYABLE, id, 'confirm')).status).toBe('RP2');
  });
});

describe('the reverse and delivery demo worlds (EngineSeeder)', () => {
  it('carry each seeded loan through its real steps: who, when, signed, through the link', async () => {
    const factor = await as(s.app, 'fin_client_manager');
    const reverse = (
      await s.db.query<{ id: string }>("select id from factoring_reverse_finance where state = 'RFR' limit 1")
    ).rows[0]!;
    const rec = body(await getRecord(factor, FINANCE, reverse.id)).data;
    type Entry = { action: string; userName: string; personName: string; signed: boolean; at: string };
    const trail = rec.audit as Entry[];
    expect(trail.map((e) => e.action)).toEqual(['create', 'submit', 'approve', 'confirm', 'loan', 'repay']);
    expect(trail.map((e) => e.userName)).toEqual([
      'chain_operator',
      'chain_director',
      'fin_client_manager',
      'public-link',
      'fin_product_manager',
      'fin_client_manager',
    ]);
    expect(trail.filter((e) => e.signed).map((e) => e.action)).toEqual(['submit', 'loan']);
    expect(trail.find((e) => e.action === 'confirm')!.personName).toBe('张建国');
    // Made on the seeder's clock, in the past and in order.
    const times = trail.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times.at(-1)!).toBeLessThan(Date.now());
    expect(rec.repayAmount).toBe(
      rec.interestMode === 'PRE' ? rec.financeAmount : addMoney(rec.financeAmount, rec.interest),
    );
    const signs = await s.db.query<{ ra: string }>(
      "select (signature::jsonb)->>'raType' as ra from biz_audit where record_id = $1 and signed",
      [reverse.id],
    );
    expect(signs.rows.map((r) => r.ra)).toEqual(['SEED', 'SEED']);

    const delivery = (
      await s.db.query<{ id: string }>(
        "select id from factoring_delivery_finance where state = 'DFR' limit 1",
      )
    ).rows[0]!;
    const d = body(await getRecord(factor, 'factoringDeliveryFinance', delivery.id)).data;
    expect((d.audit as Entry[]).map((e) => `${e.action}:${e.userName}:${e.signed}`)).toEqual([
      'create:chain_operator:false',
      'submit:chain_director:true',
      'approve:fin_client_manager:false',
      'loan:fin_product_manager:true',
      'repay:fin_client_manager:false',
    ]);
    expect(d.repayAmount).toBe(d.financeAmount);
  });
});

describe('the test outbox', () => {
  it('is not mounted unless the server runs in test mode (TEST_MODE=true)', async () => {
    const plain = await modelsServer();
    try {
      const res = await new Browser(plain.app).call('GET', '/test/v1/public-link-outbox');
      expect(body(res).code).toBe('SCF.NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});
