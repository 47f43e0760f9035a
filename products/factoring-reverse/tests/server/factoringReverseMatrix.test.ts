import { openProduct } from '@server/models/productOpenings';
import { beforeAll, describe, expect } from 'vitest';
import {
  actionMatrix,
  LINK_ONLY,
  matrixWorld,
  rule,
  type MatrixRule,
} from '../../../../tests/server/authorizationMatrix';
import { API, as, body, create, SIGN, step } from '../../../../tests/server/modelsHelpers';

/**
 * Authorisation matrix of the reverse and delivery factoring actions: every demo role (plus a
 * second core group, supplier and factor added here) × each action × records of its own and of other
 * enterprises. The expected table is written by hand from DOMAIN.md's two-step pattern: an action is
 * allowed exactly when the session's role is listed and the user's enterprise is the named party.
 * Actions of one-time public links (roles []) are refused to every session. Every call carries a complete
 * sign record: the signed steps (the supplier director's review, the factor's loan) need it, others ignore it.
 */
const CORE_OP = 'ROLE_CORE_OPERATOR';
const CORE_DIR = 'ROLE_CORE_DIRECTOR';
const CHAIN_DIRS = ['ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR'];
const FIN_CLIENT = 'ROLE_FIN_CLIENT_MANAGER';
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';
const P = ['factoringReversePayable', 'factoring_reverse_payable'] as const;
const F = ['factoringReverseFinance', 'factoring_reverse_finance'] as const;
const W = ['factoringDeliveryWhite', 'factoring_delivery_white'] as const;
const SP = ['factoringDeliveryPlan', 'factoring_delivery_plan'] as const;
const CO = ['factoringDeliveryOrder', 'factoring_delivery_order'] as const;
const DF = ['factoringDeliveryFinance', 'factoring_delivery_finance'] as const;
const RD = ['factoringReverseDocument', 'factoring_reverse_document'] as const;
const AG = ['factoringDeliveryAgreement', 'factoring_delivery_agreement'] as const;
/** 确权材料 can be removed only while their payable waits for the supplier's signature. */
const DOCUMENT_OPEN =
  "exists (select 1 from factoring_reverse_payable p where p.id = payable_id and p.state in ('RP0', 'RP1', 'RP2'))";
/** The core director confirms a payable only with its 确权函 filed. */
const LETTER_FILED =
  "exists (select 1 from factoring_reverse_document d where d.payable_id = factoring_reverse_payable.id and d.category = 'confirmation' and d.state = 'RD0' and d.file_id is not null)";
const CHAIN_OPS = ['ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];

const RULES: MatrixRule[] = [
  rule(...P, 'submit', 'RP0', [CORE_OP], 'core_corp_id'),
  rule(...P, 'return', 'RP1', [CORE_DIR], 'core_corp_id'),
  rule(...P, 'confirm', 'RP1', [CORE_DIR], 'core_corp_id', LETTER_FILED),
  rule(...P, 'sign', 'RP2', LINK_ONLY, 'supplier_corp_id'),
  rule(...RD, 'remove', 'RD0', [CORE_OP], 'uploader_corp_id', DOCUMENT_OPEN),
  rule(...F, 'withdraw', 'RF0', CHAIN_DIRS, 'applicant_corp_id'),
  rule(...F, 'submit', 'RF0', CHAIN_DIRS, 'applicant_corp_id'),
  rule(...F, 'reject', 'RF1', [FIN_CLIENT], 'factor_corp_id'),
  rule(...F, 'approve', 'RF1', [FIN_CLIENT], 'factor_corp_id'),
  rule(...F, 'confirm', 'RF2', LINK_ONLY, 'core_corp_id'),
  rule(...F, 'loan', 'RF3', [FIN_PRODUCT], 'factor_corp_id'),
  rule(...F, 'repay', 'RFD', [FIN_CLIENT], 'factor_corp_id'),
  rule(...W, 'reject', 'WL0', [FIN_CLIENT], 'factor_corp_id'),
  rule(...W, 'approve', 'WL0', [FIN_CLIENT], 'factor_corp_id'),
  rule(...SP, 'refuse', 'SP0', CHAIN_OPS, 'supplier_corp_id'),
  rule(...SP, 'accept', 'SP0', CHAIN_OPS, 'supplier_corp_id'),
  rule(...CO, 'refuse', 'CO0', ['ROLE_CORE_PURCHASE'], 'core_corp_id'),
  rule(...CO, 'confirmReceipt', 'CO0', ['ROLE_CORE_PURCHASE'], 'core_corp_id'),
  rule(...AG, 'sign', 'AG0', CHAIN_DIRS, 'supplier_corp_id', 'agreement_read'),
  rule(...AG, 'coreSign', 'AG2', [CORE_DIR], 'core_corp_id'),
  rule(...AG, 'factorSign', 'AG3', [FIN_PRODUCT], 'factor_corp_id'),
  rule(...DF, 'withdraw', 'DF0', CHAIN_DIRS, 'applicant_corp_id'),
  rule(...DF, 'submit', 'DF0', CHAIN_DIRS, 'applicant_corp_id'),
  rule(...DF, 'reject', 'DF1', [FIN_CLIENT], 'factor_corp_id'),
  rule(...DF, 'approve', 'DF1', [FIN_CLIENT], 'factor_corp_id'),
  rule(...DF, 'loan', 'DF2', [FIN_PRODUCT], 'factor_corp_id'),
  rule(...DF, 'repay', 'DFD', [FIN_CLIENT], 'factor_corp_id'),
  // Last: removing supplier 1 from the white list must not disturb the actions above.
  rule(...W, 'remove', 'WL1', [CORE_OP], 'core_corp_id'),
];

const world = matrixWorld([
  ['core2_operator', 'CORE002', CORE_OP],
  ['core2_director', 'CORE002', CORE_DIR],
  ['core2_purchase', 'CORE002', 'ROLE_CORE_PURCHASE'],
  ['fin2_client', 'FIN002', FIN_CLIENT],
  ['fin2_product', 'FIN002', FIN_PRODUCT],
]);

/**
 * Agreements to sign: the seed has supplier 1's effective, so the factor approves the project department
 * and the department's director reads both; the second core group proposes suppliers 1 and 2, so that
 * the white-list rules keep two pending entries. The second core group also lists the project department:
 * its director signs that entry's two agreements, which then wait for the core (the tripartite one) and
 * for the factor (the supplemental one).
 */
beforeAll(async () => {
  const { app, db } = world.s;
  const unit = (
    await db.query<{ id: string }>(
      "select id from factoring_delivery_white where state = 'WL0' and supplier_corp_id = 'UNIT001'",
    )
  ).rows[0]!;
  await step(await as(app, 'fin_client_manager'), W[0], unit.id, 'approve');
  const director = await as(app, 'unit_director');
  const made = await db.query<{ id: string; version: number }>(
    'select id, version from factoring_delivery_agreement where white_id = $1',
    [unit.id],
  );
  /** The second core group proposes a supplier to the factor: the new entry's id. */
  const propose = async (supplierCorpId: string): Promise<string> => {
    const res = await create(await as(app, 'core2_operator'), W[0], {
      supplierCorpId,
      factorCorpId: 'FIN001',
      limitAmount: '100000.00',
      validUntil: new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10),
    });
    expect(body(res).code, res.body).toBe('0');
    return String(body(res).data.id);
  };
  // Two pending entries, one for the reject rule and one for the approve rule: the second core group
  // proposes supplier 1, and supplier 2 once it has opened delivery factoring (a white-listed supplier
  // must have: factoringDeliveryWhite.supplierCorpId `opened`).
  await propose('SUP001');
  await openProduct(db, 'SUP002', 'factoring-delivery');
  await propose('SUP002');
  const read = async (a: { id: string; version: number }) => {
    const res = body(
      await director.call('PUT', `${API}/${AG[0]}/records/${a.id}`, {
        body: { agreementRead: true, version: a.version },
      }),
    );
    expect(res.code, res.message).toBe('0');
  };
  for (const a of made.rows) await read(a);
  const core2 = await propose('UNIT001');
  await step(await as(app, 'fin_client_manager'), W[0], core2, 'approve');
  const second = await db.query<{ id: string; version: number; kind: string }>(
    'select id, version, kind from factoring_delivery_agreement where white_id = $1',
    [core2],
  );
  for (const a of second.rows) {
    await read(a);
    const signed = await step(director, AG[0], a.id, 'sign', { signature: SIGN });
    expect(signed.status).toBe(a.kind === 'TRIPARTITE' ? 'AG2' : 'AG3');
  }
}, 60_000);

describe('authorisation matrix: role × reverse/delivery factoring action × enterprise', () => {
  actionMatrix(world, RULES);
});
