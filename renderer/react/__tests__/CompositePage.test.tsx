import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CompositePageSchema } from '@renderer/core';
import { AgreementViewerBase } from '@renderer/react/widgets/AgreementViewer';
import { AmountDisplayText } from '@renderer/react/widgets/AmountDisplay';
import { fakeRequest, isShown, renderSchema } from './harness';

const columns = [
  { field: 'name', title: '名称' },
  { field: 'amount', title: '金额', format: 'money' as const },
];

/** A master-detail page: a contract's sections, its payments (filtered by it) in a collapse panel, steps. */
const schema: CompositePageSchema = {
  schemaVersion: 2,
  route: { path: '/demo/composite', title: '组合页面' },
  page: 'composite',
  model: 'contract',
  composite: {
    record: { param: 'contractId' },
    parts: [
      {
        key: 'top',
        type: 'grid',
        columns: 2,
        parts: [
          {
            key: 'info',
            type: 'detail',
            detail: {
              sections: [{ key: 'main', title: '合同', fields: [{ field: 'name', title: '名称' }] }],
            },
          },
          {
            key: 'note',
            type: 'card',
            title: '说明',
            visible: "$record.status === 'C1'",
            parts: [
              {
                key: 'banks',
                type: 'list',
                list: {
                  api: {
                    url: '/v1/dicts/banks',
                    params: { region: '$record.region' },
                    response: { list: 'rows', total: 'total' },
                  },
                  rowKey: 'code',
                  columns: [{ field: 'name', title: '银行' }],
                },
              },
            ],
          },
        ],
      },
      {
        key: 'more',
        type: 'collapse',
        open: ['payments'],
        items: [
          {
            key: 'payments',
            title: '付款记录',
            parts: [
              {
                key: 'paymentList',
                type: 'list',
                model: 'payment',
                filter: { contractId: '$record.id' },
                list: { columns },
              },
            ],
          },
          { key: 'hiddenPanel', title: '隐藏', visible: "$role === 'NOBODY'", parts: [] as never },
        ],
      },
      {
        key: 'wizard',
        type: 'steps',
        items: [
          {
            key: 'first',
            title: '第一步',
            parts: [
              { key: 'firstList', type: 'list', model: 'payment', list: { columns, params: { step: 1 } } },
            ],
          },
          {
            key: 'second',
            title: '第二步',
            parts: [
              { key: 'secondList', type: 'list', model: 'payment', list: { columns, params: { step: 2 } } },
            ],
          },
        ],
      },
    ],
  },
};

describe('CompositePage', () => {
  it('renders a tree of parts about one record: grid, card, collapse, steps, master-detail and api lists', async () => {
    const { request, calls } = fakeRequest([
      [
        'GET /biz/v1/models/contract/records/c9',
        () => ({ id: 'c9', version: 1, status: 'C1', name: '钢材合同', region: '42' }),
      ],
      [
        'GET /biz/v1/models/payment/records',
        (o) => ({
          list: [
            {
              id: `p-${String(o.params?.step ?? 'x')}`,
              name: `付款${String(o.params?.step ?? '')}`,
              amount: '1234.5',
            },
          ],
          pagecond: { count: 1, page: 1, size: 10 },
        }),
      ],
      ['GET /v1/dicts/banks', () => ({ rows: [{ code: '105', name: '中国建设银行' }], total: 1 })],
    ]);
    // Many parts, each its own chunk and request: a busy machine needs more than the harness waits.
    await renderSchema(schema, { request, query: { contractId: 'c9' } }).catch(() => undefined);
    await waitFor(() => expect(screen.queryAllByTestId('page-loading')).toHaveLength(0), { timeout: 30_000 });
    expect(screen.getByTestId('schema-page').getAttribute('data-page-kind')).toBe('composite');
    // The detail part shows the page's record, without a title of its own.
    await waitFor(() => expect(screen.getByTestId('detail-main-name').textContent).toContain('钢材合同'));
    expect(screen.getByTestId('part-info').getAttribute('data-part-kind')).toBe('detail');
    // The card is shown for the record's state; its list reads an api with params from the record.
    const banks = await screen.findByTestId('part-banks');
    await waitFor(() => expect(within(banks).getByTestId('cell-name').textContent).toContain('中国建设银行'));
    expect(calls).toContainEqual(
      expect.objectContaining({
        url: '/v1/dicts/banks',
        params: expect.objectContaining({ region: '42', page: 1, size: 10 }),
      }),
    );
    // Master-detail: the payments of this contract.
    const payments = within(screen.getByTestId('part-more'));
    expect(payments.getByTestId('panel-payments').textContent).toContain('付款记录');
    expect(payments.queryByTestId('panel-hiddenPanel')).toBeNull();
    await waitFor(() => expect(payments.getByTestId('part-paymentList').textContent).toContain('1,234.50'));
    expect(calls).toContainEqual(
      expect.objectContaining({
        url: '/biz/v1/models/payment/records',
        params: expect.objectContaining({ contractId: 'c9' }),
      }),
    );
    // Steps: the second step's part only after 下一步.
    const wizard = within(screen.getByTestId('part-wizard'));
    await waitFor(() => expect(wizard.getByTestId('part-firstList').textContent).toContain('付款1'));
    expect(wizard.queryByTestId('part-secondList')).toBeNull();
    fireEvent.click(wizard.getByTestId('action-step-wizard-next'));
    await waitFor(() => expect(wizard.getByTestId('part-secondList').textContent).toContain('付款2'));
  }, 60_000);

  it('opens a drawer form from a row, sends only its fields with the version, shows a refused field, reloads the list', async () => {
    const listed: string[] = [];
    const { request, calls } = fakeRequest([
      [
        'GET /biz/v1/models/contract/records',
        () => {
          listed.push('list');
          return {
            list: [
              {
                id: 'c1',
                version: 4,
                name: '旧名称',
                amount: '10',
                secret: 's',
                fieldAccess: { amount: 'readOnly' },
              },
            ],
            pagecond: { count: 1, page: 1, size: 10 },
          };
        },
      ],
      [
        'PUT /biz/v1/models/contract/records/c1',
        (o) => {
          const data = o.data as Record<string, unknown>;
          if (data.name === '坏名称')
            throw Object.assign(new Error('提交的信息有误'), {
              code: 'SCF.VALIDATION_FAILED',
              data: { fieldErrors: { name: '名称不能用' } },
            });
          return { id: 'c1', version: 5 };
        },
      ],
    ]);
    const page: CompositePageSchema = {
      schemaVersion: 2,
      route: { path: '/demo/composite', title: '组合页面' },
      page: 'composite',
      model: 'contract',
      composite: {
        parts: [
          {
            key: 'contracts',
            type: 'list',
            list: {
              columns,
              rowActions: [
                {
                  key: 'edit',
                  type: 'dialog',
                  label: '修改',
                  container: 'drawer',
                  success: '已修改',
                  form: {
                    mode: 'edit',
                    properties: {
                      name: {
                        type: 'string',
                        title: '名称',
                        required: true,
                        'x-decorator': 'FormItem',
                        'x-component': 'Input',
                      },
                      amount: {
                        type: 'string',
                        title: '金额',
                        'x-decorator': 'FormItem',
                        'x-component': 'Input',
                      },
                    },
                  },
                },
              ],
            },
          },
        ],
      },
    };
    await renderSchema(page, { request });
    const row = await screen.findByTestId('row-0');
    fireEvent.click(within(row).getByTestId('action-row-edit'));
    const drawer = await screen.findByTestId('dialog-edit');
    const name = await within(drawer).findByDisplayValue('旧名称');
    // The record's fieldAccess makes amount read-only (shown as text, no input).
    await waitFor(() =>
      expect(within(within(drawer).getByTestId('field-amount')).queryByRole('textbox')).toBeNull(),
    );
    fireEvent.change(name, { target: { value: '坏名称' } });
    fireEvent.click(within(drawer).getByTestId('action-dialog-submit'));
    await waitFor(() => expect(within(drawer).getByTestId('field-name').textContent).toContain('名称不能用'));
    fireEvent.change(name, { target: { value: '新名称' } });
    fireEvent.click(within(drawer).getByTestId('action-dialog-submit'));
    await waitFor(() => expect(listed).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.at(-1)?.data).toEqual({ name: '新名称', amount: '10', version: 4 });
    await waitFor(() => expect(isShown(screen.queryByTestId('dialog-edit'))).toBe(false));
  }, 60_000);
});

describe('AmountDisplay and AgreementViewer', () => {
  it('shows a result with values from the address and the session, leaving out an empty one', async () => {
    const result: CompositePageSchema = {
      schemaVersion: 2,
      route: { path: '/demo/result', title: '结果' },
      page: 'composite',
      composite: {
        parts: [
          {
            key: 'done',
            type: 'result',
            status: 'success',
            title: '注册成功',
            lines: [
              { key: 'enterprise', label: '企业名称', value: '$query.enterprise' },
              { key: 'username', label: '登录用户名', value: '$query.username' },
              { key: 'roles', label: '全部角色', value: '$user.roles' },
              { text: '请登录。' },
            ],
          },
          {
            key: 'facts',
            type: 'result',
            lines: [
              { key: 'person', label: '姓名', value: '$user.personName' },
              {
                key: 'products',
                label: '已开通产品',
                value: '$user.products',
                enum: [
                  { value: 'credit', label: '信用凭证' },
                  { value: 'abs', label: 'ABS' },
                ],
              },
            ],
          },
        ],
        actions: [
          {
            key: 'login',
            type: 'navigate',
            label: '立即登录',
            to: '/login/login',
            visible: "$query.platform !== 'abs'",
          },
          {
            key: 'absLogin',
            type: 'navigate',
            label: '去ABS登录',
            to: '/login/abs/login',
            visible: "$query.platform === 'abs'",
          },
        ],
      },
    };
    const { request } = fakeRequest([]);
    const { navigate } = await renderSchema(result, {
      request,
      query: { username: 'ht_1', platform: 'abs' },
      user: { roles: ['经办', '复核'], personName: '杨帆', products: ['abs', 'credit'] },
    });
    // Without a status: the facts as a table, a dictionary value as its tags.
    const facts = screen.getByTestId('part-facts');
    expect(facts.querySelector('.ant-result')).toBeNull();
    expect(facts.querySelector('.ant-descriptions')).not.toBeNull();
    expect(screen.getByTestId('result-person').textContent).toBe('杨帆');
    expect(
      [...screen.getByTestId('result-products').querySelectorAll('.ant-tag')].map((t) => t.textContent),
    ).toEqual(['ABS', '信用凭证']);
    const part = screen.getByTestId('part-done');
    expect(part.textContent).toContain('注册成功');
    expect(screen.getByTestId('result-username').textContent).toBe('ht_1');
    expect(screen.getByTestId('result-roles').textContent).toBe('经办、复核');
    expect(part.textContent).toContain('请登录。');
    // No enterprise in the address: its line is left out, label and all.
    expect(screen.queryByTestId('result-enterprise')).toBeNull();
    expect(part.textContent).not.toContain('企业名称');
    expect(screen.queryByTestId('action-composite-login')).toBeNull();
    fireEvent.click(screen.getByTestId('action-composite-absLogin'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login/abs/login', {}));
  }, 60_000);

  it('shows a result as a notice bar whose bracketed words link to its page, as plain text where the role may not open it', async () => {
    const notice = (key: string): CompositePageSchema => ({
      schemaVersion: 2,
      route: { path: `/demo/${key}`, title: '提示' },
      page: 'composite',
      composite: {
        parts: [
          {
            key,
            type: 'result',
            alert: true,
            status: 'info',
            lines: [{ key: 'realname', text: '请在[实名认证]中完成人脸识别。', to: '/my/realname' }],
          },
        ],
      },
    });
    const { request } = fakeRequest([]);
    const { navigate, unmount } = await renderSchema(notice('notice'), { request });
    const bar = screen.getByTestId('part-notice');
    expect(bar.querySelector('.ant-alert-info')).not.toBeNull();
    expect(bar.textContent).toBe('请在实名认证中完成人脸识别。');
    fireEvent.click(screen.getByTestId('result-realname'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/my/realname'));
    unmount();
    await renderSchema(notice('closed'), { request, canOpen: (path) => path !== '/my/realname' });
    expect(screen.getByTestId('part-closed').textContent).toBe('请在实名认证中完成人脸识别。');
    expect(screen.queryByTestId('result-realname')).toBeNull();
  }, 60_000);

  it('shows an amount, its unit step and its capital text exactly', () => {
    render(<AmountDisplayText value="99999999999999.98" />);
    const shown = screen.getByTestId('amount-display');
    expect(shown.textContent).toContain('99,999,999,999,999.98 元');
    expect(shown.textContent).toContain('约 100.00 万亿');
    expect(shown.textContent).toContain('玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角捌分');
  });

  it('lets the reader agree only after scrolling to the end', () => {
    // jsdom has no layout: a text taller than its box.
    const height = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
    const client = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(240);
    const onChange = vi.fn();
    render(<AgreementViewerBase title="《服务协议》" content={'第一条\n\n第二条'} onChange={onChange} />);
    const text = screen.getByTestId('agreement-text');
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    fireEvent.scroll(text, { target: { scrollTop: 10 } });
    expect(box.disabled).toBe(true);
    fireEvent.scroll(text, { target: { scrollTop: 760 } });
    expect(box.disabled).toBe(false);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
    height.mockRestore();
    client.mockRestore();
  });
});
