import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormilyNode, FormPageSchema } from '@renderer/core';
import type { Signer } from '@renderer/react/context/services';
import { fakeRequest, isShown, renderSchema, SIGN_RECORD } from './harness';

const field = (name: string): HTMLElement => screen.getByTestId(`field-${name}`);
const input = (name: string): HTMLInputElement =>
  field(name).querySelector('input, textarea') as HTMLInputElement;
const type = (name: string, value: string): void => {
  fireEvent.change(input(name), { target: { value } });
};

const schema: FormPageSchema = {
  schemaVersion: 2,
  route: { path: '/credit/core/issue/apply', title: '签发申请' },
  page: 'form',
  model: 'creditIssue',
  form: {
    steps: [
      {
        key: 'parties',
        title: '选择供应商',
        properties: {
          supplierName: {
            type: 'string',
            title: '供应商',
            required: true,
            'x-decorator': 'FormItem',
            'x-component': 'Input',
          },
          billAmount: {
            type: 'string',
            title: '开单金额',
            required: true,
            'x-decorator': 'FormItem',
            'x-component': 'AmountInput',
          },
          feeAmount: {
            type: 'string',
            title: '费用',
            'x-decorator': 'FormItem',
            'x-component': 'AmountInput',
          },
        },
      },
      {
        key: 'voucher',
        title: '凭证信息',
        properties: {
          amount: {
            type: 'string',
            title: '凭证金额',
            'x-decorator': 'FormItem',
            'x-component': 'AmountInput',
            'x-pattern': 'readOnly',
            'x-reactions': {
              dependencies: ['billAmount', 'feeAmount'],
              fulfill: { state: { value: '{{moneyAdd($deps[0], $deps[1])}}' } },
            },
          },
          amountCapital: {
            type: 'void',
            title: '大写金额',
            'x-decorator': 'FormItem',
            'x-component': 'CapitalAmount',
            'x-component-props': { of: 'amount' },
          },
          dueDate: {
            type: 'string',
            title: '到期日',
            required: true,
            'x-decorator': 'FormItem',
            'x-component': 'Input',
            'x-reactions': {
              fulfill: {
                state: {
                  selfErrors:
                    "{{notEmpty($self.value) && $self.value < today() ? ['到期日不能早于今天'] : []}}",
                },
              },
            },
          },
          remark: {
            type: 'string',
            title: '备注',
            'x-decorator': 'FormItem',
            'x-component': 'Input.TextArea',
            'x-visible': '{{notEmpty($values.feeAmount)}}',
          },
        },
      },
    ],
    actions: [
      { key: 'back', label: '返回', type: 'back' },
      {
        key: 'submit',
        label: '提交',
        type: 'submit',
        confirm: '确认提交签发申请？',
        then: 'submit',
        success: '已提交',
        redirect: '/credit/detail?id={id}',
      },
    ],
  },
};

describe('FormPage', () => {
  it('asks for required fields in Chinese before the next step', async () => {
    await renderSchema(schema, { request: fakeRequest([]).request });
    fireEvent.click(screen.getByTestId('action-step-next'));
    await waitFor(() => expect(within(field('supplierName')).getByText('该字段是必填字段')).toBeTruthy());
    expect(isShown(screen.getByTestId('field-supplierName'))).toBe(true);
  });

  it('computes linked values exactly and shows the capital amount as the amount changes', async () => {
    await renderSchema(schema, { request: fakeRequest([]).request });
    type('supplierName', '华建建材供应有限公司');
    type('billAmount', '99999999999999.97');
    type('feeAmount', '0.01');
    fireEvent.click(screen.getByTestId('action-step-next'));
    await waitFor(() => expect(isShown(field('amount'))).toBe(true));
    expect(input('amount').value).toBe('99,999,999,999,999.98');
    expect(within(field('amountCapital')).getByTestId('capital-amount').textContent).toBe(
      '玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角捌分',
    );
    // x-visible linkage: the remark shows because a fee was entered.
    expect(screen.getByTestId('field-remark')).toBeTruthy();
  });

  it('runs expression validation with the injected clock', async () => {
    await renderSchema(schema, { request: fakeRequest([]).request });
    type('supplierName', '甲');
    type('billAmount', '1');
    fireEvent.click(screen.getByTestId('action-step-next'));
    await waitFor(() => expect(isShown(field('dueDate'))).toBe(true));
    type('dueDate', '2026-11-21');
    await waitFor(() => expect(within(field('dueDate')).getByText('到期日不能早于今天')).toBeTruthy());
    type('dueDate', '2026-11-22');
    await waitFor(() => expect(within(field('dueDate')).queryByText('到期日不能早于今天')).toBeNull());
  });

  it('submits after confirmation: creates, runs the follow-up transition, redirects', async () => {
    const { request, calls } = fakeRequest([
      ['POST /biz/v1/models/creditIssue/records', () => ({ id: 'i9', version: 1 })],
      ['POST /biz/v1/models/creditIssue/records/i9/actions/submit', () => ({ id: 'i9', version: 2 })],
    ]);
    const page = await renderSchema(schema, { request });
    type('supplierName', '甲');
    type('billAmount', '1000');
    fireEvent.click(screen.getByTestId('action-step-next'));
    await waitFor(() => expect(isShown(field('dueDate'))).toBe(true));
    type('dueDate', '2026-12-31');
    fireEvent.click(screen.getByTestId('action-form-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(page.navigate).toHaveBeenCalledWith('/credit/detail?id=i9'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /biz/v1/models/creditIssue/records',
      'POST /biz/v1/models/creditIssue/records/i9/actions/submit',
    ]);
    expect(calls[0]?.data).toEqual({
      supplierName: '甲',
      billAmount: '1000',
      amount: '1000.00',
      dueDate: '2026-12-31',
    });
    expect(calls[1]?.data).toEqual({ version: 1 });
  });

  it('edits: the loaded record fills the form, only the form fields go back with the version', async () => {
    const edit = {
      schemaVersion: 2,
      route: { path: '/x/edit', title: '修改' },
      page: 'form',
      model: 'creditIssue',
      form: {
        mode: 'edit',
        properties: {
          box: {
            type: 'void',
            properties: {
              remark: { type: 'string', title: '备注', 'x-decorator': 'FormItem', 'x-component': 'Input' },
            },
          },
        },
        actions: [{ key: 'save', label: '保存', type: 'submit', then: 'submit' }],
      },
    } as unknown as FormPageSchema;
    const { request, calls } = fakeRequest([
      [
        'GET /biz/v1/models/creditIssue/records/i7',
        () => ({ id: 'i7', version: 3, status: 'IS0', issueNo: 'IS1', remark: '旧', audit: [] }),
      ],
      ['PUT /biz/v1/models/creditIssue/records/i7', () => ({ id: 'i7', version: 4 })],
      ['POST /biz/v1/models/creditIssue/records/i7/actions/submit', () => ({ id: 'i7', version: 5 })],
    ]);
    await renderSchema(edit, { request, query: { id: 'i7' } });
    await waitFor(() => expect(input('remark').value).toBe('旧'));
    type('remark', '新');
    fireEvent.click(screen.getByTestId('action-form-save'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]).toMatchObject({ method: 'PUT', data: { remark: '新', version: 3 } });
    expect(Object.keys(calls[1]!.data as object).sort()).toEqual(['remark', 'version']);
    expect(calls[2]?.data).toEqual({ version: 4 });

    // Opened bare (no id in the address): it says so and offers the way back, and asks for nothing.
    cleanup();
    const bare = fakeRequest([]);
    const page = await renderSchema(edit, { request: bare.request, query: {} });
    expect(await screen.findByText('缺少记录编号')).toBeTruthy();
    expect(bare.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '返回选择记录' }));
    expect(page.back).toHaveBeenCalled();
  });

  it('shows server field errors on their fields and clears one when it is edited', async () => {
    const { request } = fakeRequest([
      [
        'POST /biz/v1/models/creditIssue/records',
        () => {
          throw Object.assign(new Error('提交的数据有误'), {
            code: 'VALIDATION',
            data: {
              fieldErrors: { supplierName: '供应商未开通信用凭证产品', dueDate: '到期日不能是节假日' },
            },
          });
        },
      ],
    ]);
    await renderSchema(schema, { request });
    type('supplierName', '甲');
    type('billAmount', '1000');
    fireEvent.click(screen.getByTestId('action-step-next'));
    await waitFor(() => expect(isShown(field('dueDate'))).toBe(true));
    type('dueDate', '2026-12-31');
    fireEvent.click(screen.getByTestId('action-form-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    // The first field in error is on step 1: the form goes back there.
    await waitFor(() =>
      expect(isShown(within(field('supplierName')).getByText('供应商未开通信用凭证产品'))).toBe(true),
    );
    expect(within(field('dueDate')).getByText('到期日不能是节假日')).toBeTruthy();
    expect(await screen.findByText('提交的数据有误')).toBeTruthy();
    type('supplierName', '乙');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(within(field('supplierName')).queryByText('供应商未开通信用凭证产品')).toBeNull();
  });

  it('validates before it asks for confirmation', async () => {
    const { request, calls } = fakeRequest([]);
    await renderSchema(schema, { request });
    type('supplierName', '甲');
    type('billAmount', '1000');
    fireEvent.click(screen.getByTestId('action-step-next'));
    await waitFor(() => expect(isShown(field('dueDate'))).toBe(true));
    fireEvent.click(screen.getByTestId('action-form-submit'));
    await waitFor(() => expect(within(field('dueDate')).getByText('该字段是必填字段')).toBeTruthy());
    expect(screen.queryByText('确认提交签发申请？')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('goes to the earliest step with a server field error, whatever the answer order', async () => {
    const { request } = fakeRequest([
      [
        'POST /biz/v1/models/creditIssue/records',
        () => {
          throw Object.assign(new Error('凭证金额：金额不能小于0.01'), {
            code: 'RECORD_INVALID',
            data: {
              errors: [
                { field: '/amount', message: '凭证金额：金额不能小于0.01' },
                { field: '/billAmount', message: '开单金额：金额不能小于0.01' },
              ],
            },
          });
        },
      ],
    ]);
    await renderSchema(schema, { request });
    type('supplierName', '甲');
    type('billAmount', '0');
    fireEvent.click(screen.getByTestId('action-step-next'));
    await waitFor(() => expect(isShown(field('dueDate'))).toBe(true));
    type('dueDate', '2026-12-31');
    fireEvent.click(screen.getByTestId('action-form-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(isShown(within(field('billAmount')).getByText('开单金额：金额不能小于0.01'))).toBe(true),
    );
  });
});

describe('FormPage sent to a contract endpoint (form.submit)', () => {
  const text = (title: string): FormilyNode => ({
    type: 'string',
    title,
    required: true,
    'x-decorator': 'FormItem',
    'x-component': 'Input',
  });
  const reset: FormPageSchema = {
    schemaVersion: 2,
    route: { path: '/register/reset-password', title: '重置密码', public: true },
    page: 'form',
    form: {
      submit: { endpoint: 'passwordReset', encrypt: ['password'], omit: ['confirmPassword'] },
      keep: { as: 'reset', fields: ['username'] },
      properties: {
        username: text('用户名'),
        smsCode: text('短信验证码'),
        password: text('新密码'),
        confirmPassword: {
          ...text('确认新密码'),
          'x-validator': [{ sameAs: 'password' }],
        },
      },
      actions: [{ key: 'submit', type: 'submit', label: '重置密码', redirect: '/login/login?u={username}' }],
    },
  };

  it('trims, leaves out and encrypts as told, keeps what it names, and redirects with the answer', async () => {
    const { request, calls } = fakeRequest([['POST /v1/auth/passwords/reset', () => ({ username: 'ht_1' })]]);
    const store: Record<string, Record<string, string>> = { reset: { username: ' ht_1 ' } };
    const keptForms = {
      load: (name: string) => store[name] ?? {},
      store: (name: string, values: Record<string, string>) => void (store[name] = values),
      clear: (name: string) => void delete store[name],
    };
    const page = await renderSchema(reset, {
      request,
      role: null,
      encrypt: async (plain) => `enc(${plain})`,
      keptForms,
    });
    expect(input('username').value).toBe(' ht_1 ');
    type('smsCode', '123456 ');
    type('password', 'Demo@2026 ');
    type('confirmPassword', 'Demo@2027');
    expect(store.reset).toEqual({ username: ' ht_1 ' });
    fireEvent.click(screen.getByTestId('action-form-submit'));
    await waitFor(() => expect(field('confirmPassword').textContent).toContain('两次输入的密码不一致'));
    expect(calls).toEqual([]);
    type('confirmPassword', 'Demo@2026 ');
    fireEvent.click(screen.getByTestId('action-form-submit'));
    await waitFor(() => expect(page.navigate).toHaveBeenCalledWith('/login/login?u=ht_1', { replace: true }));
    expect(calls.map((c) => [c.method, c.url, c.data])).toEqual([
      [
        'POST',
        '/v1/auth/passwords/reset',
        { username: 'ht_1', smsCode: '123456', password: 'enc(Demo@2026 )' },
      ],
    ]);
    expect(store).toEqual({});
    cleanup();
  });

  it('shows a refusal naming its field (`data.field`) under that field', async () => {
    const { request } = fakeRequest([
      [
        'POST /v1/auth/passwords/reset',
        () => {
          throw Object.assign(new Error('验证码错误，还可输入4次'), {
            code: 'SCF.SMS_CODE_WRONG',
            data: { field: 'smsCode' },
          });
        },
      ],
    ]);
    await renderSchema(reset, { request, role: null, encrypt: async (p) => p });
    for (const [name, value] of [
      ['username', 'ht_1'],
      ['smsCode', '000000'],
      ['password', 'Demo@2026'],
      ['confirmPassword', 'Demo@2026'],
    ] as const)
      type(name, value);
    fireEvent.click(screen.getByTestId('action-form-submit'));
    await waitFor(() => expect(field('smsCode').textContent).toContain('验证码错误，还可输入4次'));
    cleanup();
  });

  it('staying on its page, announces its topic and is emptied for the next entry', async () => {
    const { request, calls } = fakeRequest([['POST /corp/v1/persons/me/password', () => null]]);
    const announce = vi.fn();
    const change: FormPageSchema = {
      schemaVersion: 2,
      route: { path: '/my/person-info/index', title: '个人信息' },
      page: 'form',
      form: {
        submit: { endpoint: 'personPassword', encrypt: ['oldPassword', 'password'] },
        properties: { oldPassword: text('原密码'), password: text('新密码') },
        actions: [
          { key: 'submit', type: 'submit', label: '修改密码', success: '密码修改成功', announce: 'session' },
        ],
      },
    };
    await renderSchema(change, { request, announce, encrypt: async (p) => `enc(${p})` });
    type('oldPassword', 'Demo@2026');
    type('password', 'Next@2026x');
    fireEvent.click(screen.getByTestId('action-form-submit'));
    await waitFor(() => expect(announce).toHaveBeenCalledWith('session'));
    expect(calls[0]?.data).toEqual({ oldPassword: 'enc(Demo@2026)', password: 'enc(Next@2026x)' });
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
    await waitFor(() => expect(input('password').value).toBe(''));
    expect(input('oldPassword').value).toBe('');
    cleanup();
  });
});

describe('FormPage signing before it is sent (form.submit.signature) and reading an endpoint (form.load)', () => {
  const signRecord = SIGN_RECORD;
  const identify: FormPageSchema = {
    schemaVersion: 2,
    route: { path: '/register/abs/identify/ukey', title: 'UKEY认证' },
    page: 'form',
    form: {
      load: { endpoint: 'ukeyBindVerifyFunction', as: 'ccbBound' },
      submit: {
        endpoint: 'ukeyVerifySign',
        omit: ['ccbNumber', 'ukeyBank'],
        signature: { scope: 'identify/ukey', bank: 'ukeyBank' },
      },
      properties: {
        ccbNumber: {
          type: 'string',
          title: '建设银行卡号',
          required: true,
          'x-decorator': 'FormItem',
          'x-component': 'Input',
          'x-visible': '{{$values.ccbBound === true}}',
        },
        ukeyBank: {
          type: 'string',
          title: 'UKEY颁发银行',
          required: true,
          'x-decorator': 'FormItem',
          'x-component': 'Input',
        },
      },
      actions: [
        {
          key: 'submit',
          type: 'submit',
          label: 'UKEY认证',
          sign: true,
          result: { title: 'UKEY认证成功', description: '贵企业的UKEY签名已通过平台验证。' },
        },
      ],
    },
  };
  const BIND_CHECK = 'GET /v1/auth/v1/ca/is-use/ukey-bind/verify/function';

  it('shows a field by what the endpoint answered, signs with the chosen bank and scope, sends the signature', async () => {
    const { request, calls } = fakeRequest([
      [BIND_CHECK, () => true],
      ['POST /v1/auth/ukey/verify-sign', () => ({ ukeyNo: 'GX0000000001' })],
    ]);
    const contexts: unknown[] = [];
    const signer: Signer = {
      sign: async ({ context }) => {
        contexts.push(context);
        return { code: 0, message: '签名成功', record: signRecord };
      },
    };
    await renderSchema(identify, { request, signer });
    await waitFor(() => expect(isShown(field('ccbNumber'))).toBe(true));
    expect(screen.getByTestId('action-form-submit').hasAttribute('data-ukey-sign')).toBe(true);
    type('ukeyBank', 'CCB');
    // The card number is required once shown: nothing is signed or sent without it.
    fireEvent.click(screen.getByTestId('action-form-submit'));
    await waitFor(() => expect(field('ccbNumber').textContent).toContain('必填'));
    expect(contexts).toEqual([]);
    type('ccbNumber', '6227000000000012347');
    fireEvent.click(screen.getByTestId('action-form-submit'));
    expect(await screen.findByText('UKEY认证成功', undefined, { timeout: 10000 })).toBeTruthy();
    expect(screen.getByText('贵企业的UKEY签名已通过平台验证。')).toBeTruthy();
    // A result without a button has none.
    expect(screen.queryByTestId('action-form-result')).toBeNull();
    expect(contexts).toEqual([{ scope: 'identify/ukey', ukeyBank: 'CCB' }]);
    expect(calls.map((c) => [c.method, c.url, c.data])).toEqual([
      ['GET', '/v1/auth/v1/ca/is-use/ukey-bind/verify/function', undefined],
      ['POST', '/v1/auth/ukey/verify-sign', { signature: signRecord }],
    ]);
    cleanup();
  });

  it('leaves the field hidden when the endpoint fails, and sends nothing when signing fails', async () => {
    const { request, calls } = fakeRequest([
      [
        BIND_CHECK,
        () => {
          throw Object.assign(new Error('未开通'), { code: 'SCF.X' });
        },
      ],
    ]);
    const signer: Signer = { sign: async () => ({ code: 1, message: '请检查Ukey是否正确插入。' }) };
    await renderSchema(identify, { request, signer });
    type('ukeyBank', 'CCB');
    fireEvent.click(screen.getByTestId('action-form-submit'));
    // The sign dialog shows the flow's message.
    expect(
      (await screen.findAllByText('请检查Ukey是否正确插入。', undefined, { timeout: 10000 })).length,
    ).toBeGreaterThan(0);
    expect(isShown(screen.queryByTestId('field-ccbNumber'))).toBe(false);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    cleanup();
  });
});

describe('fieldErrorsOf', () => {
  it('reads both field maps and the models engine’s JSON-pointer errors', async () => {
    const { fieldErrorsOf } = await import('@renderer/react/context/services');
    expect(fieldErrorsOf({ message: 'x', data: { fieldErrors: { amount: '金额有误' } } })).toEqual({
      amount: '金额有误',
    });
    expect(
      fieldErrorsOf({
        message: 'x',
        data: {
          errors: [
            { field: '/statements/0/billAmount', message: '开单金额：请输入正确的金额' },
            { field: '', message: '请填写到期日' },
            { field: '/statements/0/billAmount', message: '第二条' },
          ],
        },
      }),
    ).toEqual({ 'statements.0.billAmount': '开单金额：请输入正确的金额' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});

describe('FormPage linkage over array rows', () => {
  it('recomputes a sum of row fields filled in after the row was added (ArrayTable)', async () => {
    const arraySchema = {
      schemaVersion: 2,
      route: { path: '/a', title: 'A' },
      page: 'form',
      model: 'creditIssue',
      form: {
        properties: {
          statements: {
            type: 'array',
            'x-decorator': 'FormItem',
            'x-component': 'ArrayTable',
            items: {
              type: 'object',
              properties: {
                c1: {
                  type: 'void',
                  'x-component': 'ArrayTable.Column',
                  properties: {
                    billAmount: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'AmountInput' },
                  },
                },
              },
            },
            properties: { add: { type: 'void', title: '添加对账单', 'x-component': 'ArrayTable.Addition' } },
          },
          amount: {
            type: 'string',
            'x-decorator': 'FormItem',
            'x-component': 'AmountInput',
            'x-reactions': {
              dependencies: ['statements'],
              fulfill: {
                state: {
                  value: "{{notEmpty($deps[0]) ? moneyAdd(pluck($deps[0], 'billAmount')) : undefined}}",
                },
              },
            },
          },
        },
        actions: [{ key: 'submit', label: '提交', type: 'submit' }],
      },
    } as unknown as FormPageSchema;
    await renderSchema(arraySchema, { request: fakeRequest([]).request });
    fireEvent.click(await screen.findByText('添加对账单', {}, { timeout: 8000 }));
    await waitFor(() => expect(input('amount').value).toBe('0.00'));
    fireEvent.click(screen.getByText('添加对账单'));
    await waitFor(() => expect(screen.queryByTestId('field-statements.1.billAmount')).toBeTruthy());
    fireEvent.change(input('statements.0.billAmount'), { target: { value: '99999999999999.90' } });
    fireEvent.change(input('statements.1.billAmount'), { target: { value: '0.08' } });
    await waitFor(() => expect(input('amount').value).toBe('99,999,999,999,999.98'));
  });
});

describe('DatePicker', () => {
  it('names months and weekdays in Chinese and disables past days and holidays', async () => {
    const dates: FormPageSchema = {
      schemaVersion: 2,
      route: { path: '/x/apply', title: '日期' },
      page: 'form',
      form: {
        properties: {
          dueDate: {
            type: 'string',
            title: '到期日',
            'x-decorator': 'FormItem',
            'x-component': 'DatePicker',
            'x-component-props': { disable: ['past', 'holidays'] },
          },
        },
        // The panel opens on the value's month: the month of the harness clock.
        initialValues: { dueDate: '2026-11-23' },
        actions: [],
      },
    };
    await renderSchema(dates, {
      request: fakeRequest([]).request,
      holidays: () => Promise.resolve(['2026-11-25']),
    });
    fireEvent.mouseDown(input('dueDate'));
    fireEvent.click(input('dueDate'));
    const cell = (day: string): HTMLElement =>
      document.querySelector(`.ant-picker-dropdown td[title="${day}"]`) as HTMLElement;
    await waitFor(() => expect(cell('2026-11-21')).toBeTruthy());
    expect(document.querySelector('.ant-picker-dropdown thead')?.textContent).toContain('一');
    expect(document.querySelector('.ant-picker-dropdown .ant-picker-header-view')?.textContent).toContain(
      '月',
    );
    expect(cell('2026-11-21').className).toMatch(/ant-picker-cell-disabled/);
    expect(cell('2026-11-23').className).not.toMatch(/ant-picker-cell-disabled/);
    await waitFor(() => expect(cell('2026-11-25').className).toMatch(/ant-picker-cell-disabled/));
  }, 20_000);
});
