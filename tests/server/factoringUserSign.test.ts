import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, type Browser } from './helpers';
import {
  act,
  as,
  body,
  count,
  create,
  getRecord,
  list,
  modelsServer,
  SIGN,
  step,
  type ModelsTestServer,
} from './modelsHelpers';

/**
 * 用户签约 (/factoring/user-sign, model factoringUserSign): an enterprise's director reads the factoring
 * service agreement to its end and signs it with the UKEY, once; until then its standard and joint
 * factoring applications are refused with a coded error; the signed agreement is listed in 协议管理 as a
 * PDF. Authorisation: only directors sign, each only for its own enterprise.
 */
let s: ModelsTestServer;
const users: Record<string, Browser> = {};
const U = 'factoringUserSign';
const L = 'factoringLoan';
const J = 'factoringJointLoan';
const TITLE = '《保理业务用户服务协议》';

/** A seeded application of supplier 1 still 待提交 (FL0 / JL0). */
async function draft(model: string, state: string): Promise<string> {
  const rows = (await list(users.chain_operator!, model, { status: state, size: '50' })).list as Array<{
    id: string;
  }>;
  expect(rows.length, `${model} ${state}`).toBeGreaterThan(0);
  return rows[0]!.id;
}

beforeAll(async () => {
  s = await modelsServer();
  for (const u of [
    'chain_operator',
    'chain_director',
    'chain_query',
    'core_director',
    'core_operator',
    'unit_director',
    'fin_client_manager',
  ])
    users[u] = await as(s.app, u);
});
afterAll(async () => {
  await s?.close();
});

describe('factoring user sign (用户签约)', () => {
  it('is seeded signed for supplier 1 and the project department, not for the core group', async () => {
    const supplier = (await list(users.chain_director!, U)).list;
    expect(supplier).toHaveLength(1);
    expect(supplier[0]).toMatchObject({
      corpName: '华建建材供应有限公司',
      status: 'US1',
      signerName: '刘海峰',
      agreementVersion: '2026.1',
    });
    expect((await list(users.unit_director!, U)).list[0]).toMatchObject({ status: 'US1' });
    expect((await list(users.core_director!, U)).list).toHaveLength(0);
    const agreements = (await list(users.core_director!, 'signedAgreement', { kind: 'PRODUCT' }))
      .list as Array<{
      model: string;
    }>;
    expect(agreements.map((p) => p.model)).not.toContain(U);
  });

  it('refuses an application until the applicant has signed, then accepts it', async () => {
    await s.db.query("delete from factoring_user_sign where corp_id = 'SUP001'");
    const loanId = await draft(L, 'FL0');
    const jointId = await draft(J, 'JL0');
    for (const [model, id] of [
      [L, loanId],
      [J, jointId],
    ] as const) {
      const version = body(await getRecord(users.chain_operator!, model, id)).data.version;
      const refused = body(await act(users.chain_operator!, model, id, 'submit', { version }));
      expect(refused.code, model).toBe('SCF.FACTORING_USER_NOT_SIGNED');
      expect(refused.message).toBe(
        '华建建材供应有限公司尚未签署《保理业务用户服务协议》，请由主管岗在“用户签约”中签约后再提交融资申请',
      );
      // Nothing written: still 待提交 at the same version.
      expect(body(await getRecord(users.chain_operator!, model, id)).data).toMatchObject({ version });
    }
    expect(body(await getRecord(users.chain_operator!, L, loanId)).data.status).toBe('FL0');

    // The director signs: not before the text is read to its end, and only with the UKEY.
    const unread = body(await create(users.chain_director!, U, { agreementRead: false })).data;
    expect(unread).toMatchObject({ status: 'US0', corpId: 'SUP001', agreementVersion: '2026.1' });
    const notRead = await act(users.chain_director!, U, unread.id, 'sign', {
      version: unread.version,
      signature: SIGN,
    });
    expect(body(notRead).code).toBe('SCF.FACTORING_USER_AGREEMENT_NOT_READ');
    const read = body(await create(users.chain_director!, U, { agreementRead: true })).data;
    const unsigned = await act(users.chain_director!, U, read.id, 'sign', { version: read.version });
    expect(body(unsigned).code).toBe('SCF.SIGNATURE_REQUIRED');
    const signed = await step(users.chain_director!, U, read.id, 'sign', { signature: SIGN });
    expect(signed).toMatchObject({ status: 'US1', signerName: '刘海峰', signDate: '2026-11-20' });

    // Once per enterprise.
    const again = await create(users.chain_director!, U, { agreementRead: true });
    expect(body(again).code).toBe('SCF.FACTORING_USER_SIGNED');
    const other = await act(users.chain_director!, U, unread.id, 'sign', {
      version: unread.version,
      signature: SIGN,
    });
    expect(body(other).code).toBe('SCF.FACTORING_USER_SIGNED');

    expect((await step(users.chain_operator!, L, loanId, 'submit')).status).toBe('FL1');
    expect((await step(users.chain_operator!, J, jointId, 'submit')).status).toBe('JL1');
  });

  it('lets only directors sign, each for its own enterprise', async () => {
    const before = await count(s, 'factoring_user_sign');
    for (const user of ['chain_operator', 'chain_query', 'core_operator', 'fin_client_manager']) {
      const res = await create(users[user]!, U, { agreementRead: true });
      expect(body(res).code, user).toBe('SCF.CREATE_FORBIDDEN');
    }
    expect(await count(s, 'factoring_user_sign')).toBe(before);
    // The core group's director starts its own enterprise's record; supplier 1's director cannot sign it,
    // nor can the core's operator.
    const core = body(await create(users.core_director!, U, { agreementRead: true })).data;
    expect(core).toMatchObject({ corpId: 'CORE001', corpName: '华建集团第一工程局有限公司' });
    const foreign = await act(users.chain_director!, U, core.id, 'sign', {
      version: core.version,
      signature: SIGN,
    });
    expect(body(foreign).code).toBe('SCF.RECORD_FORBIDDEN');
    const operator = await act(users.core_operator!, U, core.id, 'sign', {
      version: core.version,
      signature: SIGN,
    });
    expect(body(operator).code).toBe('SCF.ACTION_ROLE_FORBIDDEN');
    const signed = await step(users.core_director!, U, core.id, 'sign', { signature: SIGN });
    expect(signed).toMatchObject({ status: 'US1', signerName: '李志强' });
  });

  it('lists the signed agreement in 协议管理, as a PDF with its title and the enterprise', async () => {
    const agreements = (await list(users.core_director!, 'signedAgreement', { kind: 'PRODUCT' }))
      .list as Array<{
      model: string;
      recordId: string;
      title: string;
      agreementNo: string;
      pdf: string;
    }>;
    const [core] = (await list(users.core_director!, U)).list as Array<{ id: string }>;
    const signed = agreements.find((p) => p.model === U && p.recordId === core!.id);
    expect(signed).toMatchObject({ title: TITLE, agreementNo: expect.stringMatching(/^YH/) });
    // The user-sign list's 协议文本 is the same PDF (schemas/factoring/user-sign.json).
    expect(signed!.pdf).toBe(`/biz/v1/factoring/user-sign/${core!.id}`);
    const pdf = await users.core_director!.call('GET', signed!.pdf, { unsigned: true, noCsrf: true });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('保理业务用户服务协议');
    expect(text).toContain('华建集团第一工程局有限公司');
    expect(text).toContain('第四条 电子签名');
    expect(text).toContain('2026.1');
    // Another enterprise does not reach it.
    const none = await users.fin_client_manager!.call('GET', signed!.pdf, { unsigned: true, noCsrf: true });
    expect(none.statusCode).toBe(403);
  });
});
