import { describe, expect, it } from 'vitest';
import {
  actionMatrix,
  matrixWorld,
  rule,
  type MatrixActor,
  type MatrixRule,
} from '../../../../tests/server/authorizationMatrix';
import { body, create } from '../../../../tests/server/modelsHelpers';

/**
 * Authorisation matrix of every ABS/ABCP action: each demo role (plus a second core group and a second
 * plan manager, added here; UNIT001 is the other chain enterprise) × each action × records of its own and
 * of other enterprises. The expected table is written by hand from the models' design (core operator
 * issues, engineer post confirms, supplier operator transfers, supplier director and core director sign,
 * plan manager reviews packets, core director settles), not read from the models.
 */
const CORE_OP = 'ROLE_CORE_OPERATOR';
const CORE_DIR = 'ROLE_CORE_DIRECTOR';
const CORE_PUR = 'ROLE_CORE_PURCHASE';
const CHAIN_OPS = ['ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];
const CHAIN_DIRS = ['ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR'];
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';

const HAS_DOCUMENTS =
  "exists (select 1 from abs_document d where d.asset_id = abs_asset.id and d.category = 'invoice' and d.file_id is not null)";

const RULES: MatrixRule[] = [
  rule('absAsset', 'abs_asset', 'confirm', 'T01', [CORE_PUR], 'issuer_corp_id'),
  rule('absAsset', 'abs_asset', 'abort', 'T01', [CORE_OP], 'issuer_corp_id'),
  rule('absAsset', 'abs_asset', 'transfer', 'T02', CHAIN_OPS, 'supplier_corp_id', HAS_DOCUMENTS),
  rule('absAsset', 'abs_asset', 'approveTransfer', 'T03', CHAIN_DIRS, 'supplier_corp_id'),
  rule('absAsset', 'abs_asset', 'returnTransfer', 'T03', CHAIN_DIRS, 'supplier_corp_id'),
  rule('absAsset', 'abs_asset', 'coreApprove', 'T07', [CORE_DIR], 'issuer_corp_id'),
  rule('absAsset', 'abs_asset', 'coreReturn', 'T07', [CORE_DIR], 'issuer_corp_id'),
  rule(
    'absDocument',
    'abs_document',
    'remove',
    'AD0',
    CHAIN_OPS,
    'uploader_corp_id',
    "exists (select 1 from abs_asset a where a.id = abs_document.asset_id and a.state = 'T02')",
  ),
  rule('absShelf', 'abs_shelf', 'approve', 'SR0', [CORE_DIR], 'core_corp_id'),
  rule('absShelf', 'abs_shelf', 'reject', 'SR0', [CORE_DIR], 'core_corp_id'),
  rule('absPlan', 'abs_plan', 'returnPacket', 'PL1', [FIN_PRODUCT], 'manager_corp_id'),
  rule(
    'absPlan',
    'abs_plan',
    'review',
    'PL1',
    [FIN_PRODUCT],
    'manager_corp_id',
    // A plan with a confirmed asset and none mid-flow (absPlan review `requires`).
    `exists (select 1 from abs_asset a where a.plan_id = abs_plan.id and a.state = 'T10')
      and not exists (select 1 from abs_asset a where a.plan_id = abs_plan.id and a.state in ('T01', 'T02', 'T03', 'T07'))`,
  ),
  rule('absPlan', 'abs_plan', 'settle', 'PL2', [CORE_DIR], 'core_corp_id'),
];

const world = matrixWorld([
  ['core2_operator', 'CORE002', CORE_OP],
  ['core2_director', 'CORE002', CORE_DIR],
  ['core2_purchase', 'CORE002', CORE_PUR],
  ['fin2_product', 'FIN002', FIN_PRODUCT],
]);

describe('authorisation matrix: role × ABS/ABCP action × enterprise', () => {
  actionMatrix(world, RULES);

  it('creates: only the creating post, and assets only into a plan of its own core', async () => {
    const plan = (
      await world.s.db.query<{ id: string }>("select id from abs_plan where state = 'PL1' limit 1")
    ).rows[0]!;
    const shelf = (
      await world.s.db.query<{ id: string }>("select id from abs_shelf where state = 'SR1' limit 1")
    ).rows[0]!;
    const bodies: Record<string, Record<string, unknown>> = {
      absAsset: {
        assetType: 'receivable',
        planId: plan.id,
        supplierCorpId: 'SUP001',
        debtorName: '矩阵项目公司',
        confirmNo: 'FQ-MATRIX',
        contractType: 'construction',
        amount: '1000.00',
        dueDate: '2027-03-01',
      },
      absShelf: { shelfName: '矩阵储架', managerCorpId: 'FIN001', totalAmount: '1000000.00', venue: 'SSE' },
      absPlan: {
        product: 'abs',
        planName: '矩阵专项计划',
        coreCorpId: 'CORE001',
        issueSize: '1000.00',
        setupDate: '2026-11-20',
        expectedDueDate: '2027-11-20',
        venue: 'SSE',
        shelfId: shelf.id,
      },
    };
    const allowed: Record<string, (a: MatrixActor) => boolean> = {
      absAsset: (a) => a.role === CORE_OP && a.corp === 'CORE001',
      absShelf: (a) => a.role === CORE_OP && a.corp !== 'SUP003',
      absPlan: (a) => a.role === FIN_PRODUCT && a.corp === 'FIN001',
    };
    for (const [model, payload] of Object.entries(bodies)) {
      for (const actor of world.actors) {
        const code = body(await create(actor.browser, model, payload)).code;
        if (allowed[model]!(actor)) expect(code, `${actor.label} may create ${model}`).toBe('0');
        else expect(code, `${actor.label} must not create ${model}`).not.toBe('0');
      }
    }
  });
});
