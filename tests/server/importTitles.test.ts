import { describe, expect, it } from 'vitest';
import { checkModel } from '../../server/models/checkModel';
import type { ModelDef } from '../../server/models/types';

/** A model that imports assets whose amount is titled by their kind (products/abs/models/absAsset.json). */
const model = (titles: NonNullable<ModelDef['import']>['titles']): ModelDef =>
  ({
    name: 'asset',
    title: '资产',
    table: 'asset',
    states: { $dict: 'assetStatus' },
    initialState: 'A1',
    visibility: { corpFields: [] },
    transitions: [],
    fields: {
      amount: { type: 'string', title: '应收账款金额', format: 'amount' },
      kind: { type: 'string', title: '资产类型' },
    },
    create: { roles: ['ROLE_CORE_OPERATOR'] },
    import: { fields: ['amount'], values: ['kind'], titles },
  }) as unknown as ModelDef;

const ctx = {
  models: new Map(),
  dicts: new Map([['assetStatus', { name: 'assetStatus', items: [{ value: 'A1', label: '新建' }] }]]),
  effects: { has: () => true, names: () => [] },
  roles: new Set(['ROLE_CORE_OPERATOR']),
} as unknown as Parameters<typeof checkModel>[1];

describe('import.titles (a column titled by a value the page fixes)', () => {
  it('accepts titles of template columns for fixed values', () => {
    const problems = checkModel(
      model([{ when: { kind: 'payable' }, fields: { amount: '应付账款金额' } }]),
      ctx,
    );
    expect(problems.filter((p) => p.includes('/import'))).toEqual([]);
  });

  it('names a condition on a value no request fixes, and a title of no template column', () => {
    const problems = checkModel(model([{ when: { product: 'abs' }, fields: { kind: '类型' } }]), ctx);
    expect(problems.filter((p) => p.includes('/import'))).toEqual([
      expect.stringMatching(/\/import\/titles\/0\/when\/product.*import\.values/),
      expect.stringMatching(/\/import\/titles\/0\/fields\/kind.*import\.fields/),
    ]);
  });
});
