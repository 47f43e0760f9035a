import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './helpers';
import { act, as, body, getRecord, list } from './modelsHelpers';
import { demoSigner, fetchOriginal, signRecord } from './ukeyHelpers';

// A signed transition on the default server, so with the real UKEY verifier (not the completeness check).
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

async function pendingIssue(): Promise<{ id: string; version: number }> {
  const b = await as(s.app, 'core_director');
  const page = await list(b, 'creditIssue', { status: 'IS0', size: '50' });
  const rec = page.list.find((r: { actions?: string[] }) => r.actions?.includes('approve')) ?? page.list[0];
  return { id: rec.id, version: rec.version };
}

describe('a director approving with the UKEY (real verifier)', () => {
  it('approves when the original was issued for this record and action', async () => {
    const director = await as(s.app, 'core_director');
    const { id, version } = await pendingIssue();
    const original = await fetchOriginal(director, { scope: `creditIssue/${id}/approve` });
    const key = await demoSigner(s.db, 'core_director-rsa');
    const res = body(
      await act(director, 'creditIssue', id, 'approve', { version, signature: signRecord(key, original) }),
    );
    expect(res.code).toBe('0');
    expect(body(await getRecord(director, 'creditIssue', id)).data.status).toBe('IS1');
  });

  it('refuses a signature whose original was issued for another record, and changes nothing', async () => {
    const director = await as(s.app, 'core_director');
    const { id, version } = await pendingIssue();
    const original = await fetchOriginal(director, { scope: 'creditIssue/some-other-id/approve' });
    const key = await demoSigner(s.db, 'core_director-sm2');
    const res = body(
      await act(director, 'creditIssue', id, 'approve', { version, signature: signRecord(key, original) }),
    );
    expect(res.code).toMatch(/^SCF\.UKEY_ORIGINAL/);
    const after = body(await getRecord(director, 'creditIssue', id)).data;
    expect([after.status, after.version]).toEqual(['IS0', version]);
  });

  it('refuses a record naming another issuer than the key is bound to (print number or bank)', async () => {
    const director = await as(s.app, 'core_director');
    const { id, version } = await pendingIssue();
    const key = await demoSigner(s.db, 'core_director-rsa');
    for (const change of [{ ukeyBank: 'ICBC' }, { ukeyCode: `102${key.printNumber.slice(3)}` }]) {
      const original = await fetchOriginal(director, { scope: `creditIssue/${id}/approve` });
      const res = body(
        await act(director, 'creditIssue', id, 'approve', {
          version,
          signature: { ...signRecord(key, original), ...change },
        }),
      );
      expect(res).toMatchObject({ code: 'SCF.UKEY_RECORD_MISMATCH', message: '签名信息与UKEY证书不一致' });
    }
    expect(body(await getRecord(director, 'creditIssue', id)).data.status).toBe('IS0');
  });

  it('refuses a tampered signature', async () => {
    const director = await as(s.app, 'core_director');
    const { id, version } = await pendingIssue();
    const original = await fetchOriginal(director, { scope: `creditIssue/${id}/approve` });
    const record = signRecord(await demoSigner(s.db, 'core_director-rsa'), original);
    const tampered = {
      ...record,
      signature: record.signature.slice(0, -6) + (record.signature.endsWith('AAAA==') ? 'BBBB==' : 'AAAA=='),
    };
    const res = body(await act(director, 'creditIssue', id, 'approve', { version, signature: tampered }));
    expect(res.code).toBe('SCF.UKEY_SIGNATURE_INVALID');
    expect(body(await getRecord(director, 'creditIssue', id)).data.status).toBe('IS0');
  });
});
