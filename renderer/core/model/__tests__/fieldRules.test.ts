import { describe, expect, it } from 'vitest';
import { schemaTreeJson } from '@renderer/core/node';
import { applyModelRules, modelFieldAt, modelRuleProblems, withModelRules } from '@renderer/core/model';
import type { ModelDefinition } from '@renderer/core/model';
import type { FormilyProperties, PageSchema } from '@renderer/core/schema';
import { chinaToday, inDayWindow, sumToProblem } from '@renderer/core/validators';
import type { SumToRule } from '@renderer/core/validators';
import { createFormilyValidation } from '@renderer/core/validators/formily';

const window = { min: 1, max: 365, message: '到期日须晚于今天且不超过一年' };
const model: ModelDefinition = {
  name: 'creditIssue',
  fields: {
    supplierCorpId: { type: 'string', ref: 'corp', corpTypes: ['CHAIN'] },
    amount: { type: 'string', format: 'amount', amountMin: '0.01' },
    dueDate: { type: 'string', format: 'date', dayWindow: window },
    remark: { type: 'string', maxLength: 200 },
    limitSource: { type: 'string', enum: ['集团授信', '单位授信'], dict: 'limitSource' },
    issueNo: { type: 'string', maxLength: 40, readOnly: true },
    statements: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['statementNo'],
        properties: { statementNo: { type: 'string', maxLength: 40 } },
      },
    },
  },
  required: ['supplierCorpId', 'amount', 'dueDate'],
};
const dicts = (name: string) =>
  name === 'limitSource'
    ? {
        items: [
          { value: '集团授信', label: '集团授信' },
          { value: '单位授信', label: '单位授信（单位）' },
        ],
      }
    : undefined;

const field = (extra: Record<string, unknown> = {}) => ({
  type: 'string' as const,
  'x-component': 'Input',
  ...extra,
});

describe('page rules derived from the model', () => {
  it('finds model fields by data path, through array items', () => {
    expect(modelFieldAt(model, 'statements.*.statementNo')).toEqual({
      def: { type: 'string', maxLength: 40 },
      required: true,
    });
    expect(modelFieldAt(model, 'dueDate')?.required).toBe(true);
    expect(modelFieldAt(model, 'remark')?.required).toBe(false);
    expect(modelFieldAt(model, 'nothing')).toBeNull();
  });

  it('puts required, length, options, format, money bounds and the day window on bound fields', () => {
    const page: FormilyProperties = {
      supplierCorpId: field({ 'x-component': 'RemoteSelect', 'x-component-props': { showSearch: true } }),
      amount: field({ 'x-validator': 'amount' }),
      dueDate: field({ 'x-component': 'DatePicker' }),
      remark: field({ maxLength: 100 }),
      limitSource: field({ 'x-component': 'Radio.Group' }),
      issueNo: field(),
      statements: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            col: { type: 'void', properties: { statementNo: field() } },
          },
        },
      },
      helper: field(),
    };
    const out = applyModelRules(page, model, dicts);
    expect(out.supplierCorpId).toMatchObject({
      required: true,
      'x-component-props': {
        showSearch: true,
        url: '/biz/v1/models/creditIssue/refs/supplierCorpId',
        labelField: 'name',
        valueField: 'id',
      },
    });
    expect(out.amount).toMatchObject({ required: true, 'x-validator': ['amount', { amountMin: '0.01' }] });
    expect(out.amount!.format).toBeUndefined(); // the page already names the model's format
    expect(out.dueDate).toMatchObject({ required: true, 'x-validator': [{ dayWindow: window }] });
    expect(out.remark!.maxLength).toBe(100); // the page narrows the model: kept
    expect(out.limitSource!.enum).toEqual([
      { value: '集团授信', label: '集团授信' },
      { value: '单位授信', label: '单位授信（单位）' },
    ]);
    expect(out.issueNo).toEqual(page.issueNo); // read-only fields are the server's
    expect(out.statements!.maxItems).toBe(50);
    expect(out.statements!.items!.properties!.col!.properties!.statementNo).toMatchObject({
      required: true,
      maxLength: 40,
    });
    expect(out.helper).toEqual(page.helper);
    expect(page.dueDate!['x-validator']).toBeUndefined(); // the input is not changed
  });

  it('applies to form pages only', () => {
    const form = {
      schemaVersion: 2,
      route: { path: '/x', title: 'x' },
      page: 'form',
      model: 'creditIssue',
      form: { steps: [{ key: 'a', title: 'a', properties: { remark: field() } }], actions: [] },
    } as unknown as PageSchema;
    const out = withModelRules(form, model, dicts);
    expect(out.page === 'form' && out.form.steps![0]!.properties.remark!.maxLength).toBe(200);
    const list = { ...form, page: 'list' } as unknown as PageSchema;
    expect(withModelRules(list, model, dicts)).toBe(list);
  });

  it('reports page rules looser than the model or options it does not allow', () => {
    const page: FormilyProperties = {
      remark: field({ maxLength: 300 }),
      amount: field({ 'x-validator': { format: 'money' } }),
      dueDate: field({ required: false }),
      limitSource: field({ enum: ['集团授信', '其他'] }),
      statements: { type: 'array', maxItems: 60 },
      supplierCorpId: field({ enum: ['SUP001'] }),
    };
    const problems = modelRuleProblems(page, '/form/properties', model, dicts);
    expect(problems.map((p) => p.pointer)).toEqual([
      '/form/properties/remark/maxLength',
      '/form/properties/amount',
      '/form/properties/dueDate/required',
      '/form/properties/limitSource/enum',
      '/form/properties/statements/maxItems',
      '/form/properties/supplierCorpId/enum',
    ]);
    expect(problems[3]!.message).toContain('其他');
    const narrow: FormilyProperties = {
      remark: field({ maxLength: 10 }),
      limitSource: field({ enum: ['集团授信'] }),
    };
    expect(modelRuleProblems(narrow, '', model, dicts)).toEqual([]);
  });
});

describe('enterprise pickers of a field restricted to a product (ADR 0014)', () => {
  const restricted: ModelDefinition = {
    name: 'absAsset',
    fields: {
      product: { type: 'string', enum: ['abs', 'abcp'] },
      supplierCorpId: { type: 'string', ref: 'corp', opened: { field: 'product' } },
      finCorpId: { type: 'string', ref: 'corp', opened: 'credit' },
      debtorCorpId: { type: 'string', ref: 'corp' },
    },
  };
  const picker = (props: Record<string, unknown> = {}) =>
    field({ 'x-component': 'RemoteSelect', 'x-component-props': props });

  it("take their options from the field's refs, with the page's product when a field names it", () => {
    const out = applyModelRules({ supplierCorpId: picker(), finCorpId: picker() }, restricted, dicts, {
      product: 'abcp',
    });
    // Searched on the server and paged, each option with its 统一社会信用代码.
    const paged = { search: true, pageSize: 20, describe: ['code'] };
    expect(out.supplierCorpId!['x-component-props']).toEqual({
      ...paged,
      url: '/biz/v1/models/absAsset/refs/supplierCorpId',
      params: { product: 'abcp' },
      labelField: 'name',
      valueField: 'id',
    });
    expect(out.finCorpId!['x-component-props']).toEqual({
      ...paged,
      url: '/biz/v1/models/absAsset/refs/finCorpId',
      labelField: 'name',
      valueField: 'id',
    });
  });

  it('are refused when they read another list', () => {
    const page: FormilyProperties = {
      finCorpId: picker({ url: '/biz/v1/models/creditLimit/records', valueField: 'grantorCorpId' }),
      supplierCorpId: picker({ url: '/biz/v1/models/absAsset/refs/supplierCorpId' }),
      debtorCorpId: picker({ url: '/corp/v1/corps/suppliers' }),
    };
    const problems = modelRuleProblems(page, '/form/properties', restricted, dicts);
    expect(problems.map((p) => p.pointer)).toEqual(['/form/properties/finCorpId/x-component-props/url']);
    expect(problems[0]!.message).toContain('/biz/v1/models/absAsset/refs/finCorpId');
  });
});

describe('the day window', () => {
  it('compares with today in China and leaves non-dates to the date format', () => {
    expect(inDayWindow('2026-11-20', window, '2026-11-20')).toBe(false);
    expect(inDayWindow('2026-11-21', window, '2026-11-20')).toBe(true);
    expect(inDayWindow('2027-11-20', window, '2026-11-20')).toBe(true);
    expect(inDayWindow('2027-11-21', window, '2026-11-20')).toBe(false);
    expect(inDayWindow('not a date', window, '2026-11-20')).toBe(true);
    // 2026-11-20 17:00 UTC is already the 21st in China.
    expect(chinaToday(new Date('2026-11-20T17:00:00Z'))).toBe('2026-11-21');
  });

  it('is a Formily rule that answers the model message', () => {
    const { rules } = createFormilyValidation();
    const rule = rules.dayWindow!;
    const today = chinaToday();
    expect(rule(today, { dayWindow: window } as never, {} as never, {} as never)).toBe(window.message);
    expect(rule('', { dayWindow: window } as never, {} as never, {} as never)).toBe('');
    const amountMin = rules.amountMin!;
    expect(amountMin('0', { amountMin: '0.01' } as never, {} as never, {} as never)).toBe('金额不能小于0.01');
    expect(amountMin('0.01', { amountMin: '0.01' } as never, {} as never, {} as never)).toBe('');
  });
});

describe('a rule across items (sumTo), declared once on the model', () => {
  // The joint deal's model as the server loads it: the form checks the very rule the server does.
  const joint = schemaTreeJson<ModelDefinition>('_models/factoringJointLoan.json');
  const rule = joint.fields.funders!.sumTo as SumToRule;
  const funders = (...ratios: string[]) => ratios.map((ratio, i) => ({ funderCorpId: `FIN00${i}`, ratio }));

  it('adds up exactly and names the sum when it is not the total', () => {
    expect(sumToProblem(funders('60', '40'), rule)).toBeNull();
    expect(sumToProblem(funders('33.33', '33.33', '33.34'), rule)).toBeNull();
    expect(sumToProblem(funders('60', '30'), rule)).toBe('各参与机构份额比例合计须为100%，当前合计90%');
    expect(sumToProblem(funders('60', '40.5'), rule)).toBe('各参与机构份额比例合计须为100%，当前合计100.5%');
    // A ratio not typed yet is its own field's business: nothing to add up.
    expect(sumToProblem(funders('60', ''), rule)).toBeNull();
  });

  it('reaches the form field bound to the model and refuses 90 % there before submit', () => {
    const out = applyModelRules(
      { funders: { type: 'array', 'x-component': 'ArrayTable', items: { type: 'object' } } },
      joint,
      () => undefined,
    );
    expect(out.funders!['x-validator']).toEqual([{ sumTo: rule }]);
    const { rules } = createFormilyValidation();
    expect(rules.sumTo!(funders('60', '30'), { sumTo: rule } as never, {} as never, {} as never)).toBe(
      '各参与机构份额比例合计须为100%，当前合计90%',
    );
    expect(rules.sumTo!(funders('60', '40'), { sumTo: rule } as never, {} as never, {} as never)).toBe('');
  });
});
