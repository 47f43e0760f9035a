import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_BOOKS } from '@contract/registration';
import { loadModels } from '../../server/models/loadModels';
import { moveSignedAgreements } from '../../server/models/signedAgreements';
import { productAgreements, productEffects } from '../../server/products';
import { REGISTRATION_AGREEMENT_PDF } from '../../server/registration/protocols';
import { as, body, getRecord, list, modelsServer, type Json, type ModelsTestServer } from './modelsHelpers';

/**
 * The move of migration 088 (server/models/signedAgreements.ts moveSignedAgreements): a registration's
 * accepted agreements (the former JSON column) and a product's signing (the former biz_audit reading) become
 * signedAgreement records of the signing enterprise, once; another enterprise sees none of them.
 */
let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
}, 120_000);
afterAll(async () => {
  await s.close();
});

const move = () =>
  moveSignedAgreements(
    s.db,
    loadModels(join(process.cwd(), 'schemas'), productEffects()),
    productAgreements(),
    AGREEMENT_BOOKS,
    REGISTRATION_AGREEMENT_PDF,
  );

describe('moving signings made before signed agreements were records', () => {
  it('moves a registration and a product signing once, each to its own enterprise', async () => {
    const chain = await as(s.app, 'chain_query');
    const signed = (await list(chain, 'signedAgreement', { kind: 'PRODUCT', size: '100' })).list as Json[];
    const gone = signed.find((r) => r.model === 'factoringLoan')!;
    expect(gone).toBeDefined();
    // As before 088: the signing only in the record's trail, the registration only in its JSON.
    await s.db.query('delete from signed_agreements where id = $1', [gone.id]);
    const user = (await s.db.query<{ id: string }>("select id from users where username = 'new_user'"))
      .rows[0]!;
    await s.db.query(
      `insert into corp_registrations
         (corp_id, user_id, legal_name, legal_id_card, contact_name, contact_mobile, agreements, created_at)
       values ('SUP002', $1, '朱小明', '110101199003070012', '朱小明', '13900000002', $2, '2026-01-05T02:00:00Z')`,
      [user.id, JSON.stringify({ PLATFORM_SERVICE: '2025.9', PRIVACY: '2026.1' })],
    );
    await s.db.query("insert into pending_moves (name) values ('signedAgreement')");
    await move();

    const again = (await list(chain, 'signedAgreement', { kind: 'PRODUCT', size: '100' })).list as Json[];
    const moved = again.find((r) => r.model === 'factoringLoan' && r.recordId === gone.recordId)!;
    expect(moved).toMatchObject({
      corpId: gone.corpId,
      title: gone.title,
      agreementNo: gone.agreementNo,
      signedAt: gone.signedAt,
      signerName: gone.signerName,
      pdf: gone.pdf,
    });
    expect(again).toHaveLength(signed.length);

    const registered = await as(s.app, 'new_user');
    const mine = (await list(registered, 'signedAgreement', { kind: 'REGISTRATION' })).list as Json[];
    expect(mine.map((r) => [r.code, r.agreementVersion, r.signedAt, r.signerName]).sort()).toEqual([
      ['PLATFORM_SERVICE', '2025.9', '2026-01-05 10:00:00', '朱小明'],
      ['PRIVACY', '2026.1', '2026-01-05 10:00:00', '朱小明'],
    ]);
    expect(
      (await s.db.query("select agreements from corp_registrations where corp_id = 'SUP002'")).rows[0],
    ).toEqual({ agreements: null });
    // Another enterprise: none in its list, refused by id.
    expect((await list(chain, 'signedAgreement', { kind: 'REGISTRATION' })).list).toEqual([]);
    expect(body(await getRecord(chain, 'signedAgreement', String(mine[0]!.id))).code).not.toBe('0');

    // Once: a second start finds nothing to move.
    const count = async () =>
      (await s.db.query<{ n: number }>('select count(*)::int as n from signed_agreements')).rows[0]!.n;
    const before = await count();
    await move();
    expect(await count()).toBe(before);
  });
});
