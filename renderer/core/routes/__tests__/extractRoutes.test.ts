import { describe, expect, it } from 'vitest';
import { ROLE_CODES } from '@contract/roles';
import {
  buildMenu,
  checkScreens,
  collectRouteProblems,
  extractRoutes,
  grantedRoutes,
  isPageFile,
  routeEntries,
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
      alwaysAllowed: false,
      fixture: false,
      file: 'credit/core/issue/apply.json',
      handwritten: false,
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

describe('hand-written route blocks, role groups and screens', () => {
  const files = {
    'credit/detail.json': {
      page: 'detail',
      route: { path: '/credit/detail', title: '详情', roles: ['@withMenu'], hideInMenu: true },
    },
    '_routes/handwritten.json': {
      routes: [
        {
          path: '/project/list',
          title: '选择产品',
          reason: 'not yet a page schema: reads the session',
          alwaysAllowed: true,
          hideInMenu: true,
        },
        {
          path: '/service/chat',
          title: '在线客服',
          reason: 'the chat window',
          roles: ['@all', 'ROLE_CORE_OPERATOR'],
        },
        {
          path: '/my/product/overview',
          title: '产品开通',
          reason: 'not yet a page schema: not a model',
          product: 'account',
          roles: ['@operatorOrDirector'],
        },
      ],
    },
    '_dicts/status.json': { name: 'status', items: [] },
  };

  it('reads the `_routes/` blocks with the page schemas and expands role groups', () => {
    const routes = extractRoutes(routeEntries(files));
    expect(routes.map((r) => [r.path, r.handwritten, r.file])).toEqual([
      ['/credit/detail', false, 'credit/detail.json'],
      ['/my/product/overview', true, '_routes/handwritten.json'],
      ['/project/list', true, '_routes/handwritten.json'],
      ['/service/chat', true, '_routes/handwritten.json'],
    ]);
    const byPath = new Map(routes.map((r) => [r.path, r]));
    expect(byPath.get('/service/chat')?.roles).toEqual([...ROLE_CODES]);
    expect(byPath.get('/credit/detail')?.roles).not.toContain('ROLE_CORP_DEFAULT');
    expect(byPath.get('/credit/detail')?.roles).toHaveLength(ROLE_CODES.length - 1);
    expect(byPath.get('/my/product/overview')?.roles).toEqual([
      'ROLE_CORE_OPERATOR',
      'ROLE_CORE_DIRECTOR',
      'ROLE_CORP_OPERATOR',
      'ROLE_CORP_DIRECTOR',
      'ROLE_UNIT_OPERATOR',
      'ROLE_UNIT_DIRECTOR',
      'ROLE_CORP_DEFAULT',
    ]);
    expect(byPath.get('/project/list')?.alwaysAllowed).toBe(true);
  });

  it('locates problems of a hand-written block at its index, and names unknown role groups', () => {
    const bad = routeEntries({
      '_routes/handwritten.json': {
        routes: [
          { path: '/a', title: 'A' },
          { path: '/b', title: '', roles: ['ROLE_CORE_OPERATOR', '@nobody'], product: 'loans' },
        ],
      },
    });
    expect(collectRouteProblems(bad)).toEqual([
      { file: '_routes/handwritten.json', pointer: '/routes/1/title', message: 'route.title 不能为空' },
      {
        file: '_routes/handwritten.json',
        pointer: '/routes/1/product',
        message: expect.stringContaining('未知产品 "loans"') as string,
      },
      {
        file: '_routes/handwritten.json',
        pointer: '/routes/1/roles/1',
        message: '未知角色或角色组 "@nobody"',
      },
    ]);
  });

  it('refuses a detail or approve page that shows in the menu: it needs a record id', () => {
    const problems = collectRouteProblems([
      { file: 'credit/issue.json', page: 'detail', route: { path: '/credit/issue', title: '凭证签发' } },
      { file: 'credit/approve.json', page: 'approve', route: { path: '/credit/approve', title: '审批' } },
      { file: 'credit/list.json', page: 'list', route: { path: '/credit/list', title: '列表' } },
    ]);
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([
      ['credit/issue.json', '/route/hideInMenu'],
      ['credit/approve.json', '/route/hideInMenu'],
    ]);
    expect(problems[0]?.message).toContain('缺少记录编号');
  });

  it('reports a hand-written block without a one-line reason', () => {
    const routes = extractRoutes(
      routeEntries({
        '_routes/handwritten.json': {
          routes: [
            { path: '/a', title: 'A', reason: 'login' },
            { path: '/b', title: 'B' },
            { path: '/c', title: 'C', reason: ' ' },
            { path: '/d', title: 'D', reason: 'two\nlines' },
          ],
        },
      }),
    );
    expect(routes.find((r) => r.path === '/a')?.reason).toBe('login');
    const problems = checkScreens(routes, ['/a', '/b', '/c', '/d']);
    expect(problems.map((p) => p.message.split('：')[0])).toEqual([
      '手写页面 /b 缺少 reason',
      '手写页面 /c 缺少 reason',
      '手写页面 /d 缺少 reason',
    ]);
    expect(problems[0]).toMatchObject({ file: '_routes/handwritten.json', pointer: '/routes' });
  });

  it('reads a redirect block: no screen and no reason needed, its target must be a route, a page schema has none', () => {
    const entries = routeEntries({
      '_routes/handwritten.json': {
        routes: [
          { path: '/a', title: 'A', redirect: '/b' },
          { path: '/b', title: 'B', reason: 'login' },
          { path: '/c', title: 'C', redirect: '/nowhere' },
          { path: '/d', title: 'D', redirect: 'b' },
        ],
      },
    });
    const pageWithRedirect = {
      file: 'x/y.json',
      page: 'list',
      route: { path: '/x/y', title: 'Y', redirect: '/b' },
    };
    expect(collectRouteProblems([...entries, pageWithRedirect])).toEqual([
      {
        file: '_routes/handwritten.json',
        pointer: '/routes/3/redirect',
        message: 'redirect 只用于 _routes/ 中的路由块，值为以 / 开头的路径',
      },
      {
        file: 'x/y.json',
        pointer: '/route/redirect',
        message: 'redirect 只用于 _routes/ 中的路由块，值为以 / 开头的路径',
      },
      {
        file: '_routes/handwritten.json',
        pointer: '/routes/2/redirect',
        message: 'redirect 的目标 "/nowhere" 不是已有的路由',
      },
    ]);
    const routes = extractRoutes(entries.slice(0, 2));
    expect(routes.find((r) => r.path === '/a')?.redirect).toBe('/b');
    expect(routes.find((r) => r.path === '/b')?.redirect).toBeUndefined();
    expect(checkScreens(routes, ['/b'])).toEqual([]);
    expect(checkScreens(routes, ['/a', '/b']).map((p) => p.message)).toEqual([
      '路由 /a 是 redirect，不应再有页面组件（src/router/screens.ts）',
    ]);
  });

  it('reports a path on one side only: a block without a screen, a screen without a block or with a page', () => {
    const routes = extractRoutes(routeEntries(files));
    expect(checkScreens(routes, ['/project/list', '/service/chat', '/my/product/overview'])).toEqual([]);
    expect(checkScreens(routes, ['/project/list', '/service/chat', '/nowhere', '/credit/detail'])).toEqual([
      {
        file: '_routes/handwritten.json',
        pointer: '/routes',
        message: '路由 /my/product/overview 没有对应的页面组件（src/router/screens.ts）',
      },
      { file: '_routes/handwritten.json', pointer: '/routes', message: '页面组件 /nowhere 没有路由块' },
      {
        file: 'credit/detail.json',
        pointer: '/route/path',
        message: '路由 /credit/detail 同时有页面配置和手写页面组件',
      },
    ]);
  });

  it('keeps ROLE_CORP_DEFAULT out of menus and lists hidden routes last in menus3 order', () => {
    const routes = extractRoutes(routeEntries(files));
    expect(buildMenu(routes, 'ROLE_CORP_DEFAULT')).toEqual([]);
    expect(grantedRoutes(routes, 'ROLE_CORE_OPERATOR').map((r) => r.path)).toEqual([
      '/my/product/overview',
      '/service/chat',
      '/credit/detail',
    ]);
  });
});
