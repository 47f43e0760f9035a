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

type ProductState = { product: string; opened: boolean; pending: boolean };

describe('the emulated back office approves product opening', () => {
  it('opens an applied product once the application has waited, and tells the applicant', async () => {
    const user = await loggedIn(s.app, 'new_user');
    const credit = async (): Promise<ProductState> =>
      ((await user.call('GET', '/corp/v1/corps/products')).json().data as ProductState[]).find(
        (p) => p.product === 'credit',
      )!;
    const messages = async (): Promise<Array<{ title: string }>> =>
      (await user.call('GET', '/corp/v1/sys/messages', { query: { size: '50' } })).json().data.list;
    expect(await credit()).toMatchObject({ opened: false, pending: false });
    const before = (await messages()).length;

    expect(
      (await user.call('POST', '/corp/v1/corps/products/apply', { body: { product: 'credit' } })).json().code,
    ).toBe('0');
    expect(await credit()).toMatchObject({ opened: false, pending: true });

    // Not yet due: an application made after the cut-off waits.
    expect(await approveProductApplications(s.db, new Date('2000-01-01T00:00:00Z'))).toEqual([]);
    expect(await credit()).toMatchObject({ opened: false, pending: true });

    const approved = await approveProductApplications(s.db, new Date(Date.now() + 1000));
    expect(approved).toEqual([{ corpId: 'SUP002', product: 'credit' }]);
    expect(await credit()).toMatchObject({ opened: true, pending: false });
    const list = await messages();
    expect(list).toHaveLength(before + 1);
    expect(list.map((m) => m.title)).toContain('信用凭证产品已开通');
    // Approved once: nothing is left pending.
    expect(await approveProductApplications(s.db, new Date(Date.now() + 1000))).toEqual([]);
    // Applying again is refused: the product is open.
    expect(
      (await user.call('POST', '/corp/v1/corps/products/apply', { body: { product: 'credit' } })).json().code,
    ).toBe('SCF.PRODUCT_ALREADY_OPENED');
  });

  it('reads its delay from PRODUCT_APPROVAL_SECONDS', () => {
    expect(productApprovalDelay(undefined)).toBe(30);
    expect(productApprovalDelay('5')).toBe(5);
    expect(productApprovalDelay('off')).toBeNull();
    expect(() => productApprovalDelay('soon')).toThrow('PRODUCT_APPROVAL_SECONDS');
  });
});
