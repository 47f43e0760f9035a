import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovePageSchema, DetailPageSchema, SectionSchema } from '@renderer/core';
import type { Signer } from '@renderer/react/context/services';
import { fakeRequest, renderSchema, SIGN_RECORD } from './harness';

const status = [
  { value: 'IS0', label: '待签发', color: 'blue' },
  { value: 'IS1', label: '签发审核中', color: 'gold' },
];
const sections: SectionSchema[] = [
  {
    key: 'apply',
    title: '申请信息',
    fields: [
      { field: 'issueNo', title: '申请编号' },
      { field: 'status', title: '状态', enum: status },
      { field: 'amount', title: '凭证金额', format: 'money' },
      { field: 'amount', title: '大写金额', format: 'capital' },
      { field: 'refuseReason', title: '拒绝原因', visible: 'notEmpty($record.refuseReason)' },
    ],
  },
  {
    key: 'statements',
    title: '对账单',
    table: {
      source: 'statements',
      rowKey: 'statementNo',
      columns: [
        { field: 'statementNo', title: '对账单编号' },
        { field: 'billAmount', title: '开单金额', format: 'money' },
      ],
    },
  },
];
const record = {
  id: 'i1',
  version: 4,
  issueNo: 'IS20261122001',
  status: 'IS0',
  amount: '1000001.5',
  statements: [{ statementNo: 'DZ-1', billAmount: '1000001.5' }],
  audit: [
    {
      action: 'create',
      from: null,
      to: 'IS0',
      userName: '张建国',
      at: '2026-11-20T09:30:00+08:00',
      reason: null,
    },
  ],
  children: [],
};

const approve: ApprovePageSchema = {
  schemaVersion: 2,
  route: { path: '/credit/core/issue/director-approve', title: '签发审核' },
  page: 'approve',
  model: 'creditIssue',
  approve: {
    sections,
    opinion: { title: '审批意见' },
    actions: [
      {
        key: 'reject',
        label: '拒绝',
        type: 'action',
        action: 'reject',
        reason: 'required',
        reasonTitle: '拒绝原因',
        visible: "$record.status === 'IS0'",
      },
      {
        key: 'approve',
        label: '通过',
        type: 'action',
        action: 'approve',
        sign: true,
        confirm: '确认通过？',
        visible: "$record.status === 'IS0'",
        redirect: '/credit/detail?id={id}',
      },
    ],
  },
};

const signRecord = SIGN_RECORD;

function backend() {
  return fakeRequest([
    ['GET /biz/v1/models/creditIssue/records/i1', () => record],
    [/^POST \/biz\/v1\/models\/creditIssue\/records\/i1\/actions\//, () => ({ ...record, version: 5 })],
  ]);
}

describe('ApprovePage', () => {
  it('shows the record in sections, exact money and its capital text, child rows', async () => {
    await renderSchema(approve, { request: backend().request, query: { id: 'i1' } });
    expect((await screen.findByTestId('detail-apply-amount')).textContent).toBe('1,000,001.50');
    expect(screen.getByTestId('detail-apply-amount-capital').textContent).toBe('壹佰万零壹元伍角');
    expect(screen.getByTestId('detail-apply-status').textContent).toBe('待签发');
    expect(screen.queryByTestId('detail-apply-refuseReason')).toBeNull();
    expect(within(screen.getByTestId('section-statements')).getByTestId('row-0').textContent).toContain(
      'DZ-1',
    );
  });

  it('approves with a UKEY signature and the opinion, showing the signer flow', async () => {
    let finish: () => void = () => undefined;
    const signer: Signer = {
      sign: ({ onProgress }) =>
        new Promise((resolve) => {
          onProgress?.('正在读取UKEY…');
          finish = () => resolve({ code: 0, message: '签名成功', record: signRecord });
        }),
    };
    const { request, calls } = backend();
    const page = await renderSchema(approve, {
      request,
      query: { id: 'i1' },
      signer,
      role: 'ROLE_CORE_DIRECTOR',
    });
    fireEvent.change(await screen.findByTestId('approve-opinion'), { target: { value: '同意签发' } });
    // Spec section 1 (UKEY signing): a signing action is the UKEY sign button, the other one a plain button.
    expect(screen.getByTestId('action-approve-approve').hasAttribute('data-ukey-sign')).toBe(true);
    expect(screen.getByTestId('action-approve-reject').hasAttribute('data-ukey-sign')).toBe(false);
    fireEvent.click(screen.getByTestId('action-approve-approve'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    // The sign dialog mounts lazily: on a loaded machine it takes longer than findBy's default second.
    expect(await screen.findByText('正在读取UKEY…', undefined, { timeout: 10000 })).toBeTruthy();
    await act(async () => finish());
    await waitFor(() => expect(page.navigate).toHaveBeenCalledWith('/credit/detail?id=i1'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/biz/v1/models/creditIssue/records/i1/actions/approve',
      params: undefined,
      data: { version: 4, reason: '同意签发', signature: signRecord },
    });
  });

  it('does not send the decision when signing fails, and shows the flow message', async () => {
    const signer: Signer = {
      sign: async () => ({ code: 12, message: '您选择的UKEY颁发机构与UKEY信息不匹配' }),
    };
    const { request, calls } = backend();
    await renderSchema(approve, { request, query: { id: 'i1' }, signer });
    fireEvent.click(await screen.findByTestId('action-approve-approve'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect((await screen.findAllByText('您选择的UKEY颁发机构与UKEY信息不匹配')).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks for the required reason before rejecting, then reloads the record', async () => {
    const { request, calls } = backend();
    await renderSchema(approve, { request, query: { id: 'i1' } });
    fireEvent.click(await screen.findByTestId('action-approve-reject'));
    const box = await screen.findByTestId('action-reason');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入拒绝原因')).toBeTruthy();
    fireEvent.change(box, { target: { value: '对账单金额与合同不符' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({
      version: 4,
      reason: '对账单金额与合同不符',
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('hides decisions whose visibility expression is false', async () => {
    const done = fakeRequest([
      ['GET /biz/v1/models/creditIssue/records/i1', () => ({ ...record, status: 'IS1' })],
    ]);
    await renderSchema(approve, { request: done.request, query: { id: 'i1' } });
    await screen.findByTestId('detail-apply-status');
    expect(screen.queryByTestId('action-approve-approve')).toBeNull();
    expect(screen.queryByTestId('action-approve-reject')).toBeNull();
  });
});

describe('DetailPage', () => {
  const detail: DetailPageSchema = {
    schemaVersion: 2,
    route: { path: '/credit/detail', title: '凭证详情' },
    page: 'detail',
    model: 'creditIssue',
    detail: {
      sections: [
        ...sections,
        {
          key: 'children',
          title: '子凭证',
          table: { source: 'children', columns: [{ field: 'voucherNo', title: '凭证编号' }] },
        },
      ],
      audit: { title: '操作记录' },
      actions: [{ key: 'back', label: '返回', type: 'back' }],
    },
  };

  it('shows sections, an empty children table and the operation log with state labels', async () => {
    const page = await renderSchema(detail, { request: backend().request, query: { id: 'i1' } });
    const log = await screen.findByTestId('audit-log');
    expect(log.textContent).toContain('2026-11-20 09:30');
    expect(log.textContent).toContain('张建国');
    expect(log.textContent).toContain('待签发');
    expect(within(screen.getByTestId('section-children')).getAllByText('暂无数据').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('action-detail-back'));
    expect(page.back).toHaveBeenCalled();
  });

  it('says what is missing without an id, and shows a load error', async () => {
    const view = await renderSchema(detail, { request: backend().request });
    expect(screen.getByText('缺少记录编号')).toBeTruthy();
    view.unmount();
    const failing = fakeRequest([
      [
        'GET /biz/v1/models/creditIssue/records/x',
        () => {
          throw Object.assign(new Error('记录不存在或无权查看'), { code: 'NOT_FOUND' });
        },
      ],
    ]);
    await renderSchema(detail, { request: failing.request, query: { id: 'x' } });
    expect((await screen.findByTestId('page-error')).textContent).toContain('记录不存在或无权查看');
  });
});
