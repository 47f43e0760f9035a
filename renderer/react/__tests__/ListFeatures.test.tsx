import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListPageSchema } from '@renderer/core';
import { arrangeColumns } from '@renderer/react/parts/listSettingsState';
import { fakeRequest, renderSchema } from './harness';

const schema: ListPageSchema = {
  schemaVersion: 2,
  route: { path: '/credit/core/index/final-approve', title: '终审岗首页' },
  page: 'list',
  model: 'creditIssue',
  list: {
    columns: [
      { field: 'issueNo', title: '申请编号' },
      { field: 'supplierName', title: '供应商' },
      { field: 'amount', title: '凭证金额', format: 'money' },
    ],
    batchActions: [
      { key: 'approveAll', label: '批量终审通过', type: 'action', action: 'finalApprove' },
      { key: 'exportChecked', label: '导出所选', type: 'export' },
    ],
    toolbar: [{ key: 'export', label: '导出', type: 'export' }],
    summary: ['amount'],
    expand: { fields: [{ field: 'remark', title: '备注' }] },
    settings: true,
  },
};

const rows = [
  { id: 'a', version: 1, issueNo: 'IS-1', supplierName: '甲', amount: '10.10', remark: '第一条' },
  { id: 'b', version: 2, issueNo: 'IS-2', supplierName: '乙', amount: '20.20', remark: '第二条' },
  { id: 'c', version: 1, issueNo: 'IS-3', supplierName: '丙', amount: '30.30', remark: '第三条' },
];

function backend(saved: unknown = null, exportStatus: 'done' | 'running' = 'done') {
  return fakeRequest([
    [
      'GET /biz/v1/models/creditIssue/records',
      () => ({ list: rows, pagecond: { count: 30, page: 1, size: 10 }, summary: { amount: '1234567.80' } }),
    ],
    ['GET /biz/v1/list-settings', () => saved],
    ['PUT /biz/v1/list-settings', (o) => o.data],
    [
      'POST /biz/v1/models/creditIssue/batch/finalApprove',
      () => ({
        results: [
          { id: 'a', ok: true, record: rows[0] },
          { id: 'c', ok: false, code: 'SCF.VERSION_CONFLICT', message: '数据已被他人修改，请刷新后重试' },
        ],
        succeeded: 1,
        refused: 1,
      }),
    ],
    [
      'POST /biz/v1/models/creditIssue/exports',
      () => ({
        id: 'j1',
        status: exportStatus,
        total: 6000,
        done: 0,
        url: exportStatus === 'done' ? '/biz/v1/exports/j1/file' : null,
      }),
    ],
  ]);
}

const headers = (): string[] =>
  ['issueNo', 'supplierName', 'amount']
    .map((f) => screen.queryByTestId(`column-${f}`))
    .filter((h): h is HTMLElement => h !== null)
    .sort((x, y) => (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((h) => h.textContent ?? '');

describe('list features', { timeout: 20_000 }, () => {
  it('shows the server sum of the whole query in a summary row', async () => {
    const { request, calls } = backend();
    await renderSchema(schema, { request });
    expect((await screen.findByTestId('summary-amount')).textContent).toBe('1,234,567.80');
    expect(calls.find((c) => c.url.endsWith('/records'))?.params).toMatchObject({ summary: 'amount' });
  });

  it('applies the saved column settings and saves a density change', async () => {
    const saved = {
      columns: [{ field: 'amount' }, { field: 'issueNo' }, { field: 'supplierName', hidden: true }],
    };
    const { request, calls } = backend(saved);
    await renderSchema(schema, { request });
    await waitFor(() => expect(headers()).toEqual(['凭证金额', '申请编号']));
    fireEvent.click(within(screen.getByTestId('list-density')).getByText('紧凑'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.data).toEqual({ ...saved, density: 'small' }),
    );
    expect(calls.find((c) => c.method === 'PUT')?.params).toEqual({
      key: '/credit/core/index/final-approve',
    });
  });

  it('runs a batch action on the checked rows and shows which were refused and why', async () => {
    const { request, calls } = backend();
    await renderSchema(schema, { request });
    const button = (await screen.findByTestId('action-batch-approveAll')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(within(screen.getByTestId('row-0')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('row-2')).getByRole('checkbox'));
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const result = await screen.findByTestId('batch-result');
    expect(calls.find((c) => c.url.includes('/batch/'))?.data).toEqual({
      items: [
        { id: 'a', version: 1 },
        { id: 'c', version: 1 },
      ],
    });
    expect(within(result).getByTestId('batch-result-a').textContent).toBe('申请编号 IS-1：成功');
    expect(within(result).getByTestId('batch-result-c').textContent).toBe(
      '申请编号 IS-3：数据已被他人修改，请刷新后重试',
    );
  });

  it('exports the query with the shown columns and downloads a small export at once', async () => {
    const { request, calls } = backend({ columns: [{ field: 'supplierName', hidden: true }] });
    const download = vi.fn();
    await renderSchema(schema, { request, download });
    await waitFor(() => expect(headers()).toEqual(['申请编号', '凭证金额']));
    fireEvent.click(screen.getByTestId('action-toolbar-export'));
    await waitFor(() => expect(download).toHaveBeenCalledWith('/biz/v1/exports/j1/file'));
    const sent = calls.find((c) => c.url.endsWith('/exports'))?.data as Record<string, unknown>;
    expect(sent.columns).toEqual([
      { field: 'issueNo', title: '申请编号' },
      { field: 'amount', title: '凭证金额' },
    ]);
    expect(sent.params).not.toHaveProperty('page');
    expect(sent.title).toBe('终审岗首页');
  });

  it('sends a large export to the download centre', async () => {
    const { request } = backend(null, 'running');
    const download = vi.fn();
    await renderSchema(schema, { request, download });
    fireEvent.click(await screen.findByTestId('action-toolbar-export'));
    expect(
      await screen.findByText('共 6000 条数据，正在后台生成 Excel 文件，完成后请到下载中心下载。'),
    ).toBeTruthy();
    expect(download).not.toHaveBeenCalled();
  });

  it('expands a row into its fields', async () => {
    const { request } = backend();
    await renderSchema(schema, { request });
    const row = await screen.findByTestId('row-1');
    fireEvent.click(within(row).getByRole('button', { name: /展开/ }));
    expect((await screen.findByTestId('detail-expand-remark')).textContent).toBe('第二条');
  });

  it('arranges columns: saved order, fixing replaces the schema, new columns follow', () => {
    const arranged = arrangeColumns(
      [
        { field: 'a', title: 'A', fixed: 'left' },
        { field: 'b', title: 'B' },
        { field: 'c', title: 'C' },
        { field: 'd', title: 'D' },
      ],
      {
        columns: [
          { field: 'c', fixed: 'left' },
          { field: 'a' },
          { field: 'b', fixed: 'right' },
          { field: 'gone' },
        ],
      },
    );
    expect(arranged.map((c) => [c.field, c.fixed ?? null])).toEqual([
      ['c', 'left'],
      ['a', null],
      ['d', null],
      ['b', 'right'],
    ]);
  });
});
