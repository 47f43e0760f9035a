import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, type Browser } from './helpers';
import { as, body, modelsServer, type ModelsTestServer } from './modelsHelpers';

/**
 * 产品文档 of the factoring variants (/factoring/{variant}/documentation): each variant lists its three
 * contract templates and its product rules; each opens (查看, inline) and downloads (下载) as a PDF that
 * carries its title and the reader's enterprise; roles without the page and unknown variants or
 * documents are refused with coded errors.
 */
let s: ModelsTestServer;
const users: Record<string, Browser> = {};
const API = '/biz/v1/factoring/documentation';
const VARIANTS = ['factoring-forward', 'factoring-delivery', 'factoring-reverse', 'factoring-joint'];
const NAVIGATION = { unsigned: true, noCsrf: true };

interface Row {
  id: string;
  code: string;
  title: string;
  variant: string;
  variantName: string;
  version: string;
  date: string;
}

beforeAll(async () => {
  s = await modelsServer();
  for (const u of [
    'fin_client_manager',
    'chain_director',
    'core_operator',
    'unit_operator',
    'chain_query',
    'core_query',
  ])
    users[u] = await as(s.app, u);
});
afterAll(async () => {
  await s?.close();
});

describe('factoring documentation', () => {
  it('lists each variant’s contract templates and product rules with name, variant, version and date', async () => {
    const res = await users.fin_client_manager!.call('GET', API, { query: { variant: 'factoring-forward' } });
    const rows = body(res).data as Row[];
    expect(rows.map((r) => r.title)).toEqual([
      '国内商业保理合同（范本）',
      '应收账款转让申请暨确认书（范本）',
      '付款通知书（范本）',
      '正向保理产品规则',
    ]);
    for (const r of rows)
      expect(r).toMatchObject({
        variant: 'factoring-forward',
        variantName: '正向保理',
        version: 'V2026.1',
        date: '2026-01-01',
      });
    const joint = body(
      await users.chain_director!.call('GET', API, { query: { variant: 'factoring-joint' } }),
    );
    expect((joint.data as Row[]).at(-1)!.title).toBe('联合保理产品规则');
  });

  it('opens every document of every variant as a PDF carrying its title and the reader’s enterprise', async () => {
    let opened = 0;
    for (const variant of VARIANTS) {
      const rows = body(await users.fin_client_manager!.call('GET', API, { query: { variant } }))
        .data as Row[];
      expect(rows, variant).toHaveLength(4);
      for (const row of rows) {
        const res = await users.fin_client_manager!.call('GET', `${API}/${variant}/${row.code}`, NAVIGATION);
        expect(res.statusCode, row.id).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const text = await pdfText(res.rawPayload);
        expect(text, row.id).toContain(row.title);
        expect(text, row.id).toContain('建信商业保理有限公司');
        expect(text, row.id).toContain('V2026.1');
        opened += 1;
      }
    }
    expect(opened).toBe(16);
  });

  it('fills the reader’s enterprise in as its party: the supplier as creditor, the core as debtor', async () => {
    const supplier = await users.chain_director!.call('GET', `${API}/factoring-forward/contract`, NAVIGATION);
    const text = await pdfText(supplier.rawPayload);
    expect(text).toContain('债权人（乙方）：华建建材供应有限公司');
    expect(text).toContain('人民币________');
    const core = await users.core_operator!.call('GET', `${API}/factoring-reverse/notice`, NAVIGATION);
    expect(await pdfText(core.rawPayload)).toContain('致：华建集团第一工程局有限公司');
  });

  it('opens a document in the browser with view=1 (查看) and downloads it without (下载)', async () => {
    const view = await users.unit_operator!.call('GET', `${API}/factoring-delivery/rules`, {
      ...NAVIGATION,
      query: { view: '1' },
    });
    expect(view.statusCode).toBe(200);
    expect(String(view.headers['content-disposition'])).toMatch(/^inline;/);
    expect(await pdfText(view.rawPayload)).toContain('到货保理产品规则');
  });

  it('refuses roles without the documentation page, and unknown variants and documents', async () => {
    for (const user of ['chain_query', 'core_query']) {
      const res = await users[user]!.call('GET', API, { query: { variant: 'factoring-forward' } });
      expect(body(res).code, user).toBe('SCF.FORBIDDEN');
      const pdf = await users[user]!.call('GET', `${API}/factoring-forward/contract`, NAVIGATION);
      expect(pdf.statusCode, user).toBe(403);
      expect(pdf.headers['content-type']).not.toBe('application/pdf');
    }
    // Joint factoring's parties are suppliers and funders: the core reads the documentation of the others.
    const joint = await users.core_operator!.call('GET', API, { query: { variant: 'factoring-joint' } });
    expect(body(joint).code).toBe('SCF.FORBIDDEN');
    const unknownVariant = await users.fin_client_manager!.call('GET', API, { query: { variant: 'credit' } });
    expect(unknownVariant.statusCode).toBe(404);
    expect(body(unknownVariant).code).toBe('SCF.NOT_FOUND');
    const unknownDoc = await users.fin_client_manager!.call(
      'GET',
      `${API}/factoring-forward/other`,
      NAVIGATION,
    );
    expect(unknownDoc.statusCode).toBe(404);
  });
});
