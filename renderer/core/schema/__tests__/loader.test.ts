import { describe, expect, it } from 'vitest';
import { createModuleSource, loadPageSchema, resolveReferences, SchemaError } from '@renderer/core/schema';
import type { Dictionary, ListPageSchema, SchemaSource } from '@renderer/core/schema';

const status: Dictionary = {
  name: 'status',
  items: [
    { value: 'IS0', label: '待签发', color: 'blue' },
    { value: 'IS1', label: '签发审核中' },
    { value: 'ISD', label: '已签发', color: 'green' },
  ],
};

function source(
  fragments: Record<string, unknown>,
  dicts: Record<string, Dictionary> = { status },
): SchemaSource {
  return { fragment: (path) => fragments[path], dict: (name) => dicts[name] };
}

const page = (list: unknown): Record<string, unknown> => ({
  schemaVersion: 2,
  route: { path: '/a/b', title: 'A' },
  page: 'list',
  model: 'm',
  list,
});

describe('loadPageSchema', () => {
  it('splices an array fragment into an array and keeps the items around it', () => {
    const loaded = loadPageSchema(
      page({
        columns: [
          { field: 'first', title: '1' },
          { $ref: '_fragments/cols.json' },
          { field: 'last', title: '4' },
        ],
      }),
      {
        file: 'a/b.json',
        source: source({
          '_fragments/cols.json': [
            { field: 'x', title: '2' },
            { field: 'y', title: '3' },
          ],
        }),
      },
    );
    const schema = loaded.schema as ListPageSchema;
    expect(schema.list.columns.map((c) => c.field)).toEqual(['first', 'x', 'y', 'last']);
    expect(loaded.fragments).toEqual(['_fragments/cols.json']);
  });

  it('merges sibling keys over an object fragment, and follows a pointer inside a fragment', () => {
    const fragments = {
      '_fragments/common.json': { columns: { amount: { field: 'amount', title: '金额', format: 'money' } } },
    };
    const loaded = loadPageSchema(
      page({ columns: [{ $ref: '_fragments/common.json#/columns/amount', title: '凭证金额' }] }),
      { file: 'a/b.json', source: source(fragments) },
    );
    expect((loaded.schema as ListPageSchema).list.columns[0]).toEqual({
      field: 'amount',
      title: '凭证金额',
      format: 'money',
    });
  });

  it('replaces $dict by the items, or by the picked values in the given order', () => {
    const loaded = loadPageSchema(
      page({
        columns: [
          { field: 's', title: 'S', enum: { $dict: 'status' } },
          { field: 't', title: 'T', enum: { $dict: 'status', pick: ['ISD', 'IS0'] } },
        ],
      }),
      { file: 'a/b.json', source: source({}) },
    );
    const [all, picked] = (loaded.schema as ListPageSchema).list.columns;
    expect(all?.enum).toEqual(status.items);
    expect(picked?.enum?.map((i) => i.label)).toEqual(['已签发', '待签发']);
    expect(loaded.dicts).toEqual(['status']);
  });

  it('resolves references inside fragments, and reports a cycle with its path', () => {
    const fragments = {
      '_fragments/a.json': { $ref: '_fragments/b.json' },
      '_fragments/b.json': { $ref: '_fragments/a.json' },
      '_fragments/outer.json': [{ $ref: '_fragments/inner.json' }],
      '_fragments/inner.json': [{ field: 'deep', title: 'D', enum: { $dict: 'status', pick: ['IS1'] } }],
    };
    const nested = loadPageSchema(page({ columns: [{ $ref: '_fragments/outer.json' }] }), {
      file: 'a/b.json',
      source: source(fragments),
    });
    expect((nested.schema as ListPageSchema).list.columns[0]?.enum).toEqual([
      { value: 'IS1', label: '签发审核中' },
    ]);
    expect(() =>
      loadPageSchema(page({ columns: [], query: { $ref: '_fragments/a.json' } }), {
        file: 'a/b.json',
        source: source(fragments),
      }),
    ).toThrow(/循环引用：_fragments\/a\.json# → _fragments\/b\.json# → _fragments\/a\.json#/);
  });

  it('names the file and pointer of a missing fragment, dictionary or dictionary value', () => {
    const run = (list: unknown): SchemaError => {
      try {
        loadPageSchema(page(list), { file: 'a/b.json', source: source({}) });
      } catch (error) {
        if (error instanceof SchemaError) return error;
      }
      throw new Error('expected a SchemaError');
    };
    const missing = run({ columns: [{ field: 'x', title: 'X' }, { $ref: '_fragments/nope.json' }] });
    expect([missing.code, missing.file, missing.pointer]).toEqual([
      'E_REF_NOT_FOUND',
      'a/b.json',
      '/list/columns/1',
    ]);
    expect(missing.message).toBe('a/b.json#/list/columns/1: 找不到片段文件 schemas/_fragments/nope.json');
    const dict = run({ columns: [{ field: 'x', title: 'X', enum: { $dict: 'colour' } }] });
    expect([dict.code, dict.pointer]).toEqual(['E_DICT_NOT_FOUND', '/list/columns/0/enum']);
    const value = run({
      columns: [{ field: 'x', title: 'X', enum: { $dict: 'status', pick: ['IS0', 'ZZZ'] } }],
    });
    expect(value.pointer).toBe('/list/columns/0/enum/pick/1');
    expect(value.detail).toBe('字典 "status" 中没有值 "ZZZ"');
    expect(run({ columns: [{ $ref: '../../etc/passwd.json' }] }).code).toBe('E_REF_NOT_FOUND');
  });

  it('maps pointers of the loaded schema back to the file and pointer an analyst edits', () => {
    const fragments = {
      '_fragments/cols.json': [
        { field: 'x', title: '2' },
        { field: 'y', title: '3' },
      ],
    };
    const loaded = loadPageSchema(
      page({ columns: [{ field: 'a', title: '1' }, { $ref: '_fragments/cols.json' }] }),
      {
        file: 'a/b.json',
        source: source(fragments),
      },
    );
    expect(loaded.locate('/list/columns/0/title')).toEqual({
      file: 'a/b.json',
      pointer: '/list/columns/0/title',
    });
    expect(loaded.locate('/list/columns/2/title')).toEqual({
      file: '_fragments/cols.json',
      pointer: '/1/title',
    });
    expect(loaded.locate('/route/path')).toEqual({ file: 'a/b.json', pointer: '/route/path' });
  });

  it('instantiates a template fragment with the $params of the page that refers to it', () => {
    const template = {
      columns: [
        { field: 'no', title: '${noTitle}' },
        '${...extra}',
        { field: 'status', enum: { $dict: '${dict}' } },
      ],
      rowActions: [{ key: 'detail', type: 'navigate', to: '${detail}?id={id}' }],
    };
    const loaded = loadPageSchema(
      page({
        $ref: '_fragments/t.json',
        $params: { noTitle: '编号', extra: [{ field: 'x', title: 'X' }], dict: 'status', detail: '/a/d' },
        pageSize: 20,
      }),
      { file: 'a/b.json', source: source({ '_fragments/t.json': template }) },
    );
    const list = (loaded.schema as ListPageSchema).list as unknown as Record<string, unknown>;
    expect(list.columns).toEqual([
      { field: 'no', title: '编号' },
      { field: 'x', title: 'X' },
      { field: 'status', enum: status.items },
    ]);
    expect(list.rowActions).toEqual([{ key: 'detail', type: 'navigate', to: '/a/d?id={id}' }]);
    expect(list.pageSize).toBe(20);
    expect('$params' in list).toBe(false);
    expect(loaded.locate('/list/columns/0/title')).toEqual({
      file: '_fragments/t.json',
      pointer: '/columns/0/title',
    });
  });

  it('takes $params from a variables file, and splices an array template into an array', () => {
    const loaded = loadPageSchema(
      page({
        columns: [
          { field: 'first', title: '1' },
          { $ref: '_fragments/cols.json', $params: { $ref: '_fragments/vars.json' } },
        ],
      }),
      {
        file: 'a/b.json',
        source: source({
          '_fragments/cols.json': [{ field: '${field}', title: 'X' }, '${...more}'],
          '_fragments/vars.json': { field: 'x', more: [{ field: 'y', title: 'Y' }] },
        }),
      },
    );
    expect((loaded.schema as ListPageSchema).list.columns.map((c) => c.field)).toEqual(['first', 'x', 'y']);
    expect(loaded.fragments).toEqual(['_fragments/cols.json', '_fragments/vars.json']);
  });

  it('names the template and the page when a parameter is missing', () => {
    const load = () =>
      loadPageSchema(page({ $ref: '_fragments/t.json', $params: {} }), {
        file: 'a/b.json',
        source: source({ '_fragments/t.json': { columns: [{ field: 'no', title: '${noTitle}' }] } }),
      });
    expect(load).toThrow(SchemaError);
    expect(load).toThrow(
      '_fragments/t.json#/columns/0/title: 模板参数 noTitle 未在变量文件中给出（模板实例 a/b.json#/list）',
    );
  });

  it('does not change its input', () => {
    const raw = page({ columns: [{ $ref: '_fragments/cols.json' }] });
    const copy = structuredClone(raw);
    loadPageSchema(raw, {
      file: 'a/b.json',
      source: source({ '_fragments/cols.json': [{ field: 'x', title: 'X' }] }),
    });
    expect(raw).toEqual(copy);
  });
});

describe('createModuleSource', () => {
  it('reads fragments and dictionaries from modules imported by import.meta.glob', () => {
    const src = createModuleSource({
      modules: {
        '/schemas/_fragments/cols.json': [{ field: 'x', title: 'X' }],
        '/schemas/_dicts/status.json': { default: status },
      },
    });
    expect(src.fragment('_fragments/cols.json')).toEqual([{ field: 'x', title: 'X' }]);
    expect(src.dict('status')?.items).toHaveLength(3);
    expect(src.dict('missing')).toBeUndefined();
    const { value } = resolveReferences({ columns: [{ $ref: '_fragments/cols.json' }] }, { source: src });
    expect(value).toEqual({ columns: [{ field: 'x', title: 'X' }] });
  });
});
