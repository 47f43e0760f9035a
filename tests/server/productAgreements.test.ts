import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productAgreements } from '../../server/products';
import { DEMO_USERS } from '../../server/seed/demo';
import { pdfText, type Browser } from './helpers';
import { as, body, getRecord, list, modelsServer, type Json, type ModelsTestServer } from './modelsHelpers';

/**
 * 协议管理 (/my/protocol/index), its product part: each signature of an agreement the products declare
 * (ServerProduct.agreements) is a signedAgreement record of the signing enterprise, written by the engine when
 * the signing transition ran (server/models/signedAgreements.ts), opening as the product's PDF; an enterprise
 * sees only its own, in the list and by id.
 */
let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
}, 120_000);
afterAll(async () => {
  await s.close();
});

const DECLARED = productAgreements();
/** A demo user of each enterprise that signs agreements, with its enterprise. */
const ENTERPRISES = [
  'core_query',
  'chain_query',
  'unit_query',
  'fin_client_manager',
  'fin2_client_manager',
].map((username) => [username, DEMO_USERS.find((u) => u.username === username)!.corp] as const);

async function agreementsOf(b: Browser): Promise<Json[]> {
  return (await list(b, 'signedAgreement', { kind: 'PRODUCT', size: '100' })).list as Json[];
}

describe('product agreements in 协议管理', () => {
  it('lists to each enterprise only the agreements it signed, each from its record', async () => {
    const seenModels = new Set<string>();
    for (const [username, corpId] of ENTERPRISES) {
      const b = await as(s.app, username);
      const rows = await agreementsOf(b);
      for (const row of rows) {
        expect(row.corpId).toBe(corpId);
        const declared = DECLARED.find((a) => a.model === row.model)!;
        expect(declared, String(row.code)).toBeDefined();
        expect(row.product).toBe(declared.product);
        const rec = body(await getRecord(b, declared.model, String(row.recordId))).data;
        // Signed by this enterprise: it is in a signer's field and the signer's action is in the trail.
        const signer = declared.signers.find((sg) => rec[sg.field] === corpId);
        expect(signer, `${username} ${row.recordId}`).toBeDefined();
        expect(
          (rec.audit as Json[]).some((e) => e.action === signer!.action),
          `${username} ${row.recordId}`,
        ).toBe(true);
        expect(row.agreementNo).toBe(rec[declared.numberField]);
        expect(row.title).toBe(declared.title(rec));
        expect(row.signedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/); // China time
        seenModels.add(declared.model);
      }
    }
    // Every product's signed contract is declared (forward, joint, reverse BLHT…, delivery).
    expect(DECLARED.map((a) => a.model)).toEqual(
      expect.arrayContaining([
        'factoringLoan',
        'factoringJointContract',
        'factoringReverseFinance',
        'factoringDeliveryFinance',
      ]),
    );
    // The demo world has signed records of every declared agreement.
    expect([...seenModels].sort()).toEqual(DECLARED.map((a) => a.model).sort());
  });

  it('opens each as its PDF to its enterprise and refuses it to another, in the list and by id', async () => {
    const chain = await as(s.app, 'chain_query');
    const unit = await as(s.app, 'unit_query');
    const rows = await agreementsOf(chain);
    expect(new Set(rows.map((r) => r.title))).toEqual(
      new Set(['国内商业保理合同', '到货保理三方协议', '到货保理补充协议', '《保理业务用户服务协议》']),
    );
    // The project department signed only 用户签约; it reaches none of the supplier's.
    const theirs = await agreementsOf(unit);
    expect(theirs.map((r) => r.title)).toEqual(['《保理业务用户服务协议》']);
    expect(theirs.some((r) => rows.some((mine) => mine.id === r.id))).toBe(false);
    for (const row of rows.filter((r, i) => i === 0 || r.product === 'factoring-delivery')) {
      const pdf = await chain.call('GET', String(row.pdf));
      expect(pdf.statusCode, String(row.id)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await pdfText(pdf.rawPayload)).toContain(String(row.agreementNo));
      expect((await unit.call('GET', String(row.pdf))).statusCode, String(row.id)).toBe(403);
      // The record itself, by id: refused to another enterprise.
      expect(body(await getRecord(unit, 'signedAgreement', String(row.id))).code).not.toBe('0');
      expect(body(await getRecord(chain, 'signedAgreement', String(row.id))).code).toBe('0');
    }
  });
});
