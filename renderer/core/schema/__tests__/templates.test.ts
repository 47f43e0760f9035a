import { describe, expect, it } from 'vitest';
import { checkSchemas, formatIssue } from '@renderer/core/checker';
import { instantiate, instantiatePages, pageSource, variantsOf, type TemplateProblem } from '../templates';

const template = {
  schemaVersion: 2,
  description: '${productName}首页',
  route: { path: '/${product}/index', title: '首页', product: '${product}', roles: ['ROLE_CORE_OPERATOR'] },
  page: 'list',
  list: {
    params: { product: '${product}', limit: '${limit}' },
    columns: [{ field: 'no', title: '编号' }, '${...extraColumns}', { field: 'amount', title: '金额' }],
    form: { properties: { name: { type: 'string' }, '${...extraFields}': {} } },
  },
};

describe('page templates', () => {
  it('replace whole values, text, array elements and object entries', () => {
    const params = {
      product: 'abcp',
      productName: 'ABCP',
      limit: 10,
      extraColumns: [{ field: 'seriesNo', title: '发行期数' }],
      extraFields: { payDate: { type: 'string' } },
    };
    expect(instantiate(template, params)).toEqual({
      schemaVersion: 2,
      description: 'ABCP首页',
      route: { path: '/abcp/index', title: '首页', product: 'abcp', roles: ['ROLE_CORE_OPERATOR'] },
      page: 'list',
      list: {
        params: { product: 'abcp', limit: 10 },
        columns: [
          { field: 'no', title: '编号' },
          { field: 'seriesNo', title: '发行期数' },
          { field: 'amount', title: '金额' },
        ],
        form: { properties: { name: { type: 'string' }, payDate: { type: 'string' } } },
      },
    });
    const empty = { ...params, extraColumns: [], extraFields: {} };
    const list = (instantiate(template, empty) as typeof template).list;
    expect(list.columns).toHaveLength(2);
    expect(Object.keys(list.form.properties)).toEqual(['name']);
  });

  it('name each parameter the variables do not give, or give with the wrong type, by pointer', () => {
    const problems: TemplateProblem[] = [];
    instantiate(template, { product: 'x', extraColumns: {}, extraFields: [] }, problems);
    expect(problems).toEqual([
      { pointer: '/description', message: '模板参数 productName 未在变量文件中给出' },
      { pointer: '/list/params/limit', message: '模板参数 limit 未在变量文件中给出' },
      { pointer: '/list/columns/1', message: '模板参数 extraColumns 须为数组才能展开到数组中' },
      {
        pointer: '/list/form/properties/${...extraFields}',
        message: '模板参数 extraFields 须为对象才能展开到对象中',
      },
    ]);
  });

  const files = {
    'abs/_template.json': {
      params: { product: 'abs', productName: 'ABS', limit: 1, extraColumns: [], extraFields: {} },
    },
    'abcp/_variant.json': {
      template: 'abs',
      params: { product: 'abcp', productName: 'ABCP', limit: 2, extraColumns: [], extraFields: {} },
      omit: ['only-abs.json'],
    },
  };
  const pages = {
    'abs/index.json': template,
    'abs/only-abs.json': { route: { path: '/abs/only-abs' } },
    'abs/own.json': { route: { path: '/abs/own' } },
    'abcp/own.json': { route: { path: '/${product}/own', title: '${productName}自有' } },
    'credit/index.json': { route: { path: '/credit/index' } },
  };

  it('make a variant of every template page it does not omit or replace, with its values', () => {
    const out = instantiatePages(pages, variantsOf(files));
    expect(out.map((p) => [p.file, p.template])).toEqual([
      ['abcp/index.json', 'abs/index.json'],
      ['abcp/own.json', undefined],
      ['abs/index.json', undefined],
      ['abs/only-abs.json', undefined],
      ['abs/own.json', undefined],
      ['credit/index.json', undefined],
    ]);
    const byFile = new Map(out.map((p) => [p.file, p.json as { route: { path: string; title?: string } }]));
    expect(byFile.get('abcp/index.json')!.route.path).toBe('/abcp/index');
    expect(byFile.get('abs/index.json')!.route.path).toBe('/abs/index');
    expect(byFile.get('abcp/own.json')!.route.title).toBe('ABCP自有');
    expect(byFile.get('credit/index.json')).toBe(pages['credit/index.json']);
  });

  it('find the file a page is loaded from, as the portal loads it', () => {
    const exists = (file: string) => file in pages;
    const variants = variantsOf(files);
    expect(pageSource('abcp/index.json', exists, variants)).toEqual({
      file: 'abs/index.json',
      params: files['abcp/_variant.json'].params,
      template: 'abs/index.json',
    });
    expect(pageSource('abcp/only-abs.json', exists, variants)).toBeNull();
    expect(pageSource('abcp/own.json', exists, variants)?.file).toBe('abcp/own.json');
    expect(pageSource('credit/index.json', exists, variants)).toEqual({
      file: 'credit/index.json',
      params: {},
    });
  });

  it('are checked per instance: a problem names the template page and the instance', () => {
    const broken = { ...template, list: { ...template.list, pageSize: 'ten' } };
    const out = instantiatePages({ 'abs/index.json': broken }, variantsOf(files));
    const result = checkSchemas(
      out.map((p) => ({ file: p.file, raw: p.json, ...(p.template ? { template: p.template } : {}) })),
      {
        source: { fragment: () => undefined, dict: () => undefined },
        models: null,
        roles: ['ROLE_CORE_OPERATOR'],
      },
    );
    const issues = result.issues.map((i) => formatIssue(i)).filter((i) => i.includes('#/list/pageSize:'));
    expect(issues).toEqual([
      'schemas/abs/index.json#/list/pageSize: 应为整数（模板实例 abcp/index.json）',
      'schemas/abs/index.json#/list/pageSize: 应为整数',
    ]);
  });
});
