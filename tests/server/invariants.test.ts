/**
 * Invariants across records declared in the models (server/models/invariants.ts, ADR 0014): a plan is
 * not sealed while its assets are mid-flow (the refusal names them) and is once they are resolved; an
 * asset does not move in a sealed plan; the documents of an asset under review cannot be uploaded,
 * replaced or deleted; a corp reference accepts (and its picker offers) only enterprises that opened
 * the product. Every refusal writes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProduct } from '@server/models/productOpenings';
import { loadModels, ModelLoadError } from '@server/models';
import { productEffects } from '@server/products';
import type { Browser } from './helpers';
import {
  act,
  API,
  as,
  body,
  count,
  create,
  getRecord,
  type Json,
  modelsServer,
  SIGN,
  step,
  uploadFile,
  type ModelsTestServer,
} from './modelsHelpers';
import { copySchemaTree } from '@renderer/core/node';

let s: ModelsTestServer;
let fin: Browser;
let core: Browser;
let purchase: Browser;
let coreDirector: Browser;
let supplier: Browser;
let supplierDirector: Browser;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

beforeAll(async () => {
  s = await modelsServer();
  fin = await as(s.app, 'fin_product_manager');
  core = await as(s.app, 'core_operator');
  purchase = await as(s.app, 'core_purchase');
  coreDirector = await as(s.app, 'core_director');
  supplier = await as(s.app, 'chain_operator');
  supplierDirector = await as(s.app, 'chain_director');
}, 120_000);

afterAll(async () => {
  await s.close();
});

async function newPlan(product: 'abs' | 'abcp', name: string): Promise<Json> {
  const res = body(
    await create(fin, 'absPlan', {
      product,
      planName: name,
      coreCorpId: 'CORE001',
      issueSize: '1000000.00',
      setupDate: '2026-11-20',
      expectedDueDate: '2027-11-20',
      venue: product === 'abs' ? 'SSE' : 'NAFMII',
      ...(product === 'abcp' ? { seriesNo: 88, payDate: '2027-05-20' } : {}),
    }),
  );
  expect(res.code, res.message).toBe('0');
  return res.data;
}

const assetInput = (planId: string, supplierCorpId = 'SUP001'): Record<string, unknown> => ({
  assetType: 'receivable',
  planId,
  supplierCorpId,
  debtorName: '不变式项目公司',
  confirmNo: 'FQ-INV',
  contractType: 'construction',
  amount: '1000.00',
  dueDate: '2027-03-01',
});

async function newAsset(planId: string): Promise<Json> {
  const res = body(await create(core, 'absAsset', assetInput(planId)));
  expect(res.code, res.message).toBe('0');
  return res.data;
}

/** Files the contract and invoice of an asset waiting for its transfer (T02), as the page does. */
async function fileDocuments(assetId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const category of ['contract', 'invoice']) {
    const res = body(
      await uploadFile(
        s.app,
        supplier,
        { model: 'absDocument', create: JSON.stringify({ assetId, category }), category },
        { name: `${category}.pdf`, data: PDF },
      ),
    );
    expect(res.code, res.message).toBe('0');
    ids.push(String(res.data.recordId));
  }
  return ids;
}

const state = async (table: string, id: string): Promise<{ state: string; version: number }> =>
  (
    await s.db.query<{ state: string; version: number }>(
      `select state, version from ${table} where id = $1`,
      [id],
    )
  ).rows[0]!;

const audits = async (id: string): Promise<number> =>
  (await s.db.query<{ n: number }>('select count(*)::int as n from biz_audit where record_id = $1', [id]))
    .rows[0]!.n;

describe('a plan is sealed only when none of its assets is mid-flow', () => {
  let plan: Json;
  let lent: Json;
  let pending: Json;
  let waiting: Json;

  it('refuses the packet review naming the mid-flow assets, and writes nothing', async () => {
    plan = await newPlan('abs', '不变式测试专项计划');
    lent = await newAsset(plan.id);
    pending = await newAsset(plan.id);
    waiting = await newAsset(plan.id);
    await step(purchase, 'absAsset', lent.id, 'confirm');
    await fileDocuments(lent.id);
    await step(supplier, 'absAsset', lent.id, 'transfer');
    await step(supplierDirector, 'absAsset', lent.id, 'approveTransfer', { signature: SIGN });
    await step(coreDirector, 'absAsset', lent.id, 'coreApprove', { signature: SIGN });
    await step(purchase, 'absAsset', waiting.id, 'confirm');
    const before = await state('abs_plan', plan.id);
    const auditBefore = await audits(plan.id);

    const res = body(
      await act(fin, 'absPlan', plan.id, 'review', { version: before.version, signature: SIGN }),
    );
    expect(res.code).toBe('SCF.RELATED_BLOCKED');
    const numbers = [pending, waiting].map((a) => String(a.assetNo));
    expect(res.message).toBe(
      `专项计划尚有未完成流转的资产，请先中止、退单或确认转让后再封包：${numbers[0]}（待工程师确认）、${numbers[1]}（供应商上传资料）`,
    );
    expect(res.data.blocking.map((b: Json) => b.no).sort()).toEqual([...numbers].sort());
    expect(await state('abs_plan', plan.id)).toEqual(before);
    expect(await audits(plan.id)).toBe(auditBefore);
    expect((await state('abs_asset', lent.id)).state).toBe('T10');
    // The plan answers the review as blocked, with the same reason, instead of offering it.
    const seen = body(await getRecord(fin, 'absPlan', plan.id)).data;
    expect(seen.actions).not.toContain('review');
    expect(seen.blockedActions).toEqual({ review: res.message });
    const listed = body(
      await fin.call('GET', `${API}/absPlan/records`, { query: { planName: '不变式测试专项计划' } }),
    );
    expect(listed.data.list[0].blockedActions).toEqual({ review: res.message });
  });

  it('seals once the mid-flow assets are resolved (stopped): the confirmed asset is lent', async () => {
    for (const a of [pending, waiting]) await step(core, 'absAsset', a.id, 'abort', { reason: '不再转让' });
    const ready = body(await getRecord(fin, 'absPlan', plan.id)).data;
    expect(ready.actions).toContain('review');
    expect(ready.blockedActions).toBeUndefined();
    const sealed = await step(fin, 'absPlan', plan.id, 'review', { signature: SIGN });
    expect(sealed.status).toBe('PL2');
    expect((await state('abs_asset', lent.id)).state).toBe('T12');
  });

  it('names at most ten blocking records, then how many', async () => {
    const many = await newPlan('abs', '资产很多的专项计划');
    for (let i = 0; i < 12; i++) await newAsset(many.id);
    const res = body(
      await act(fin, 'absPlan', many.id, 'review', { version: many.version, signature: SIGN }),
    );
    expect(res.code).toBe('SCF.RELATED_BLOCKED');
    expect(res.message).toMatch(/（待工程师确认）等12条$/);
    expect(res.message.match(/AS\d{14}/g)).toHaveLength(10);
    expect(res.data.blocking).toHaveLength(12);
  });
});

describe('an asset does not move in a sealed plan', () => {
  it('refuses 确认转让 and 转让申请 into a plan sealed before the rule (legacy data), naming the plan', async () => {
    const plan = await newPlan('abcp', '封包前遗留资产的一期');
    const atCore = await newAsset(plan.id);
    const atSupplier = await newAsset(plan.id);
    await step(purchase, 'absAsset', atCore.id, 'confirm');
    await fileDocuments(atCore.id);
    await step(supplier, 'absAsset', atCore.id, 'transfer');
    await step(supplierDirector, 'absAsset', atCore.id, 'approveTransfer', { signature: SIGN });
    await step(purchase, 'absAsset', atSupplier.id, 'confirm');
    await fileDocuments(atSupplier.id);
    // A plan sealed with assets mid-flow, as the engine no longer allows (data of before the rule).
    await s.db.query("update abs_plan set state = 'PL2' where id = $1", [plan.id]);
    const planNo = String(plan.planNo);

    for (const [b, a, action] of [
      [coreDirector, atCore, 'coreApprove'],
      [supplier, atSupplier, 'transfer'],
    ] as const) {
      const before = await state('abs_asset', a.id);
      const res = body(await act(b, 'absAsset', a.id, action, { version: before.version, signature: SIGN }));
      expect(res.code).toBe('SCF.RELATED_BLOCKED');
      expect(res.message).toBe(`专项计划已封包或已兑付，资产不能再流转：${planNo}（已封包）`);
      expect(await state('abs_asset', a.id)).toEqual(before);
    }
    // Reopened (PL1), the same steps go through.
    await s.db.query("update abs_plan set state = 'PL1' where id = $1", [plan.id]);
    expect((await step(coreDirector, 'absAsset', atCore.id, 'coreApprove', { signature: SIGN })).status).toBe(
      'T10',
    );
    expect((await step(supplier, 'absAsset', atSupplier.id, 'transfer')).status).toBe('T03');
  });
});

describe('no asset is issued into or moved within a sealed plan (create and update requires)', () => {
  it('refuses an issue into a sealed plan, and an edit that moves an asset into or out of one, writing nothing', async () => {
    const open = await newPlan('abs', '发行校验开放计划');
    const sealed = await newPlan('abs', '发行校验封包计划');
    const asset = await newAsset(open.id);
    const moved = await newAsset(open.id);
    await s.db.query("update abs_plan set state = 'PL2' where id = $1", [sealed.id]);
    const sealedNo = String(sealed.planNo);
    const assetsBefore = await count(s, 'abs_asset');

    const issued = body(await create(core, 'absAsset', assetInput(sealed.id)));
    expect(issued.code).toBe('SCF.RELATED_BLOCKED');
    expect(issued.message).toBe(`专项计划已封包或已兑付，不能再发行资产：${sealedNo}（已封包）`);
    expect(issued.data.blocking.map((b: Json) => b.no)).toEqual([sealedNo]);
    expect(await count(s, 'abs_asset')).toBe(assetsBefore);

    const into = body(
      await core.call('PUT', `${API}/absAsset/records/${asset.id}`, {
        body: { version: asset.version, planId: sealed.id },
      }),
    );
    expect(into.code).toBe('SCF.RELATED_BLOCKED');
    expect(into.message).toBe(`专项计划已封包或已兑付，资产不能再流转：${sealedNo}（已封包）`);
    expect((await state('abs_asset', asset.id)).version).toBe(asset.version);

    // An asset of a plan sealed before the rule (legacy data) cannot be edited out of it either.
    await s.db.query("update abs_plan set state = 'PL2' where id = $1", [open.id]);
    const out = body(
      await core.call('PUT', `${API}/absAsset/records/${moved.id}`, {
        body: { version: moved.version, amount: '2000.00' },
      }),
    );
    expect(out.code).toBe('SCF.RELATED_BLOCKED');
    expect(out.message).toBe(`专项计划已封包或已兑付，资产不能再流转：${String(open.planNo)}（已封包）`);
    await s.db.query("update abs_plan set state = 'PL1' where id = $1", [open.id]);
    const edited = body(
      await core.call('PUT', `${API}/absAsset/records/${moved.id}`, {
        body: { version: moved.version, amount: '2000.00' },
      }),
    );
    expect(edited.code, edited.message).toBe('0');
  });
});

describe('documents are locked while their asset is reviewed', () => {
  it('refuses upload, replace, delete and new documents after 提交转让申请, writing nothing', async () => {
    const plan = await newPlan('abs', '资料锁定测试专项计划');
    const asset = await newAsset(plan.id);
    await step(purchase, 'absAsset', asset.id, 'confirm');
    const [contract] = await fileDocuments(asset.id);
    // Open while the asset waits for its transfer: the file can be replaced.
    const replaced = body(
      await uploadFile(
        s.app,
        supplier,
        { model: 'absDocument', recordId: contract!, category: 'contract' },
        { name: 'contract-v2.pdf', data: PDF },
      ),
    );
    expect(replaced.code, replaced.message).toBe('0');
    expect(body(await getRecord(supplier, 'absAsset', asset.id)).data.childrenLocked).toBe(false);
    const transferred = await step(supplier, 'absAsset', asset.id, 'transfer');
    expect(transferred.childrenLocked).toBe(true);

    const files = await count(s, 'biz_files');
    const documents = await count(s, 'abs_document');
    const doc = await state('abs_document', contract!);
    const message = `ABS资产${String(asset.assetNo)}当前状态为“待供应商主管审核”，转让资料已锁定，不能上传、替换或删除`;
    const refusals = [
      await uploadFile(
        s.app,
        supplier,
        { model: 'absDocument', recordId: contract!, category: 'contract' },
        { name: 'contract-v3.pdf', data: PDF },
      ),
      await uploadFile(
        s.app,
        supplier,
        {
          model: 'absDocument',
          create: JSON.stringify({ assetId: asset.id, category: 'other' }),
          category: 'other',
        },
        { name: 'other.pdf', data: PDF },
      ),
      await create(supplier, 'absDocument', { assetId: asset.id, category: 'other' }),
      await act(supplier, 'absDocument', contract!, 'remove', { version: doc.version }),
      await supplier.call(
        'DELETE',
        `/v1/files/${String(body(await getRecord(supplier, 'absDocument', contract!)).data.fileId)}`,
      ),
    ];
    for (const res of refusals)
      expect([body(res).code, body(res).message]).toEqual(['SCF.DOCUMENTS_LOCKED', message]);
    expect(await count(s, 'biz_files')).toBe(files);
    expect(await count(s, 'abs_document')).toBe(documents);
    expect(await state('abs_document', contract!)).toEqual(doc);
  });
});

describe('a corp reference accepts only enterprises that opened the product', () => {
  const refs = async (b: Browser, model: string, field: string, query: Record<string, string> = {}) =>
    body(await b.call('GET', `${API}/${model}/refs/${field}`, { query }));

  it('the ABS payee picker offers, and the server accepts, only suppliers with the plan product', async () => {
    const abs = await newPlan('abs', '收款单位测试专项计划');
    const abcp = await newPlan('abcp', '收款单位测试一期');
    const ids = (r: { data: { list: Array<{ id: string }> } }) => r.data.list.map((c) => c.id);
    expect(ids(await refs(core, 'absAsset', 'supplierCorpId'))).toEqual(['SUP001']);
    expect(ids(await refs(core, 'absAsset', 'supplierCorpId', { product: 'abcp' }))).toEqual(['SUP001']);
    expect((await refs(core, 'absAsset', 'supplierCorpId', { product: 'credit' })).code).toBe(
      'SCF.QUERY_INVALID',
    );

    const before = await count(s, 'abs_asset');
    const unopened = body(await create(core, 'absAsset', assetInput(abs.id, 'SUP002')));
    expect([unopened.code, unopened.message]).toEqual([
      'SCF.CORP_PRODUCT_NOT_OPENED',
      '收款单位：恒通钢构有限公司尚未开通ABS业务，不可选',
    ]);
    const unit = body(await create(core, 'absAsset', assetInput(abcp.id, 'UNIT001')));
    expect([unit.code, unit.message]).toEqual([
      'SCF.CORP_PRODUCT_NOT_OPENED',
      '收款单位：华建一局第三项目部尚未开通ABCP业务，不可选',
    ]);
    expect(await count(s, 'abs_asset')).toBe(before);

    // Once the project department opens ABCP, the ABCP picker offers it and the server accepts it.
    await openProduct(s.db, 'UNIT001', 'abcp');
    expect(ids(await refs(core, 'absAsset', 'supplierCorpId', { product: 'abcp' }))).toEqual([
      'SUP001',
      'UNIT001',
    ]);
    expect(ids(await refs(core, 'absAsset', 'supplierCorpId'))).toEqual(['SUP001']);
    expect(body(await create(core, 'absAsset', assetInput(abcp.id, 'UNIT001'))).code).toBe('0');
    expect(body(await create(core, 'absAsset', assetInput(abs.id, 'UNIT001'))).code).toBe(
      'SCF.CORP_PRODUCT_NOT_OPENED',
    );
    await s.db.query(
      "update corp_products set state = 'UNOPENED' where corp_id = 'UNIT001' and product = 'abcp'",
    );
  });

  it('the credit finance 金融机构 picker offers finance institutions with credit, never the core', async () => {
    const chain = await as(s.app, 'chain_operator');
    const options = await refs(chain, 'creditFinance', 'finCorpId');
    expect(options.data.list).toEqual([
      { id: 'FIN001', name: '建信商业保理有限公司', code: '91310000MA1FL3XK54' },
    ]);
  });

  it('a voucher is not issued to a supplier without credit, nor distributed a limit', async () => {
    const issues = await count(s, 'credit_issue');
    const res = body(
      await create(core, 'creditIssue', {
        supplierCorpId: 'SUP002',
        statements: [
          {
            statementNo: 'DZ-INV-001',
            statementDate: '2026-11-01',
            statementAmount: '1000.00',
            billAmount: '1000.00',
            expectedPayDate: '2027-02-15',
          },
        ],
        amount: '1000.00',
        dueDate: '2027-02-15',
      }),
    );
    expect([res.code, res.message]).toEqual([
      'SCF.CORP_PRODUCT_NOT_OPENED',
      '供应商：恒通钢构有限公司尚未开通信用凭证业务，不可选',
    ]);
    expect(await count(s, 'credit_issue')).toBe(issues);
    const pickers = await refs(core, 'creditIssue', 'supplierCorpId');
    expect(pickers.data.list.map((c: { id: string }) => c.id)).not.toContain('SUP002');
    expect(pickers.data.list.map((c: { id: string }) => c.id)).toContain('SUP001');
  });
});

describe('the declarations are checked at start', () => {
  function brokenSchemas(file: string, edit: (model: Json) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'scf-schemas-'));
    copySchemaTree(join(process.cwd(), 'schemas'), dir);
    const path = join(dir, '_models', `${file}.json`);
    const model = JSON.parse(readFileSync(path, 'utf8'));
    edit(model);
    writeFileSync(path, JSON.stringify(model));
    return dir;
  }
  const review = (m: Json): Json => m.transitions.find((t: Json) => t.action === 'review');
  const coreApprove = (m: Json): Json => m.transitions.find((t: Json) => t.action === 'coreApprove');

  it.each([
    [
      'absPlan',
      'a related state that does not exist',
      (m: Json) => (review(m).requires[0].states = ['T99']),
      '/transitions/0/requires/0/states/0: unknown state "T99" of model absAsset',
    ],
    [
      'absPlan',
      'a related field that does not refer to the model',
      (m: Json) => (review(m).requires[0].field = 'supplierCorpId'),
      '/transitions/0/requires/0/field: "absAsset.supplierCorpId" must be a field with "ref": "absPlan"',
    ],
    [
      'absPlan',
      'noRelated without its model',
      (m: Json) => delete review(m).requires[0].model,
      '/transitions/0/requires/0: 缺少必填的键 "model"',
    ],
    [
      'absAsset',
      'refState on a field that is not a record reference',
      (m: Json) => (coreApprove(m).requires[0].field = 'supplierCorpId'),
      '/transitions/5/requires/0/field: "supplierCorpId" is not a field referring to another model\'s record',
    ],
    [
      'absAsset',
      'a create requiring no related records (a new record has none)',
      (m: Json) =>
        (m.create.requires[0] = {
          kind: 'noRelated',
          model: 'absDocument',
          field: 'assetId',
          states: ['AD0'],
          message: '—',
        }),
      '/create/requires/0/kind: a new record has no related records: a create requires refState only',
    ],
    [
      'absAsset',
      'an update requiring a state the plan does not have',
      (m: Json) => (m.update.requires[0].states = ['PL9']),
      '/update/requires/0/states/0: unknown state "PL9" of model absPlan',
    ],
    [
      'absAsset',
      'a locked state that does not exist',
      (m: Json) => (m.children.lockedStates = ['T03', 'T99']),
      '/children/lockedStates/1: unknown state "T99" of model absAsset',
    ],
    [
      'absAsset',
      'an unknown product to open',
      (m: Json) => (m.fields.supplierCorpId.opened = 'factoring-nowhere'),
      '/fields/supplierCorpId/opened: unknown product "factoring-nowhere"',
    ],
    [
      'absAsset',
      'a product field without product codes',
      (m: Json) => (m.fields.supplierCorpId.opened = { field: 'debtorName' }),
      '/fields/supplierCorpId/opened/field: "debtorName" must have an enum of product codes',
    ],
    [
      'absAsset',
      'opened on a field that is not an enterprise',
      (m: Json) => (m.fields.debtorName.opened = 'abs'),
      '/fields/debtorName/opened: opened needs "ref": "corp"',
    ],
  ])('%s: stops on %s with a located message', (file, _name, edit, message) => {
    const dir = brokenSchemas(file, edit);
    try {
      expect(() => loadModels(dir, productEffects())).toThrow(ModelLoadError);
      try {
        loadModels(dir, productEffects());
      } catch (error) {
        // An edited copy is named by its own path (modelFilesOnDisk.test): its _models/<file> part stays.
        expect((error as Error).message).toContain(`_models/${file}.json#${message}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
