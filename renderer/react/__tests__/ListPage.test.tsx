import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListPageSchema } from '@renderer/core';
import { noteWrite } from '@renderer/react/context/writes';
import { fakeRequest, renderSchema } from './harness';

const schema: ListPageSchema = {
  schemaVersion: 2,
  route: { path: '/credit/core/index/operator', title: '经办岗首页' },
  page: 'list',
  model: 'creditVoucher',
  list: {
    query: {
      voucherNo: { type: 'string', title: '凭证编号', 'x-decorator': 'FormItem', 'x-component': 'Input' },
      amount: { type: 'array', title: '凭证金额', 'x-decorator': 'FormItem', 'x-component': 'AmountRange' },
    },
    tabs: [
      { key: 'all', title: '全部' },
      { key: 'issued', title: '已签发', params: { status: ['ISD'] } },
    ],
    columns: [
      { field: 'voucherNo', title: '凭证编号', sortable: true },
      { field: 'amount', title: '凭证金额', format: 'money', sortable: true },
      {
        field: 'status',
        title: '状态',
        enum: [
          { value: 'ISD', label: '已签发', color: 'green' },
          { value: 'IS0', label: '待签发' },
        ],
      },
      { field: 'holderName', title: '持有人', visible: "hasRole('ROLE_CORE_DIRECTOR')" },
    ],
    toolbar: [
      {
        key: 'apply',
        label: '签发申请',
        type: 'navigate',
        to: '/credit/core/issue/apply',
        roles: ['ROLE_CORE_OPERATOR'],
      },
    ],
    rowActions: [
      { key: 'detail', label: '详情', type: 'navigate', to: '/credit/detail?id={id}' },
      {
        key: 'withdraw',
        label: '撤回',
        type: 'action',
        action: 'withdraw',
        visible: "$record.status === 'IS0'",
        confirm: '确认撤回？',
      },
    ],
    pageSize: 2,
    defaultSort: { field: 'voucherNo', order: 'desc' },
  },
};

const rows = [
  { id: 'v1', version: 3, voucherNo: 'CV001', amount: '99999999999999.98', status: 'ISD' },
  { id: 'v2', version: 1, voucherNo: 'CV002', amount: '1234.5', status: 'IS0' },
];

function backend(count = 5) {
  return fakeRequest([
    [
      'GET /biz/v1/models/creditVoucher/records',
      () => ({ list: rows, pagecond: { count, page: 1, size: 2 } }),
    ],
    ['POST /biz/v1/models/creditVoucher/records/v2/actions/withdraw', () => ({})],
  ]);
}

describe('ListPage', () => {
  it('shows the server page with formatted cells, dictionary tags and per-row actions', async () => {
    const { request, calls } = backend();
    await renderSchema(schema, { request });
    const first = await screen.findByTestId('row-0');
    expect(within(first).getByTestId('cell-amount').textContent).toBe('99,999,999,999,999.98');
    expect(within(first).getByTestId('cell-status').textContent).toBe('已签发');
    expect(within(screen.getByTestId('row-1')).getByTestId('cell-amount').textContent).toBe('1,234.50');
    // Row actions by visibility expression: withdraw only on the IS0 row.
    expect(within(first).queryByTestId('action-row-withdraw')).toBeNull();
    expect(within(screen.getByTestId('row-1')).getByTestId('action-row-withdraw')).toBeTruthy();
    // A column hidden by its expression for this role.
    expect(screen.queryByTestId('column-holderName')).toBeNull();
    expect(calls[0]).toMatchObject({ method: 'GET', params: { page: 1, size: 2, sort: 'voucherNo,desc' } });
    expect(screen.getByText('共 5 条')).toBeTruthy();
  });

  it('shows an action a related record blocks disabled, with the reason (blockedActions, ADR 0014)', async () => {
    const reason =
      '专项计划尚有未完成流转的资产，请先中止、退单或确认转让后再封包：AS20261128000001（平台审核）';
    const blockedRows = [
      { ...rows[1], id: 'v2', actions: [], blockedActions: { withdraw: reason } },
      { ...rows[1], id: 'v3', voucherNo: 'CV003', actions: [] },
    ];
    const { request, calls } = fakeRequest([
      [
        'GET /biz/v1/models/creditVoucher/records',
        () => ({ list: blockedRows, pagecond: { count: 2, page: 1, size: 2 } }),
      ],
    ]);
    await renderSchema(schema, { request });
    const blocked = within(await screen.findByTestId('row-0'));
    const button = blocked.getByTestId('action-row-withdraw');
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    fireEvent.mouseEnter(blocked.getByTestId('action-row-withdraw-blocked'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(reason);
    // Neither offered nor blocked: not shown.
    expect(within(screen.getByTestId('row-1')).queryByTestId('action-row-withdraw')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says 共约 N 条 when the server estimates a total above its exact count', async () => {
    const { request } = fakeRequest([
      [
        'GET /biz/v1/models/creditVoucher/records',
        () => ({ list: rows, pagecond: { count: 123456, page: 1, size: 2, estimated: true } }),
      ],
    ]);
    await renderSchema(schema, { request });
    await screen.findByTestId('row-0');
    expect(screen.getByText('共约 123456 条')).toBeTruthy();
    expect(screen.queryByText('共 123456 条')).toBeNull();
  });

  it('renders each row once per page load (no second pass when nothing was checked)', async () => {
    const { request } = backend();
    // The detail button asks canOpen once per rendered row: the count of row renders.
    const asked: string[] = [];
    await renderSchema(schema, {
      request,
      canOpen: (path) => {
        if (path === '/credit/detail') asked.push(path);
        return true;
      },
    });
    await screen.findByTestId('row-1');
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toHaveLength(rows.length);
  });

  it('waits for the first page with a spinner in the empty body, for later pages under the rows shown', async () => {
    // The first page's spinner is not the table's loading overlay: taking the overlay's blur off the whole
    // table as the rows arrive restyled every cell once more (scripts/bench/render.mjs, list mount).
    let release = (): void => undefined;
    let answered = Promise.resolve();
    const hold = (): void => {
      answered = new Promise<void>((r) => (release = r));
    };
    hold();
    const { request } = fakeRequest([
      [
        'GET /biz/v1/models/creditVoucher/records',
        async () => {
          await answered;
          return { list: rows, pagecond: { count: 5, page: 1, size: 2 } };
        },
      ],
    ]);
    const view = await renderSchema(schema, { request });
    const table = (): Element => view.container.querySelector('.ant-table-wrapper')!;
    await waitFor(() =>
      expect(table().querySelector('.ant-table-placeholder .ant-spin-spinning')).not.toBeNull(),
    );
    expect(table().querySelector('.ant-spin-blur')).toBeNull();
    expect(screen.queryByTestId('list-empty')).toBeNull();
    act(() => release());
    await screen.findByTestId('row-0');
    expect(table().querySelector('.ant-spin-spinning')).toBeNull();
    hold();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(table().querySelector('.ant-spin-blur')).not.toBeNull());
    expect(screen.getByTestId('row-0')).toBeTruthy();
    expect(table().querySelector('.ant-table-placeholder')).toBeNull();
    act(() => release());
    await waitFor(() => expect(table().querySelector('.ant-spin-blur')).toBeNull());
  });

  it('pages through the server result and sorts on the server', async () => {
    const { request, calls } = backend();
    await renderSchema(schema, { request });
    await screen.findByTestId('row-0');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ page: 2, size: 2 }));
    fireEvent.click(screen.getByTestId('column-amount'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ page: 1, sort: 'amount,asc' }));
  });

  it('opened from a to-do (?id=) shows that record whatever the tab, until 查看全部', async () => {
    const { request, calls } = backend();
    await renderSchema(schema, { request, query: { tab: '2', id: 'v2' } });
    await screen.findByTestId('row-0');
    expect(calls[0]?.params).toMatchObject({ id: 'v2' });
    expect(calls[0]?.params).not.toHaveProperty('status');
    fireEvent.click(within(screen.getByTestId('list-focus')).getByText('查看全部'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ status: ['ISD'] }));
    expect(calls.at(-1)?.params).not.toHaveProperty('id');
    expect(screen.queryByTestId('list-focus')).toBeNull();
  });

  it('sends query filters with the models engine names, and tab filters', async () => {
    const { request, calls } = backend();
    await renderSchema(schema, { request, query: { tab: '2' } });
    await screen.findByTestId('row-0');
    expect(calls[0]?.params).toMatchObject({ status: ['ISD'] });
    // A filter's label wraps instead of ending in an ellipsis (付款确认…).
    const filter = screen.getByTestId('query-voucherNo');
    const wraps =
      filter.closest('.ant-formily-item-label-wrap') ?? filter.querySelector('.ant-formily-item-label-wrap');
    expect(wraps).not.toBeNull();
    const input = screen.getByTestId('query-voucherNo').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' CV001 ' } });
    const [low] = Array.from(screen.getByTestId('query-amount').querySelectorAll('input'));
    fireEvent.change(low as HTMLInputElement, { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('action-query-search'));
    await waitFor(() =>
      expect(calls.at(-1)?.params).toMatchObject({
        voucherNo: 'CV001',
        amountMin: '100',
        status: ['ISD'],
        page: 1,
      }),
    );
    fireEvent.click(screen.getByTestId('tab-all'));
    await waitFor(() => expect(calls.at(-1)?.params).not.toHaveProperty('status'));
  });

  it('refuses to search with a minimum amount above the maximum, and says why', async () => {
    const { request, calls } = backend();
    await renderSchema(schema, { request });
    await screen.findByTestId('row-0');
    const before = calls.length;
    const [low, high] = Array.from(screen.getByTestId('query-amount').querySelectorAll('input'));
    fireEvent.change(low as HTMLInputElement, { target: { value: '500' } });
    fireEvent.change(high as HTMLInputElement, { target: { value: '100' } });
    expect(screen.getByTestId('amount-range-error').textContent).toBe('最低金额不能大于最高金额');
    fireEvent.click(screen.getByTestId('action-query-search'));
    expect(await screen.findByText('最低金额不能大于最高金额', { selector: '.ant-message *' })).toBeTruthy();
    expect(calls.length).toBe(before);
    fireEvent.change(high as HTMLInputElement, { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('action-query-search'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ amountMin: '500', amountMax: '600' }));
  });

  it('navigates from the toolbar and a row, runs a row transition after confirmation, and reloads', async () => {
    const { request, calls } = backend();
    const page = await renderSchema(schema, { request });
    await screen.findByTestId('row-0');
    fireEvent.click(screen.getByTestId('action-toolbar-apply'));
    expect(page.navigate).toHaveBeenLastCalledWith('/credit/core/issue/apply', {});
    fireEvent.click(within(screen.getByTestId('row-0')).getByTestId('action-row-detail'));
    expect(page.navigate).toHaveBeenLastCalledWith('/credit/detail?id=v1', {});
    fireEvent.click(within(screen.getByTestId('row-1')).getByTestId('action-row-withdraw'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/biz/v1/models/creditVoucher/records/v2/actions/withdraw',
      data: { version: 1 },
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('loads again after a write made on another page of the tab (a kept-alive list)', async () => {
    const { request, calls } = backend();
    await renderSchema(schema, { request });
    await screen.findByTestId('row-0');
    const gets = (): number => calls.filter((c) => c.method === 'GET').length;
    expect(gets()).toBe(1);
    act(() => noteWrite());
    await waitFor(() => expect(gets()).toBe(2));
  });

  it('a stale row (changed by another user) is loaded again and the user is told', async () => {
    const { request, calls } = fakeRequest([
      [
        'GET /biz/v1/models/creditVoucher/records',
        () => ({ list: rows, pagecond: { count: 2, page: 1, size: 2 } }),
      ],
      [
        'POST /biz/v1/models/creditVoucher/records/v2/actions/withdraw',
        () => {
          throw Object.assign(new Error('数据已被他人修改，请刷新后重试'), { code: 'SCF.VERSION_CONFLICT' });
        },
      ],
    ]);
    await renderSchema(schema, { request });
    await screen.findByTestId('row-0');
    fireEvent.click(within(screen.getByTestId('row-1')).getByTestId('action-row-withdraw'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(
      await screen.findByText('数据已被他人修改，已刷新为最新数据，请核对后再操作', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('hides toolbar buttons of other roles', async () => {
    await renderSchema(schema, { request: backend().request, role: 'ROLE_CORE_QUERY' });
    await screen.findByTestId('row-0');
    expect(screen.queryByTestId('action-toolbar-apply')).toBeNull();
  });

  it('shows the empty state and the error state', async () => {
    const empty = fakeRequest([
      [
        'GET /biz/v1/models/creditVoucher/records',
        () => ({ list: [], pagecond: { count: 0, page: 1, size: 2 } }),
      ],
    ]);
    const view = await renderSchema(schema, { request: empty.request });
    expect((await screen.findByTestId('list-empty')).textContent).toContain('暂无数据');
    view.unmount();
    const failing = fakeRequest([
      [
        'GET /biz/v1/models/creditVoucher/records',
        () => {
          throw Object.assign(new Error('网络异常，请您稍后重试。'), { code: 'NETWORK' });
        },
      ],
    ]);
    await renderSchema(schema, { request: failing.request });
    expect((await screen.findByTestId('page-error')).textContent).toContain('网络异常，请您稍后重试。');
  });
});
