import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveProductApplications, productApprovalDelay } from '@server/backOffice/productApprovals';
import { loggedIn, testServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

const RECORDS = '/biz/v1/models/productOpening/records';
type Opening = { id: string; product: string; status: string; version: number };

describe('the emulated back office approves product opening', () => {
  it('opens an applied product once the application has waited, and tells the applicant', async () => {
    const user = await loggedIn(s.app, 'new_user');
    const credit = async (): Promise<Opening> =>
      ((await user.call('GET', RECORDS, { query: { size: '50' } })).json().data.list as Opening[]).find(
        (p) => p.product === 'credit',
      )!;
    const messages = async (): Promise<Array<{ title: string }>> =>
      (await user.call('GET', '/corp/v1/sys/messages', { query: { size: '50' } })).json().data.list;
    const opened = async (): Promise<Record<string, boolean>> =>
      (await user.call('GET', '/v2/security')).json().data.openedProductCorps;
    expect(await credit()).toMatchObject({ status: 'UNOPENED' });
    expect(await opened()).toEqual({});
    const before = (await messages()).length;

    const { id, version } = await credit();
    const applied = await user.call('POST', `${RECORDS}/${id}/actions/apply`, { body: { version } });
    expect(applied.json().code, applied.body).toBe('0');
    expect(await credit()).toMatchObject({ status: 'PENDING' });

    // Not yet due: an application made after the cut-off waits.
    expect(await approveProductApplications(s.db, new Date('2000-01-01T00:00:00Z'))).toEqual([]);
    expect(await credit()).toMatchObject({ status: 'PENDING' });

    const approved = await approveProductApplications(s.db, new Date(Date.now() + 1000));
    expect(approved).toEqual([{ corpId: 'SUP002', product: 'credit' }]);
    expect(await credit()).toMatchObject({ status: 'OPENED' });
    expect(await opened()).toEqual({ credit: true });
    const list = await messages();
    expect(list).toHaveLength(before + 1);
    expect(list.map((m) => m.title)).toContain('信用凭证产品已开通');
    // The approval is the record's history, the system's step.
    const history = (await user.call('GET', `${RECORDS}/${id}`)).json().data.audit as Array<{
      action: string;
    }>;
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['apply', 'approve']));
    // Approved once: nothing is left pending.
    expect(await approveProductApplications(s.db, new Date(Date.now() + 1000))).toEqual([]);
    // Applying again is refused: the product is open.
    const again = await user.call('POST', `${RECORDS}/${id}/actions/apply`, {
      body: { version: (await credit()).version },
    });
    expect(again.json().code).toBe('SCF.ACTION_STATE_INVALID');
  });

  it('reads its delay from PRODUCT_APPROVAL_SECONDS', () => {
    expect(productApprovalDelay(undefined)).toBe(30);
    expect(productApprovalDelay('5')).toBe(5);
    expect(productApprovalDelay('off')).toBeNull();
    expect(() => productApprovalDelay('soon')).toThrow('PRODUCT_APPROVAL_SECONDS');
  });
});
