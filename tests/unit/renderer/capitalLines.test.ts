import { describe, expect, it } from 'vitest';
import { withCapitalLines, type FormilyProperties, type PageSchema } from '@renderer/core/schema';

const amount = { type: 'string', title: '金额', 'x-component': 'AmountInput' } as const;
const capitalOf = (props: FormilyProperties, key: string) => props[key]?.['x-component-props']?.of;

describe('spec section 5 (Chinese capital conversion): the 大写 line of every money form', () => {
  it('follows each amount input of a form, a dialog form and a step, at any depth, but no filter', () => {
    const page = {
      page: 'list',
      list: {
        query: { minAmount: amount },
        toolbar: [
          {
            key: 'add',
            type: 'dialog',
            form: {
              properties: {
                grid: { type: 'void', properties: { applyAmount: amount } },
                plan: { type: 'object', properties: { totalAmount: amount } },
                rows: { type: 'array', items: { type: 'object', properties: { billAmount: amount } } },
                table: {
                  type: 'array',
                  'x-component': 'ArrayTable',
                  items: { type: 'object', properties: { cellAmount: amount } },
                },
              },
            },
          },
        ],
      },
    } as unknown as PageSchema;
    const out = withCapitalLines(page) as unknown as {
      list: { query: FormilyProperties; toolbar: Array<{ form: { properties: FormilyProperties } }> };
    };
    expect(Object.keys(out.list.query)).toEqual(['minAmount']);
    const form = out.list.toolbar[0]!.form.properties;
    expect(Object.keys(form.grid!.properties!)).toEqual(['applyAmount', 'applyAmountCapital']);
    expect(capitalOf(form.grid!.properties!, 'applyAmountCapital')).toBe('applyAmount');
    expect(capitalOf(form.plan!.properties!, 'totalAmountCapital')).toBe('plan.totalAmount');
    expect(capitalOf(form.rows!.items!.properties!, 'billAmountCapital')).toBe('.billAmount');
    expect(form.grid!.properties!.applyAmountCapital!.title).toBe('大写金额');
    expect(Object.keys(form.table!.items!.properties!)).toEqual(['cellAmount']);

    const steps = withCapitalLines({
      page: 'form',
      form: { steps: [{ key: 's1', title: '一', properties: { amount } }] },
    } as unknown as PageSchema) as unknown as { form: { steps: Array<{ properties: FormilyProperties }> } };
    expect(Object.keys(steps.form.steps[0]!.properties)).toEqual(['amount', 'amountCapital']);
  });

  it('adds none where the schema places its own CapitalAmount', () => {
    const own = {
      page: 'form',
      form: {
        properties: {
          amount,
          shown: { type: 'void', 'x-component': 'CapitalAmount', 'x-component-props': { of: 'amount' } },
        },
      },
    } as unknown as PageSchema;
    const out = withCapitalLines(own) as unknown as { form: { properties: FormilyProperties } };
    expect(Object.keys(out.form.properties)).toEqual(['amount', 'shown']);
  });
});
