import { randomUUID } from 'node:crypto';
import type { Db } from '@server/db/db';
import { insertFile } from '@server/files/fileRecords';
import { SEED_KEY_PREFIX, SEED_PDF_SIZE } from '@server/files/seedFiles';
import { type ModelEngine } from '@server/models/modelEngine';
import type { Actor } from '@server/models/recordJson';
import { addDays, chinaDay } from '@server/models/recordWriter';
import { EngineSeeder } from '@server/seed/engineSeeder';

type Json = Record<string, unknown>;

/** Where each seeded asset stops: the transitions that take a new asset there, with their actors. */
const PATHS: Record<string, Array<[string, string]>> = {
  T01: [],
  T02: [['confirm', 'core_purchase']],
  T03: [
    ['confirm', 'core_purchase'],
    ['transfer', 'chain_operator'],
  ],
  T07: [
    ['confirm', 'core_purchase'],
    ['transfer', 'chain_operator'],
    ['approveTransfer', 'chain_director'],
  ],
  T10: [
    ['confirm', 'core_purchase'],
    ['transfer', 'chain_operator'],
    ['approveTransfer', 'chain_director'],
    ['coreApprove', 'core_director'],
  ],
  TX1: [
    ['confirm', 'core_purchase'],
    ['transfer', 'chain_operator'],
    ['returnTransfer', 'chain_director'],
  ],
  TX2: [['abort', 'core_operator']],
};

/**
 * The ABS and ABCP demo, written through the models engine as the demo users (every check and effect
 * runs): shelves in each status, ABS plans and ABCP series (open, packet reviewed, settled), and
 * receivables and payables of the supplier in every status the transitions reach, in both products.
 */
export async function seedAbs(engine: ModelEngine): Promise<void> {
  const db = engine.db;
  if ((await db.query('select 1 from abs_asset limit 1')).rows.length) return;
  const seeder = await EngineSeeder.open({ engine });
  seeder.daysAgo(20);
  const today = chinaDay(new Date());
  const seeding = seeder.engine;
  const as = async (username: string): Promise<Actor> => seeder.as(username).actor;
  const create = async (username: string, model: string, data: Json): Promise<Json> =>
    seeder.as(username).create(model, data);
  const act = async (username: string, model: string, rec: Json, action: string): Promise<Json> =>
    seeder.as(username).act(model, String(rec.id), action, { reason: '演示数据' });

  // Shelves: approved (the plans' shelf), waiting, refused.
  let shelf = await create('core_operator', 'absShelf', {
    shelfName: '华建一局供应链应收账款资产支持专项计划储架',
    totalAmount: '500000000.00',
    managerCorpId: 'FIN001',
    venue: 'SSE',
  });
  shelf = await act('core_director', 'absShelf', shelf, 'approve');
  await create('core_operator', 'absShelf', {
    shelfName: '华建一局2027年度储架',
    totalAmount: '300000000.00',
    managerCorpId: 'FIN001',
    venue: 'SZSE',
  });
  await create('core_operator', 'absShelf', {
    shelfName: '华建一局城市更新储架',
    totalAmount: '200000000.00',
    managerCorpId: 'FIN001',
    venue: 'SZSE',
  });
  const refused = await create('core_operator', 'absShelf', {
    shelfName: '华建一局绿色建筑储架',
    totalAmount: '100000000.00',
    managerCorpId: 'FIN001',
    venue: 'SSE',
  });
  await act('core_director', 'absShelf', refused, 'reject');

  const plan = (product: 'abs' | 'abcp', name: string, size: string, series?: number): Promise<Json> =>
    create('fin_product_manager', 'absPlan', {
      product,
      planName: name,
      coreCorpId: 'CORE001',
      issueSize: size,
      setupDate: addDays(today, -30),
      expectedDueDate: addDays(today, 330),
      venue: product === 'abs' ? 'SSE' : 'NAFMII',
      ...(product === 'abs' ? { shelfId: shelf.id } : {}),
      ...(series ? { seriesNo: series, payDate: addDays(today, 90 * series) } : {}),
    });

  let k = 0;
  const asset = async (p: Json, state: string, type = 'receivable'): Promise<Json> => {
    k += 1;
    let rec = await create('core_operator', 'absAsset', {
      assetType: type,
      planId: p.id,
      supplierCorpId: 'SUP001',
      debtorName: `华建一局第${(k % 5) + 1}项目公司`,
      projectName: `城市更新项目${(k % 7) + 1}标段`,
      confirmNo: `FQ${today.replace(/-/g, '')}${String(k).padStart(4, '0')}`,
      contractType: ['construction', 'purchase', 'labour'][k % 3],
      amount: `${(k % 9) + 1}${String((k * 137) % 1000).padStart(3, '0')}00.${String((k * 7) % 100).padStart(2, '0')}`,
      discountRate: '0.9650',
      expectedLoanDate: addDays(today, 10 + k),
      dueDate: addDays(today, 120 + k * 3),
    });
    for (const [action, user] of PATHS[state] ?? []) {
      if (action === 'transfer') await attachDocuments(db, seeding, rec, await as(user));
      rec = await act(user, 'absAsset', rec, action);
    }
    // Assets waiting for their transfer have their documents filed: the supplier can apply at once.
    if (state === 'T02') await attachDocuments(db, seeding, rec, await as('chain_operator'));
    return rec;
  };

  for (const product of ['abs', 'abcp'] as const) {
    const label = product === 'abs' ? '华建一局供应链1号资产支持专项计划' : '华建一局供应链资产支持商业票据';
    const open = await plan(
      product,
      product === 'abs' ? label : `${label}（第3期）`,
      '80000000.00',
      product === 'abcp' ? 3 : undefined,
    );
    for (const state of Object.keys(PATHS)) {
      await asset(open, state);
      await asset(open, state, 'payable');
    }
    await asset(open, 'T01');
    const waiting = await asset(open, 'T02');
    // A document registered by mistake and removed again (已删除).
    const wrong = await create('chain_operator', 'absDocument', { assetId: waiting.id, category: 'other' });
    await act('chain_operator', 'absDocument', wrong, 'remove');
    // A plan whose packet was reviewed (assets lent), and one settled (assets repaid).
    for (const [n, settle] of [
      [1, true],
      [2, false],
    ] as const) {
      const name = product === 'abs' ? label.replace('1号', `${n + 1}号`) : `${label}（第${n}期）`;
      let p = await plan(product, name, '30000000.00', product === 'abcp' ? n : undefined);
      for (let i = 0; i < 3; i++) await asset(p, 'T10', i === 2 ? 'payable' : 'receivable');
      p = await act(
        'fin_product_manager',
        'absPlan',
        await seeding.get(await as('fin_product_manager'), 'absPlan', String(p.id)),
        'review',
      );
      if (settle) await act('core_director', 'absPlan', p, 'settle');
    }
  }
  // A plan ready for its packet review: every asset confirmed by the core director, none mid-flow
  // (absPlan review `requires` it).
  for (const product of ['abs', 'abcp'] as const) {
    const ready = await plan(
      product,
      product === 'abs' ? '华建一局供应链4号资产支持专项计划' : '华建一局供应链资产支持商业票据（第4期）',
      '20000000.00',
      product === 'abcp' ? 4 : undefined,
    );
    for (let i = 0; i < 2; i++) await asset(ready, 'T10', i === 1 ? 'payable' : 'receivable');
  }
}

/**
 * The contract and invoice a supplier files before transferring: documents created through the engine,
 * their files as metadata only (`seed/` keys serve a demo PDF, so seeding writes no files).
 */
async function attachDocuments(db: Db, engine: ModelEngine, rec: Json, actor: Actor): Promise<void> {
  for (const [category, name] of [
    ['contract', '贸易合同.pdf'],
    ['invoice', '增值税专用发票.pdf'],
  ] as const) {
    const doc = await engine.create(actor, 'absDocument', { assetId: rec.id, category });
    const id = randomUUID();
    const at = new Date();
    await insertFile(
      db,
      {
        id,
        model: 'absDocument',
        recordId: String(doc.id),
        category,
        name,
        ext: 'pdf',
        mime: 'application/pdf',
        size: SEED_PDF_SIZE,
        sha256: '',
        storageKey: `${SEED_KEY_PREFIX}${id}`,
        uploaderId: actor.user.id,
        uploaderName: actor.user.personName,
        corpId: actor.user.corpId,
      },
      at,
    );
    await db.query(
      'update abs_document set file_id = $1, file_name = $2, file_size = $3, uploaded_at = $4 where id = $5',
      [id, name, SEED_PDF_SIZE, at.toISOString(), doc.id],
    );
  }
}
