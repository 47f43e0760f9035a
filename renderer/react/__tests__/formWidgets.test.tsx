/**
 * The renderer v2 form widgets inside a real form page: tabs and collapse panels
 * hold fields, ArrayItems and ArrayCards add and remove rows, TreeSelect, Transfer and TimePicker show
 * their values, and everything they hold is submitted.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormilyNode, FormPageSchema } from '@renderer/core';
import { fakeRequest, isShown, renderSchema } from './harness';

const item = (component: string, title: string, extra: Partial<FormilyNode> = {}): FormilyNode => ({
  type: 'string',
  title,
  'x-decorator': 'FormItem',
  'x-component': component,
  ...extra,
});

const schema: FormPageSchema = {
  schemaVersion: 2,
  route: { path: '/demo/widgets', title: '控件' },
  page: 'form',
  model: 'demoApplication',
  form: {
    mode: 'create',
    properties: {
      tabs: {
        type: 'void',
        'x-component': 'FormTab',
        properties: {
          basic: {
            type: 'void',
            'x-component': 'FormTab.TabPane',
            'x-component-props': { tab: '基本信息' },
            properties: {
              region: item('TreeSelect', '所属区域', {
                default: '310100',
                // A tree: TreeSelect takes its nodes as treeData.
                'x-component-props': {
                  treeData: [
                    {
                      title: '上海市',
                      value: '310000',
                      children: [{ title: '上海市辖区', value: '310100' }],
                    },
                  ],
                  treeDefaultExpandAll: true,
                },
              }),
              meetAt: item('TimePicker', '约见时间', { default: '09:30:00' }),
            },
          },
          more: {
            type: 'void',
            'x-component': 'FormTab.TabPane',
            'x-component-props': { tab: '补充信息' },
            properties: {
              contacts: {
                type: 'array',
                title: '联系人',
                default: [{ name: '张三' }],
                'x-decorator': 'FormItem',
                'x-component': 'ArrayItems',
                items: {
                  type: 'object',
                  properties: {
                    line: {
                      type: 'void',
                      'x-component': 'Space',
                      properties: {
                        name: item('Input', '姓名'),
                        remove: { type: 'void', 'x-component': 'ArrayItems.Remove' },
                      },
                    },
                  },
                },
                properties: {
                  add: { type: 'void', title: '添加联系人', 'x-component': 'ArrayItems.Addition' },
                },
              },
            },
          },
        },
      },
      panels: {
        type: 'void',
        'x-component': 'FormCollapse',
        properties: {
          goods: {
            type: 'void',
            'x-component': 'FormCollapse.CollapsePanel',
            'x-component-props': { header: '货物' },
            properties: {
              kinds: {
                type: 'array',
                title: '品类',
                default: ['steel'],
                'x-decorator': 'FormItem',
                'x-component': 'Transfer',
                enum: [
                  { label: '钢材', value: 'steel' },
                  { label: '水泥', value: 'cement' },
                ],
              },
              lots: {
                type: 'array',
                title: '批次',
                default: [{ lotNo: 'P-01' }],
                'x-component': 'ArrayCards',
                'x-component-props': { title: '批次' },
                items: {
                  type: 'object',
                  properties: {
                    index: { type: 'void', 'x-component': 'ArrayCards.Index' },
                    lotNo: item('Input', '批次号'),
                    remove: { type: 'void', 'x-component': 'ArrayCards.Remove' },
                  },
                },
                properties: {
                  add: { type: 'void', title: '添加批次', 'x-component': 'ArrayCards.Addition' },
                },
              },
            },
          },
        },
      },
    },
    actions: [{ key: 'submit', label: '保存', type: 'submit', primary: true }],
  },
};

describe('form widgets', () => {
  it('show their values in tabs and panels, add and remove array rows, and submit everything', async () => {
    const { request, calls } = fakeRequest([
      ['POST /biz/v1/models/demoApplication/records', () => ({ id: 'd1', version: 1 })],
    ]);
    await renderSchema(schema, { request });

    // TreeSelect shows the chosen leaf's label, TimePicker its time (first tab).
    await waitFor(() => expect(screen.getByText('上海市辖区')).toBeTruthy());
    expect(screen.getByDisplayValue('09:30:00')).toBeTruthy();
    // The second tab's fields appear when it is chosen.
    fireEvent.click(screen.getByRole('tab', { name: '补充信息' }));
    await waitFor(() => expect(isShown(screen.getByDisplayValue('张三'))).toBe(true));
    fireEvent.click(screen.getByText('添加联系人'));
    await waitFor(() => expect(screen.getAllByRole('textbox').length).toBeGreaterThanOrEqual(2));
    const names = () =>
      screen.getAllByRole('textbox').filter((el) => el.closest('.ant-formily-array-items') !== null);
    fireEvent.change(names()[1]!, { target: { value: '李四' } });

    // The collapse panel holds the transfer (steel chosen: on the right) and the cards.
    const transfer = document.querySelector('.ant-transfer') as HTMLElement;
    const [left, right] = Array.from(transfer.querySelectorAll('.ant-transfer-list')) as HTMLElement[];
    expect(within(right!).getByText('钢材')).toBeTruthy();
    expect(within(left!).getByText('水泥')).toBeTruthy();
    fireEvent.click(screen.getByText('添加批次'));
    await waitFor(() => expect(document.querySelectorAll('.ant-formily-array-cards-item')).toHaveLength(2));
    const lotInputs = Array.from(
      document.querySelectorAll<HTMLInputElement>('.ant-formily-array-cards-item input'),
    );
    fireEvent.change(lotInputs[1]!, { target: { value: 'P-02' } });
    // Removing the first card keeps the second.
    fireEvent.click(document.querySelector('.ant-formily-array-cards-item .ant-formily-array-base-remove')!);
    await waitFor(() => expect(document.querySelectorAll('.ant-formily-array-cards-item')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('action-form-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.data).toMatchObject({
      region: '310100',
      meetAt: '09:30:00',
      contacts: [{ name: '张三' }, { name: '李四' }],
      kinds: ['steel'],
      lots: [{ lotNo: 'P-02' }],
    });
    // Lazily loaded widget chunks make the first render slow on a busy machine.
  }, 120_000);
});
