import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RendererProvider } from '@renderer/react/context/RendererProvider';
import { optionLabel, RemoteSelect, RemoteSelectBase } from '@renderer/react/widgets/RemoteSelect';
import { fakeRequest } from './harness';

/** A loaded 2-core run (the whole unit project at once) needs more than the 1 s default to page and search. */
const SLOW = { timeout: 10_000 };

const statuses = { field: 'status', enum: [{ value: 'ISD', label: '已签发' }] };

/** Vouchers CV001…CV045 of two issuers, answered page by page and filtered by `voucherNo` contains. */
const vouchers = Array.from({ length: 45 }, (_, i) => ({
  id: `v${i + 1}`,
  voucherNo: `CV${String(i + 1).padStart(3, '0')}`,
  issuerName: i % 2 ? '中建一局' : '中建二局',
  availableAmount: '1200000.5',
  status: 'ISD',
}));

describe('RemoteSelect: a record picker', () => {
  it('names the counterparty, the amount and the state after the number', () => {
    expect(
      optionLabel(vouchers[0]!, 'voucherNo', [
        'issuerName',
        { field: 'availableAmount', format: 'money' },
        statuses,
      ]),
    ).toBe('CV001 · 中建二局 · 1,200,000.50元 · 已签发');
    expect(optionLabel({ voucherNo: 'CV9', issuerName: '' }, 'voucherNo', ['issuerName'])).toBe('CV9');
  });

  it('searches on the server as the user types and pages through every option', async () => {
    const { request, calls } = fakeRequest([
      [
        'GET /biz/v1/models/creditVoucher/records',
        (o) => {
          const p = o.params as { page: number; size: number; voucherNo?: string };
          const hits = vouchers.filter((v) => !p.voucherNo || v.voucherNo.includes(p.voucherNo));
          return Promise.resolve({
            list: hits.slice((p.page - 1) * p.size, p.page * p.size),
            pagecond: { count: hits.length, page: p.page, size: p.size },
          });
        },
      ],
    ]);
    render(
      <RendererProvider request={request} navigate={vi.fn()} currentRole={null}>
        <RemoteSelectBase
          url="/biz/v1/models/creditVoucher/records"
          labelField="voucherNo"
          search="voucherNo"
          pageSize={20}
          describe={['issuerName', statuses]}
          open
          virtual={false}
        />
      </RendererProvider>,
    );
    expect(await screen.findByText('CV001 · 中建二局 · 已签发')).toBeTruthy();
    const list = document.querySelector(
      '.rc-virtual-list-holder, .ant-select-dropdown div[role="listbox"] + div',
    );
    // Scrolling to the end loads the next pages until all 45 are there. A scroll that lands while the
    // previous page is still loading is ignored by the picker, so the user (and the test) scrolls again.
    for (const page of [2, 3]) {
      const holder = (list ??
        document.querySelector('.ant-select-dropdown')!.firstElementChild!) as HTMLElement;
      await waitFor(() => {
        fireEvent.scroll(holder, { target: { scrollTop: 10_000 } });
        expect(calls.map((c) => (c.params as { page?: number } | undefined)?.page)).toContain(page);
      }, SLOW);
    }
    expect(await screen.findByText('CV045 · 中建二局 · 已签发', {}, SLOW)).toBeTruthy();
    // Typing searches on the server (the number's contains filter), from page 1.
    fireEvent.change(document.querySelector('.ant-select input')!, { target: { value: 'CV04' } });
    await waitFor(
      () => expect(calls.at(-1)?.params).toMatchObject({ voucherNo: 'CV04', page: 1, size: 20 }),
      SLOW,
    );
    await waitFor(() => expect(screen.queryByText('CV001 · 中建二局 · 已签发')).toBeNull(), SLOW);
    expect(screen.getByText('CV045 · 中建二局 · 已签发')).toBeTruthy();
  });

  /** Enterprises E001…E045 as `GET .../refs/{field}` answers them: 20 a page, `keyword` finds a name, code or id. */
  const corps = Array.from({ length: 45 }, (_, i) => ({
    id: `E${String(i + 1).padStart(3, '0')}`,
    name: `供应商${i + 1}号有限公司`,
    code: `91110000${String(i + 1).padStart(10, '0')}`,
  }));
  const REFS = '/biz/v1/models/factoringReceivable/refs/debtorCorpId';
  const refs = () =>
    fakeRequest([
      [
        `GET ${REFS}`,
        (o) => {
          const p = o.params as { page: number; size: number; keyword?: string };
          const k = p.keyword;
          const hits = corps.filter((c) => !k || c.name.includes(k) || c.code.includes(k) || c.id === k);
          return Promise.resolve({
            list: hits.slice((p.page - 1) * p.size, p.page * p.size),
            pagecond: { count: hits.length, page: p.page, size: p.size },
          });
        },
      ],
    ]);

  it('names a value beyond the first page, asking the server for it by its id (select and read-only text)', async () => {
    const picked = corps[29]!; // E030: not on the first page of 20
    const { request, calls } = refs();
    render(
      <RendererProvider request={request} navigate={vi.fn()} currentRole={null}>
        <RemoteSelectBase url={REFS} search pageSize={20} describe={['code']} value={picked.id} />
      </RendererProvider>,
    );
    expect(await screen.findByText(`${picked.name} · ${picked.code}`, {}, SLOW)).toBeTruthy();
    expect(calls.map((c) => c.params)).toContainEqual({ keyword: 'E030', page: 1, size: 20 });

    const read = refs();
    const form = createForm({ readPretty: true, initialValues: { debtorCorpId: picked.id } });
    render(
      <RendererProvider request={read.request} navigate={vi.fn()} currentRole={null}>
        <FormProvider form={form}>
          <Field
            name="debtorCorpId"
            component={[RemoteSelect, { url: REFS, search: true, pageSize: 20, describe: ['code'] }]}
          />
        </FormProvider>
      </RendererProvider>,
    );
    await waitFor(() => expect(screen.getAllByText(`${picked.name} · ${picked.code}`)).toHaveLength(2), SLOW);
    expect(screen.queryByText(picked.id)).toBeNull();
  });

  it('asks nothing more for a value the first page holds', async () => {
    const { request, calls } = refs();
    render(
      <RendererProvider request={request} navigate={vi.fn()} currentRole={null}>
        <RemoteSelectBase url={REFS} search pageSize={20} describe={['code']} value="E002" />
      </RendererProvider>,
    );
    expect(await screen.findByText(`${corps[1]!.name} · ${corps[1]!.code}`, {}, SLOW)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});

describe('RemoteSelect with checkbox: true (the roles of a user)', () => {
  const ROLES = [
    { roleCode: 'ROLE_CORP_OPERATOR', roleName: '链属企业经办岗' },
    { roleCode: 'ROLE_CORP_DIRECTOR', roleName: '链属企业主管岗' },
    { roleCode: 'ROLE_CORP_PURCHASE', roleName: '链属企业收货确认岗' },
  ];

  it('shows each click at once and counts clicks made before the form value comes back', async () => {
    const { request } = fakeRequest([
      ['GET /corp/v1/corps/users/role-options', () => Promise.resolve(ROLES)],
    ]);
    const form = createForm({ initialValues: { roles: ['ROLE_CORP_PURCHASE'] } });
    render(
      <RendererProvider request={request} navigate={vi.fn()} currentRole={null}>
        <FormProvider form={form}>
          <Field
            name="roles"
            component={[
              RemoteSelect,
              {
                url: '/corp/v1/corps/users/role-options',
                labelField: 'roleName',
                valueField: 'roleCode',
                checkbox: true,
              },
            ]}
          />
        </FormProvider>
      </RendererProvider>,
    );
    const box = (name: string): HTMLInputElement =>
      screen.getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(box('链属企业收货确认岗').checked).toBe(true), SLOW);
    // Clicks as the browser delivers them, outside act(): what a box shows right after its click is what
    // the user (and a test reading it next) sees. antd's Checkbox.Group showed the old state until an
    // effect later, and counted the second click from there: it undid the first.
    box('链属企业收货确认岗').click();
    expect(box('链属企业收货确认岗').checked).toBe(false);
    box('链属企业经办岗').click();
    expect(box('链属企业经办岗').checked).toBe(true);
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
    expect(form.values.roles).toEqual(['ROLE_CORP_OPERATOR']);
    expect(box('链属企业收货确认岗').checked).toBe(false);
    expect(box('链属企业经办岗').checked).toBe(true);
  });
});
