/**
 * FormItem names its control after the field's title (selects and pickers have no <label for>), unless
 * the schema gives the control its own aria-label.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormPageSchema } from '@renderer/core';
import { fakeRequest, renderSchema } from './harness';

const schema: FormPageSchema = {
  schemaVersion: 2,
  route: { path: '/demo/names', title: '名称' },
  page: 'form',
  model: 'demoApplication',
  form: {
    mode: 'create',
    properties: {
      currency: {
        type: 'string',
        title: '币种',
        'x-decorator': 'FormItem',
        'x-component': 'Select',
        enum: [{ value: 'CNY', label: '人民币' }],
      },
      remark: {
        type: 'string',
        title: '备注',
        'x-decorator': 'FormItem',
        'x-component': 'Input',
        'x-component-props': { 'aria-label': '补充说明' },
      },
    },
    actions: [{ key: 'submit', label: '提交', type: 'submit' }],
  },
};

describe('FormItem control names', () => {
  it('names a select after its title and keeps an aria-label of its own', async () => {
    await renderSchema(schema, { request: fakeRequest([]).request });
    expect(await screen.findByRole('combobox', { name: '币种' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '补充说明' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '备注' })).toBeNull();
  });
});
