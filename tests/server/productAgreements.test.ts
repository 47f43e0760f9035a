import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@contract/api';
import type { SignedAgreement } from '@contract/registration';
import { PRODUCTS } from '../../server/products';
import { DEMO_USERS } from '../../server/seed/demo';
import { pdfText, type Browser } from './helpers';
import { as, body, getRecord, modelsServer, type ModelsTestServer } from './modelsHelpers';

/**
 * 协议管理 (/my/protocol/index), its product part: the agreements the products declare
 * (ServerProduct.agreements) listed from their records to the enterprises that signed them, each opening
 * as the product's PDF; an enterprise sees only its own.
 */
let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
}, 120_000);
afterAll(async () => {
  await s.close();
});

const DECLARED = PRODUCTS.flatMap((p) => p.agreements ?? []);
/** A demo user of each enterprise that signs agreements, with its enterprise. */
const ENTERPRISES = [
  'core_query',
  'chain_query',
  'unit_query',
  'fin_client_manager',
  'fin2_client_manager',
].map((username) => [username, DEMO_USERS.find((u) => u.username === username)!.corp] as const);

async function agreementsOf(b: Browser): Promise<SignedAgreement[]> {
  const res = body(await b.call('GET', API.productAgreements.path));
  expect(res.code).toBe('0');
  return res.data as SignedAgreement[];
}

describe('product agreements in 协议管理', () => {
  it('lists to each enterprise only the agreements it signed, each from its record', async () => {
    const seenModels = new Set<string>();
    const lists = new Map<string, SignedAgreement[]>();
    for (const [username, corpId] of ENTERPRISES) {
      const b = await as(s.app, username);
      const rows = await agreementsOf(b);
      lists.set(corpId, rows);
      for (const row of rows) {
        const [model, id] = row.code.split(':') as [string, string];
        const declared = DECLARED.find((a) => a.model === model)!;
        expect(declared, row.code).toBeDefined();
        const rec = body(await getRecord(b, model, id)).data;
        // Signed by this enterprise: it is in a signer's field and the record is past that signature.
        expect(
          declared.signers.some((sg) => rec[sg.field] === corpId && sg.states.includes(rec.status)),
          `${username} ${row.code}`,
        ).toBe(true);
        expect(row.version).toBe(rec[declared.numberField]);
        expect(row.title).toBe(declared.title(rec));
        expect(row.signedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/); // China time
        seenModels.add(model);
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

  it('opens each as its PDF to its enterprise and refuses it to another', async () => {
    const chain = await as(s.app, 'chain_query');
    const unit = await as(s.app, 'unit_query');
    const rows = await agreementsOf(chain);
    expect(new Set(rows.map((r) => r.title))).toEqual(
      new Set(['国内商业保理合同', '到货保理三方协议', '到货保理补充协议', '《保理业务用户服务协议》']),
    );
    // The project department signed only 用户签约; it reaches none of the supplier's.
    expect((await agreementsOf(unit)).map((r) => r.title)).toEqual(['《保理业务用户服务协议》']);
    for (const row of rows.filter((r, i) => i === 0 || r.product === 'factoring-delivery')) {
      const pdf = await chain.call('GET', row.pdf);
      expect(pdf.statusCode, row.code).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await pdfText(pdf.rawPayload)).toContain(row.version);
      expect((await unit.call('GET', row.pdf)).statusCode, row.code).toBe(403);
    }
  });
});
