import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatisticsPageSchema, UploadPageSchema } from '@renderer/core';
import { fakeRequest, renderSchema } from './harness';

const upload: UploadPageSchema = {
  schemaVersion: 2,
  route: { path: '/credit/upload/contract', title: '上传贸易合同' },
  page: 'upload',
  model: 'financeDocument',
  upload: {
    owner: { model: 'creditFinance' },
    values: { financeId: '$query.id', finCorpId: '$owner.finCorpId' },
    states: [
      { value: 'DS0', label: '待审核', color: 'blue' },
      { value: 'DS1', label: '初审中', color: 'gold' },
    ],
    slots: [
      {
        key: 'contract',
        title: '贸易合同',
        accept: ['pdf'],
        maxSize: 1024 * 1024,
        maxCount: 2,
        required: true,
      },
      { key: 'other', title: '补充协议', accept: ['pdf', 'zip'], maxSize: 1024 * 1024 },
    ],
    documentActions: [
      {
        key: 'submit',
        label: '提交审核',
        type: 'action',
        action: 'submit',
        visible: "$record.status === 'DS0' && notEmpty($record.fileId)",
      },
    ],
  },
};

const file = (name: string, size: number): File => {
  const f = new File(['%PDF'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('UploadPage', () => {
  it('lists documents by slot, creates a document and uploads its file with progress', async () => {
    const documents = [
      {
        id: 'd1',
        version: 1,
        category: 'contract',
        fileId: 'f1',
        fileName: '购销合同.pdf',
        fileSize: 2048,
        status: 'DS0',
      },
    ];
    let release: () => void = () => undefined;
    const { request, calls } = fakeRequest([
      ['GET /biz/v1/models/creditFinance/records/fin1', () => ({ id: 'fin1', finCorpId: 'corp-fin' })],
      [
        'GET /biz/v1/models/financeDocument/records',
        () => ({ list: documents, pagecond: { count: documents.length, page: 1, size: 200 } }),
      ],
      ['POST /biz/v1/models/financeDocument/records', () => ({ id: 'd2', version: 1 })],
      [
        'POST /v1/files/upload',
        (options) =>
          new Promise((resolve) => {
            options.onUploadProgress?.({ loaded: 30, total: 100 });
            release = () => {
              documents.push({
                id: 'd2',
                version: 1,
                category: 'other',
                fileId: 'f2',
                fileName: '补充协议.pdf',
                fileSize: 100,
                status: 'DS0',
              });
              resolve({ id: 'f2', fileName: '补充协议.pdf', size: 100 });
            };
          }),
      ],
      ['POST /biz/v1/models/financeDocument/records/d1/actions/submit', () => ({})],
    ]);
    await renderSchema(upload, { request, query: { id: 'fin1' } });
    const first = await screen.findByTestId('document-contract-0');
    expect(first.textContent).toContain('购销合同.pdf');
    expect(first.textContent).toContain('2 KB');
    expect(first.textContent).toContain('待审核');
    expect(calls[1]?.params).toMatchObject({
      financeId: 'fin1',
      finCorpId: 'corp-fin',
      category: ['contract', 'other'],
    });

    fireEvent.click(screen.getByTestId('action-upload-pick-other'));
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file('补充协议.pdf', 100)] } });
    const progress = await screen.findByTestId('upload-progress');
    expect(within(progress).getByText('30%')).toBeTruthy();
    // The document is created by the upload, once the file is accepted: no separate create.
    expect(calls.some((c) => c.method === 'POST' && c.url === '/biz/v1/models/financeDocument/records')).toBe(
      false,
    );
    const form = calls.find((c) => c.url === '/v1/files/upload')?.data as FormData;
    expect([form.get('model'), form.get('recordId'), form.get('category')]).toEqual([
      'financeDocument',
      null,
      'other',
    ]);
    expect(JSON.parse(String(form.get('create')))).toEqual({
      financeId: 'fin1',
      finCorpId: 'corp-fin',
      category: 'other',
    });
    await act(async () => release());
    expect((await screen.findByTestId('document-other-0')).textContent).toContain('补充协议.pdf');

    fireEvent.click(within(screen.getByTestId('document-contract-0')).getByTestId('action-document-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/d1/actions/submit'))).toBe(true));
  });

  it("offers no upload, replace or delete while the owner's documents are locked (childrenLocked)", async () => {
    const doc = {
      id: 'd1',
      version: 1,
      category: 'contract',
      fileId: 'f1',
      fileName: '购销合同.pdf',
      status: 'DS0',
      editable: true,
    };
    const page = async (locked: boolean) => {
      const { request } = fakeRequest([
        ['GET /biz/v1/models/creditFinance/records/fin1', () => ({ id: 'fin1', childrenLocked: locked })],
        ['GET /biz/v1/models/financeDocument/records', () => ({ list: [doc], pagecond: { count: 1 } })],
      ]);
      const view = await renderSchema(
        { ...upload, upload: { ...upload.upload, deleteAction: 'remove' } },
        { request, query: { id: 'fin1' } },
      );
      await screen.findByTestId('document-contract-0');
      return view;
    };
    const open = await page(false);
    expect(screen.getByTestId('action-upload-pick-contract').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('action-document-replace')).not.toBeNull();
    expect(screen.queryByTestId('documents-locked')).toBeNull();
    open.unmount();

    await page(true);
    expect(screen.getByTestId('action-upload-pick-contract').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('action-document-replace')).toBeNull();
    expect(screen.queryByTestId('action-document-delete')).toBeNull();
    expect(screen.getByTestId('documents-locked').textContent).toContain('不能上传、替换或删除');
  });

  it('refuses a file of the wrong type for its slot without calling the server', async () => {
    const { request, calls } = fakeRequest([
      ['GET /biz/v1/models/creditFinance/records/fin1', () => ({ id: 'fin1', finCorpId: 'corp-fin' })],
      [
        'GET /biz/v1/models/financeDocument/records',
        () => ({ list: [], pagecond: { count: 0, page: 1, size: 200 } }),
      ],
    ]);
    await renderSchema(upload, { request, query: { id: 'fin1' } });
    await screen.findByTestId('slot-contract');
    await waitFor(() => expect(calls).toHaveLength(2));
    fireEvent.click(screen.getByTestId('action-upload-pick-contract'));
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file('合同.zip', 100)] } });
    expect((await screen.findByTestId('upload-error-contract')).textContent).toBe(
      '不支持的文件类型，请上传 pdf 格式的文件',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('StatisticsPage', () => {
  const statistics: StatisticsPageSchema = {
    schemaVersion: 2,
    route: { path: '/credit/chain/statistics', title: '统计分析' },
    page: 'statistics',
    model: 'creditVoucher',
    statistics: {
      filters: {
        issueDate: {
          type: 'array',
          title: '签发日期',
          'x-decorator': 'FormItem',
          'x-component': 'DatePicker.RangePicker',
        },
      },
      figures: [
        { key: 'total', title: '凭证总金额', measure: 'amount', groupBy: 'status' },
        { key: 'count', title: '凭证笔数', measure: 'count', groupBy: 'status', suffix: '笔' },
      ],
      charts: [
        { key: 'byMonth', title: '按月', type: 'bar', groupBy: 'month', measure: 'amount' },
        {
          key: 'byStatus',
          title: '按状态',
          type: 'pie',
          groupBy: 'status',
          measure: 'amount',
          enum: [{ value: 'ISD', label: '已签发', color: 'green' }],
        },
        { key: 'trend', title: '笔数', type: 'line', groupBy: 'month', measure: 'count' },
      ],
    },
  };

  it('shows exact totals and draws the charts with ECharts from the aggregates', async () => {
    const { request, calls } = fakeRequest([
      [
        'GET /biz/v1/models/creditVoucher/aggregates',
        (options) =>
          options.params?.groupBy === 'month'
            ? {
                groups: [
                  { key: '2026-10', value: '0.10', count: 1 },
                  { key: '2026-11', value: '99999999999999.88', count: 2 },
                ],
              }
            : {
                groups: [
                  { key: 'ISD', value: '99999999999999.88', count: 2 },
                  { key: 'FID', value: '0.10', count: 1 },
                ],
              },
      ],
    ]);
    await renderSchema(statistics, { request });
    await waitFor(() =>
      expect(screen.getByTestId('figure-total').textContent).toContain('99,999,999,999,999.98'),
    );
    expect(screen.getByTestId('figure-count').textContent).toContain('3笔');
    // The exact values, as the hidden table beside each chart states them.
    const rows = (key: string): string[] =>
      [...screen.getByTestId(`chart-${key}`).querySelectorAll('.chart-data tr')].map(
        (r) => r.textContent ?? '',
      );
    expect(rows('byMonth')).toEqual(['2026-100.10', '2026-1199,999,999,999,999.88']);
    expect(rows('byStatus')[0]).toBe('已签发99,999,999,999,999.88');
    expect(rows('trend')).toEqual(['2026-101', '2026-112']);
    // ECharts drew into each chart (SVG renderer).
    await waitFor(() =>
      expect(screen.getByTestId('chart-byMonth').querySelector('.chart-bar svg')).toBeTruthy(),
    );
    expect(screen.getByTestId('chart-trend').querySelector('.chart-line svg')).toBeTruthy();
    expect(calls.find((c) => c.params?.groupBy === 'month' && !('measure' in (c.params ?? {})))).toBeTruthy();
    expect(calls.find((c) => c.params?.measure === 'amount' && c.params.groupBy === 'status')).toBeTruthy();
  });
});
