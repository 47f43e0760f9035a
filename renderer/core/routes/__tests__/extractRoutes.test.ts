import { describe, expect, it } from 'vitest';
import {
  buildMenu,
  collectRouteProblems,
  extractRoutes,
  isPageFile,
  routeFile,
  RouteTableError,
} from '@renderer/core/routes';

const modules = {
  '/schemas/credit/core/index/operator.json': {
    path: '/credit/core/index/operator',
    title: '经办岗首页',
    product: 'credit',
    roles: ['ROLE_CORE_OPERATOR'],
    menu: { group: '凭证管理', order: 10 },
  },
  '/schemas/credit/core/issue/apply.json': {
    path: '/credit/core/issue/apply',
    title: '签发申请',
    product: 'credit',
    roles: ['ROLE_CORE_OPERATOR'],
    menu: { group: '凭证管理', order: 20 },
    help: ['CREDIT_ISSUE'],
  },
  '/schemas/credit/detail.json': {
    path: '/credit/detail',
    title: '凭证详情',
    product: 'credit',
    roles: ['ROLE_CORE_OPERATOR'],
    hideInMenu: true,
  },
  '/schemas/credit/chain/statistics.json': {
    path: '/credit/chain/statistics',
    title: '统计分析',
    product: 'credit',
    roles: ['ROLE_CORP_OPERATOR'],
    menu: { group: '统计分析', order: 80 },
  },
  '/schemas/my/limit/query.json': {
    path: '/my/limit/query',
    title: '额度查询',
    roles: ['ROLE_CORE_OPERATOR'],
  },
  '/schemas/_dicts/status.json': undefined,
};

describe('extractRoutes', () => {
  it('builds the route table from import.meta.glob route blocks, with defaults, skipping _ folders', () => {
    const routes = extractRoutes(modules);
    expect(routes.map((r) => r.path)).toEqual([
      '/credit/chain/statistics',
      '/credit/core/index/operator',
      '/credit/core/issue/apply',
      '/credit/detail',
      '/my/limit/query',
    ]);
    expect(routes.find((r) => r.path === '/credit/core/issue/apply')).toEqual({
      path: '/credit/core/issue/apply',
      title: '签发申请',
      product: 'credit',
      roles: ['ROLE_CORE_OPERATOR'],
      menu: { group: '凭证管理', order: 20 },
      hideInMenu: false,
      hideTopMenu: false,
      help: ['CREDIT_ISSUE'],
      keepAlive: false,
      openInBlank: false,
      public: false,
      file: 'credit/core/issue/apply.json',
      page: undefined,
    });
    expect(routes.find((r) => r.path === '/my/limit/query')?.menu).toEqual({ group: undefined, order: 999 });
  });

  it('throws every problem at once: path/file mismatch, duplicate, missing title and path', () => {
    const bad = [
      { file: 'credit/a.json', route: { path: '/credit/b', title: 'B' } },
      { file: 'credit/b.json', route: { path: '/credit/b', title: '' } },
      { file: 'credit/c.json', route: { title: 'C' } },
      { file: 'credit/d.json', route: null },
    ];
    expect(() => extractRoutes(bad)).toThrow(RouteTableError);
    expect(collectRouteProblems(bad)).toEqual([
      {
        file: 'credit/a.json',
        pointer: '/route/path',
        message: 'route.path "/credit/b" 与文件路径不符（应为 /credit/a）',
      },
      {
        file: 'credit/b.json',
        pointer: '/route/path',
        message: 'route.path "/credit/b" 与 credit/a.json 重复',
      },
      { file: 'credit/b.json', pointer: '/route/title', message: 'route.title 不能为空' },
      { file: 'credit/c.json', pointer: '/route/path', message: 'route.path 应为以 / 开头的路径' },
      { file: 'credit/d.json', pointer: '/route', message: '页面配置缺少 route 块' },
    ]);
  });

  it('maps route paths to files and tells page files from data files', () => {
    expect(routeFile('/credit/core/index/operator')).toBe('credit/core/index/operator.json');
    expect(isPageFile('credit/detail.json')).toBe(true);
    expect(isPageFile('_fragments/x.json')).toBe(false);
    expect(isPageFile('credit/_parts/x.json')).toBe(false);
  });
});

describe('buildMenu', () => {
  it('groups a role’s visible routes by product and menu group, in menu order', () => {
    const menu = buildMenu(extractRoutes(modules), 'ROLE_CORE_OPERATOR');
    expect(menu.map((p) => [p.product, p.groups.map((g) => [g.group, g.items.map((i) => i.title)])])).toEqual(
      [
        ['credit', [['凭证管理', ['经办岗首页', '签发申请']]]],
        ['account', [['', ['额度查询']]]],
      ],
    );
    expect(
      buildMenu(extractRoutes(modules), 'ROLE_CORP_OPERATOR')[0]?.groups[0]?.items.map((i) => i.path),
    ).toEqual(['/credit/chain/statistics']);
    expect(buildMenu(extractRoutes(modules), null)).toEqual([]);
  });
});
