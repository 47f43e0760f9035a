import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListPageSchema } from '@renderer/core';
import { fakeRequest, renderSchema } from './harness';

/**
 * An administrator's user list as a page schema (schemas/my/enterprise-info/user/list.json, reduced): roles as
 * a checkbox group of the options the server offers, and a `result` dialog showing what the server answered
 * (a one-time password) after a dialog form and after a request button whose question names the row.
 */
const roles = {
  type: 'array' as const,
  title: '角色',
  required: true,
  'x-decorator': 'FormItem',
  'x-component': 'RemoteSelect',
  'x-component-props': {
    url: '/corp/v1/corps/users/role-options',
    labelField: 'roleName',
    valueField: 'roleCode',
    checkbox: true,
  },
};
const result = {
  title: '用户已创建',
  fields: [
    { field: 'userName', title: '用户名' },
    { field: 'initialPassword', title: '初始密码' },
  ],
  description: '初始密码只显示这一次',
  button: '我已记下',
};
const schema: ListPageSchema = {
  schemaVersion: 2,
  route: { path: '/my/enterprise-info/user/list', title: '用户管理' },
  page: 'list',
  list: {
    api: { url: '/corp/v1/corps/users' },
    columns: [
      { field: 'userName', title: '用户名' },
      { field: 'roleNames', title: '角色' },
    ],
    toolbar: [
      {
        key: 'add',
        type: 'dialog',
        label: '新增用户',
        form: {
          api: { url: '/corp/v1/corps/users', method: 'POST' },
          properties: {
            userName: { type: 'string', title: '用户名', 'x-decorator': 'FormItem', 'x-component': 'Input' },
            roles,
          },
        },
        result,
      },
    ],
    rowActions: [
      {
        key: 'roles',
        type: 'dialog',
        label: '分配角色',
        form: {
          api: { url: '/corp/v1/corps/users/{id}/roles', method: 'PUT' },
          initialValues: { roles: '$record.roleCodes' },
          properties: { roles },
        },
      },
      {
        key: 'resetPassword',
        type: 'request',
        label: '重置密码',
        confirm: '确定重置“{userName}”的密码吗？',
        // A model action whose service answers the result beside the record (`{...record, result}`).
        api: {
          url: '/biz/v1/models/corpUser/records/{id}/actions/resetPassword',
          params: { version: '$record.version' },
        },
        result: { ...result, title: '密码已重置' },
      },
    ],
  },
};

const users = () =>
  fakeRequest([
    [
      'GET /corp/v1/corps/users',
      () => ({
        list: [
          { id: 'u1', version: 2, userName: 'buyer', roleNames: '经办岗', roleCodes: ['ROLE_CORP_OPERATOR'] },
        ],
        pagecond: { count: 1 },
      }),
    ],
    [
      'GET /corp/v1/corps/users/role-options',
      () => [
        { roleCode: 'ROLE_CORP_OPERATOR', roleName: '经办岗' },
        { roleCode: 'ROLE_CORP_PURCHASE', roleName: '收货确认岗' },
      ],
    ],
    ['POST /corp/v1/corps/users', () => ({ id: 'u2', userName: 'seller', initialPassword: 'Ab3xYz9kLm2Q' })],
    ['PUT /corp/v1/corps/users/u1/roles', () => null],
    [
      'POST /biz/v1/models/corpUser/records/u1/actions/resetPassword',
      () => ({
        id: 'u1',
        version: 3,
        initialPassword: 'not-this-one',
        result: { userName: 'buyer', initialPassword: 'Zz8yXw7vUt6S' },
      }),
    ],
  ]);

describe('role checkboxes and result dialogs', { timeout: 60_000 }, () => {
  it('creates with the checked roles and shows the one-time password until it is closed', async () => {
    const { request, calls } = users();
    await renderSchema(schema, { request });
    fireEvent.click(await screen.findByTestId('action-toolbar-add'));
    const dialog = await screen.findByTestId('dialog-add');
    const purchase = await within(dialog).findByRole('checkbox', { name: '收货确认岗' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'seller' } });
    fireEvent.click(purchase);
    fireEvent.click(within(dialog).getByTestId('action-dialog-submit'));
    const shown = await screen.findByTestId('result-dialog');
    expect(within(shown).getByText('用户已创建')).toBeTruthy();
    expect(within(shown).getByTestId('result-initialPassword').textContent).toContain('Ab3xYz9kLm2Q');
    expect(within(shown).getByTestId('result-userName').textContent).toContain('seller');
    expect(calls.find((c) => c.method === 'POST')!.data).toEqual({
      userName: 'seller',
      roles: ['ROLE_CORP_PURCHASE'],
    });
    fireEvent.click(within(shown).getByTestId('action-result-close'));
    await waitFor(() => expect(screen.queryByText('Ab3xYz9kLm2Q')).toBeNull());
  });

  it('checks the row’s roles and sends the new set', async () => {
    const { request, calls } = users();
    await renderSchema(schema, { request });
    fireEvent.click(within(await screen.findByTestId('row-0')).getByTestId('action-row-roles'));
    const dialog = await screen.findByTestId('dialog-roles');
    const operator = await within(dialog).findByRole('checkbox', { name: '经办岗' });
    expect((operator as HTMLInputElement).checked).toBe(true);
    fireEvent.click(operator);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '收货确认岗' }));
    fireEvent.click(within(dialog).getByTestId('action-dialog-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.data).toEqual({ roles: ['ROLE_CORP_PURCHASE'] });
  });

  it('refuses a dialog with no role checked, on the field', async () => {
    const { request, calls } = users();
    await renderSchema(schema, { request });
    fireEvent.click(within(await screen.findByTestId('row-0')).getByTestId('action-row-roles'));
    const dialog = await screen.findByTestId('dialog-roles');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '经办岗' }));
    fireEvent.click(within(dialog).getByTestId('action-dialog-submit'));
    expect(await within(dialog).findByText('该字段是必填字段')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('asks a question naming the row, then shows the answer of the request', async () => {
    const { request, calls } = users();
    await renderSchema(schema, { request });
    fireEvent.click(within(await screen.findByTestId('row-0')).getByTestId('action-row-resetPassword'));
    expect(await screen.findByText('确定重置“buyer”的密码吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    const shown = await screen.findByTestId('result-dialog');
    expect(within(shown).getByText('密码已重置')).toBeTruthy();
    expect(within(shown).getByTestId('result-initialPassword').textContent).toContain('Zz8yXw7vUt6S');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.data])).toEqual([
      ['/biz/v1/models/corpUser/records/u1/actions/resetPassword', { version: 2 }],
    ]);
  });
});
