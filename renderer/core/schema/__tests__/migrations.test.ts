import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  loadPageSchema,
  migrateSchema,
  SCHEMA_MIGRATIONS,
  SchemaError,
} from '@renderer/core/schema';

/** A list page written in the analysts' first draft format (schemaVersion 1). */
const draft = {
  schemaVersion: 1,
  route: {
    path: '/credit/core/index/query',
    title: '查询岗首页',
    roles: ['ROLE_CORE_QUERY'],
    menuGroup: '凭证管理',
    menuOrder: 30,
  },
  page: 'list',
  model: 'creditVoucher',
  list: {
    filters: { voucherNo: { type: 'string', title: '凭证编号', 'x-component': 'Input' } },
    columns: [{ field: 'voucherNo', title: '凭证编号' }],
    rowActions: [
      {
        key: 'detail',
        label: '详情',
        type: 'navigate',
        to: '/credit/detail?id={id}',
        visibleOn: "$record.status === 'ISD'",
      },
    ],
  },
};

describe('migrateSchema', () => {
  it('has one migration per version step up to the current version', () => {
    expect(SCHEMA_MIGRATIONS.map((m) => m.from)).toEqual(
      Array.from({ length: CURRENT_SCHEMA_VERSION - 1 }, (_, i) => i + 1),
    );
  });

  it('migrates a version 1 draft: menu block, query, visible', () => {
    const { schema, applied } = migrateSchema(draft);
    expect(applied).toEqual([1]);
    expect(schema).toEqual({
      schemaVersion: 2,
      route: {
        path: '/credit/core/index/query',
        title: '查询岗首页',
        roles: ['ROLE_CORE_QUERY'],
        menu: { group: '凭证管理', order: 30 },
      },
      page: 'list',
      model: 'creditVoucher',
      list: {
        query: { voucherNo: { type: 'string', title: '凭证编号', 'x-component': 'Input' } },
        columns: [{ field: 'voucherNo', title: '凭证编号' }],
        rowActions: [
          {
            key: 'detail',
            label: '详情',
            type: 'navigate',
            to: '/credit/detail?id={id}',
            visible: "$record.status === 'ISD'",
          },
        ],
      },
    });
    expect(draft.schemaVersion).toBe(1);
    expect('menuGroup' in draft.route).toBe(true);
  });

  it('leaves a current schema as it is', () => {
    const current = {
      schemaVersion: 2,
      route: { path: '/a', title: 'A' },
      page: 'list',
      list: { columns: [] },
    };
    expect(migrateSchema(current)).toEqual({ schema: current, applied: [] });
  });

  it('refuses a missing, invalid or future version with a located error', () => {
    for (const version of [undefined, 0, 1.5, '2']) {
      expect(() => migrateSchema({ schemaVersion: version }, 'x.json')).toThrow(SchemaError);
    }
    try {
      migrateSchema({ schemaVersion: CURRENT_SCHEMA_VERSION + 1 }, 'x.json');
      expect.unreachable();
    } catch (error) {
      expect((error as SchemaError).pointer).toBe('/schemaVersion');
      expect((error as SchemaError).message).toMatch(
        /x\.json#\/schemaVersion: schemaVersion 3 比渲染器支持的版本 2 新/,
      );
    }
  });

  it('is applied by the loader before references are resolved', () => {
    const loaded = loadPageSchema(draft, {
      file: 'credit/core/index/query.json',
      source: { fragment: () => undefined, dict: () => undefined },
    });
    expect(loaded.migratedFrom).toEqual([1]);
    expect(loaded.schema.route.menu).toEqual({ group: '凭证管理', order: 30 });
  });
});
