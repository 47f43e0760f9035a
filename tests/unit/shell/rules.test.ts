import { describe, expect, it } from 'vitest';
import type { MenuResource } from '@/api';
import { decideAccess, isPublicPath, loginPageRedirect, permittedPaths } from '@/router/access';
import { homePath } from '@/router/home';
import { PLAIN_SCREENS } from '@/router/plainScreens';
import { SCREENS } from '@/router/screens';
import { buildRouteTable } from '@/router/routeTable';
import { isWithinChatHours, productCorpInfo, screenSize } from '@/shell/clientState';
import { buildHeaderMenu, showHomeItem } from '@/shell/menuModel';
import {
  COMING_SOON,
  enabledProducts,
  firstMenuPath,
  productCards,
  productSwitchStep,
} from '@/shell/products';
import { isOperatorOrDirector, roleLabel } from '@contract/roles';
import type { SecurityInfo } from '@contract/session';
import { sessionScope } from '@/session/sessionScope';

const leaf = (path: string): MenuResource => ({
  pkMenu: path,
  menuName: path,
  menuBrief: path,
  childMenuResources: [],
});
const product = (key: string, ...paths: string[]): MenuResource => ({
  pkMenu: key,
  menuName: key,
  menuBrief: key,
  childMenuResources: paths.map(leaf),
});

describe('access rules (spec section 2)', () => {
  const permitted = permittedPaths([
    product('credit', '/credit/core/index/operator', '/credit/core/issue/apply'),
  ]);

  it('opens the public list to everyone', () => {
    for (const p of [
      '/login/login',
      '/login/abs/login',
      '/register/register',
      '/register/ccbscf',
      '/register/register-success',
      '/register/reset-password',
      '/register/abs/blank',
      '/register/abs/register',
      '/h5/face',
      '/h5/face_success',
      '/h5/face_err',
    ]) {
      expect(isPublicPath(p)).toBe(true);
      expect(decideAccess(p, false, new Set())).toBe('allow');
    }
    expect(isPublicPath('/register/unknown')).toBe(false);
    expect(isPublicPath('/project/list')).toBe(false);
  });

  it('starts the router with public hand-written screens only (the route table loads after them)', () => {
    const table = new Map(buildRouteTable().map((r) => [r.path, r]));
    expect(Object.keys(PLAIN_SCREENS)).toEqual(['/login/login', '/login/abs/login']);
    for (const path of Object.keys(PLAIN_SCREENS)) {
      expect(table.get(path), path).toMatchObject({ public: true, handwritten: true });
      expect(SCREENS[path], path).toBe(PLAIN_SCREENS[path]);
    }
  });

  it('sends anyone else without a session to login', () => {
    expect(decideAccess('/credit/core/index/operator', false, permitted)).toBe('login');
    expect(decideAccess('/project/list', false, permitted)).toBe('login');
  });

  it('always allows the after-login list', () => {
    for (const p of [
      '/error-page/authorized',
      '/error-page/contact-manager-open-product',
      '/error-page/403',
      '/transfer-record',
      '/project/list',
      '/my/account/info',
      '/error-page/404',
    ]) {
      expect(decideAccess(p, true, new Set())).toBe('allow');
    }
  });

  it('allows other routes only when menus3 grants them', () => {
    expect(decideAccess('/credit/core/index/operator', true, permitted)).toBe('allow');
    expect(decideAccess('/credit/core/index/operator/', true, permitted)).toBe('allow');
    expect(decideAccess('/credit/core/index/director', true, permitted)).toBe('forbidden');
    expect(decideAccess('/supplier/index', true, permitted)).toBe('forbidden');
  });

  it('collects granted paths from nested menus', () => {
    const nested: MenuResource = {
      ...product('abs'),
      childMenuResources: [{ ...leaf('grp'), childMenuResources: [leaf('/abs/core/index/query')] }],
    };
    expect([...permittedPaths([nested])]).toEqual(['/abs/core/index/query']);
  });

  it('sends a login path to the stored login page', () => {
    expect(loginPageRedirect('/login/login', '/login/abs/login')).toBe('/login/abs/login');
    expect(loginPageRedirect('/login/abs/login', '/login/abs/login')).toBeNull();
    expect(loginPageRedirect('/login/login', null)).toBeNull();
    expect(loginPageRedirect('/credit/core/index/operator', '/login/abs/login')).toBeNull();
  });
});

describe('home (spec section 2)', () => {
  const available = ['/credit/core/index/operator', '/credit/core/issue/apply', '/supplier/index'];
  it('goes to the ABS index query when the home URL is the project list', () => {
    expect(homePath({ homeUrl: '/project/list', role: 'ROLE_CORE_OPERATOR', available })).toBe(
      '/abs/core/index/query',
    );
    expect(homePath({ homeUrl: '/project/list', role: 'ROLE_CORP_DIRECTOR', available })).toBe(
      '/abs/chain/index/query',
    );
    expect(homePath({ homeUrl: '/project/list', role: 'ROLE_UNIT_QUERY', available })).toBe(
      '/abs/chain/index/query',
    );
  });
  it('otherwise takes the first available route matching the home URL', () => {
    expect(homePath({ homeUrl: '/credit/core/issue/apply', role: 'ROLE_CORE_OPERATOR', available })).toBe(
      '/credit/core/issue/apply',
    );
    expect(homePath({ homeUrl: '/credit/core', role: 'ROLE_CORE_OPERATOR', available })).toBe(
      '/credit/core/index/operator',
    );
    expect(homePath({ homeUrl: '/nowhere', role: 'ROLE_CORE_OPERATOR', available })).toBe(
      '/credit/core/index/operator',
    );
    expect(homePath({ homeUrl: '/nowhere', role: 'ROLE_CORP_DEFAULT', available: [] })).toBe('/project/list');
  });
  it('prefers the homepage chosen through the product switch while it is permitted', () => {
    expect(
      homePath({
        homeUrl: '/credit/core/index/operator',
        role: 'ROLE_CORE_OPERATOR',
        available,
        storedHomepage: '/supplier/index',
      }),
    ).toBe('/supplier/index');
    expect(
      homePath({
        homeUrl: '/credit/core/index/operator',
        role: 'ROLE_CORE_OPERATOR',
        available,
        storedHomepage: '/abs/x',
      }),
    ).toBe('/credit/core/index/operator');
  });
});

describe('role labels (spec section 6)', () => {
  it.each([
    ['ROLE_CORP_DIRECTOR', '主管岗'],
    ['ROLE_CORE_DIRECTOR', '主管岗'],
    ['ROLE_UNIT_DIRECTOR', '主管岗'],
    ['ROLE_CORP_OPERATOR', '经办岗'],
    ['ROLE_CORE_OPERATOR', '经办岗'],
    ['ROLE_UNIT_OPERATOR', '经办岗'],
    ['ROLE_CORP_QUERY', '查询岗'],
    ['ROLE_CORE_QUERY', '查询岗'],
    ['ROLE_UNIT_QUERY', '查询岗'],
    ['ROLE_CORP_PURCHASE', '收货确认岗'],
    ['ROLE_CORE_PURCHASE', '收货确认岗'],
    ['ROLE_UNIT_PURCHASE', '采购岗'],
    ['ROLE_CORE_FINAL', '终审岗'],
    ['ROLE_FIN_CLIENT_MANAGER', '金融机构客户经理'],
    ['ROLE_FIN_PRODUCT_MANAGER', '金融机构产品经理'],
    ['ROLE_CORP_MANAGER', '管理员'],
    ['ROLE_CORP_DEFAULT', ''],
    ['ROLE_CORP_FINAL', ''],
  ])('%s → %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });

  it('calls operator or director any role without QUERY, MANAGER, PURCHASE or FINAL', () => {
    expect(
      ['ROLE_CORE_OPERATOR', 'ROLE_CORP_DIRECTOR', 'ROLE_UNIT_OPERATOR'].every(isOperatorOrDirector),
    ).toBe(true);
    expect(
      [
        'ROLE_CORE_QUERY',
        'ROLE_CORP_MANAGER',
        'ROLE_FIN_CLIENT_MANAGER',
        'ROLE_CORP_PURCHASE',
        'ROLE_CORE_FINAL',
        'ROLE_FIN_PRODUCT_MANAGER',
        null,
      ].some(isOperatorOrDirector),
    ).toBe(false);
    // By the spec's rule the default role (no product yet) is one: it is sent to the product-opening page.
    expect(isOperatorOrDirector('ROLE_CORP_DEFAULT')).toBe(true);
  });
});

describe('product switching (spec section 4)', () => {
  const menus = [product('credit', '/credit/core/index/operator'), product('abs')];
  const base = {
    menus,
    candidateRoles: ['ROLE_CORE_OPERATOR'],
    corpType: 'CORE',
    currentPath: '/supplier/index',
  };

  it("makes the product's first menu path the homepage", () => {
    expect(firstMenuPath(menus, 'credit')).toBe('/credit/core/index/operator');
    expect(productSwitchStep({ ...base, product: 'credit', role: 'ROLE_CORE_OPERATOR' })).toEqual({
      kind: 'go',
      path: '/credit/core/index/operator',
      setHomepage: true,
    });
  });

  it("opens the role's declared home in the product (contract/homes.ts) when its menus hold it", () => {
    const factoring = [
      product(
        'factoring-joint',
        '/factoring/joint/accounts/receivable/list',
        '/factoring/joint/finance-management/loan/apply/list',
      ),
    ];
    const fin = { ...base, menus: factoring, candidateRoles: ['ROLE_FIN_CLIENT_MANAGER'], corpType: 'FIN' };
    expect(
      productSwitchStep({ ...fin, product: 'factoring-joint', role: 'ROLE_FIN_CLIENT_MANAGER' }),
    ).toEqual({
      kind: 'go',
      path: '/factoring/joint/finance-management/loan/apply/list',
      setHomepage: true,
    });
    // A declared home the menus do not hold falls back to the first menu path.
    const partial = [product('factoring-joint', '/factoring/joint/accounts/receivable/list')];
    expect(
      productSwitchStep({
        ...fin,
        menus: partial,
        product: 'factoring-joint',
        role: 'ROLE_FIN_CLIENT_MANAGER',
      }),
    ).toMatchObject({ path: '/factoring/joint/accounts/receivable/list' });
  });

  it('sends operators and directors of a product without menus to product opening, others to contact the manager', () => {
    expect(productSwitchStep({ ...base, product: 'abs', role: 'ROLE_CORE_OPERATOR' })).toEqual({
      kind: 'go',
      path: '/my/product/overview',
      setHomepage: false,
    });
    expect(productSwitchStep({ ...base, product: 'abs', role: 'ROLE_CORP_DIRECTOR' })).toMatchObject({
      path: '/my/product/overview',
    });
    for (const role of ['ROLE_CORE_QUERY', 'ROLE_CORP_MANAGER', 'ROLE_CORE_PURCHASE', 'ROLE_CORE_FINAL']) {
      expect(productSwitchStep({ ...base, product: 'abs', role })).toMatchObject({
        path: '/error-page/contact-manager-open-product?product=abs',
      });
    }
  });

  it('first switches a core-type user from the supplier role to the core one on a credit homepage', () => {
    const dual = {
      ...base,
      candidateRoles: ['ROLE_CORE_OPERATOR', 'ROLE_CORP_OPERATOR'],
      role: 'ROLE_CORP_OPERATOR',
    };
    expect(
      productSwitchStep({ ...dual, product: 'abs', currentPath: '/credit/chain/index/operator' }),
    ).toEqual({ kind: 'switch-role', role: 'ROLE_CORE_OPERATOR' });
    expect(productSwitchStep({ ...dual, product: 'abs', currentPath: '/supplier/index' }).kind).toBe('go');
    expect(
      productSwitchStep({ ...dual, corpType: 'CHAIN', product: 'abs', currentPath: '/credit/x' }).kind,
    ).toBe('go');
  });

  it('lists the platform products in their order', () => {
    expect(enabledProducts('abs,abcp,nonsense', {})).toEqual(['abs', 'abcp']);
    expect(enabledProducts('', { credit: true, abs: false })).toEqual(['credit']);
  });

  it("gives page schemas the products the user may switch to as $user.switchProducts (选择产品's filter)", () => {
    const security = {
      user3: { personName: '张三', mobile: '13800000000' },
      roles3: [],
      currentRole3: null,
      openedProductCorps: { credit: true, abs: true },
    } as unknown as SecurityInfo;
    expect(sessionScope(security, 'abs,abcp').switchProducts).toEqual(['abs', 'abcp']);
    expect(sessionScope(security).switchProducts).toEqual(['credit', 'abs']);
  });

  it('pads an odd number of product cards with 敬请期待', () => {
    expect(productCards(['正向保理', '到货保理', '反向保理'])).toEqual([
      '正向保理',
      '到货保理',
      '反向保理',
      COMING_SOON,
    ]);
    expect(productCards(['ABS', 'ABCP'])).toEqual(['ABS', 'ABCP']);
  });
});

describe('header menu', () => {
  const routes = buildRouteTable(
    {
      '/schemas/credit/a.json': {
        path: '/credit/a',
        title: 'A',
        product: 'credit',
        menu: { group: 'G1', order: 2 },
      },
      '/schemas/credit/b.json': {
        path: '/credit/b',
        title: 'B',
        product: 'credit',
        menu: { group: 'G1', order: 1 },
      },
      '/schemas/credit/c.json': { path: '/credit/c', title: 'C', product: 'credit', hideInMenu: true },
    },
    {
      '/schemas/_routes/handwritten.json': {
        routes: [{ path: '/supplier/index', title: 'S', product: 'account' }],
      },
    },
  );
  const all = new Set(['/credit/a', '/credit/b', '/credit/c', '/supplier/index']);

  it('groups permitted routes by product and menu group, in order, leaving out hidden ones', () => {
    const menu = buildHeaderMenu(routes, all, 'ROLE_CORE_OPERATOR');
    expect(menu.map((p) => p.key)).toEqual(['credit', 'account']);
    expect(menu[0]!.groups[0]!.items.map((i) => i.key)).toEqual(['/credit/b', '/credit/a']);
    expect(
      buildHeaderMenu(routes, new Set(['/credit/a']), 'ROLE_CORE_OPERATOR')[0]!.groups[0]!.items,
    ).toHaveLength(1);
  });

  it('is empty for ROLE_CORP_DEFAULT', () => {
    expect(buildHeaderMenu(routes, all, 'ROLE_CORP_DEFAULT')).toEqual([]);
  });

  it('adds Home only when a product is opened', () => {
    expect(showHomeItem({ credit: true })).toBe(true);
    expect(showHomeItem({ credit: false })).toBe(false);
    expect(showHomeItem({})).toBe(false);
  });

  it('refuses a route declared twice', () => {
    expect(() =>
      buildRouteTable(
        { '/schemas/x.json': { path: '/x', title: 'x' } },
        { '/schemas/_routes/handwritten.json': { routes: [{ path: '/x', title: 'y' }] } },
      ),
    ).toThrow(/与 x.json 重复/);
  });
});

describe('client state rules (spec section 9)', () => {
  it('spec section 3: keeps the enterprise’s info for the order, gpc and ezt products it opened', () => {
    const user = {
      corpId: 'CORE001',
      corpName: '华建集团第一工程局有限公司',
      corpType: 'CORE',
      userId: 'u1',
    };
    expect(productCorpInfo(user, { gpc: true, ezt: false, credit: true })).toEqual({
      order: null,
      gpc: { corpId: 'CORE001', corpName: '华建集团第一工程局有限公司', corpType: 'CORE' },
      ezt: null,
    });
  });
  it('is WIDE from 1480 px', () => {
    expect(screenSize(1480)).toBe('WIDE');
    expect(screenSize(1479)).toBe('MINI');
  });
  it('chats from 9:00 to 17:59:59', () => {
    const at = (h: number, m = 0, s = 0) => new Date(2026, 10, 20, h, m, s);
    expect(isWithinChatHours(at(9))).toBe(true);
    expect(isWithinChatHours(at(17, 59, 59))).toBe(true);
    expect(isWithinChatHours(at(8, 59, 59))).toBe(false);
    expect(isWithinChatHours(at(18))).toBe(false);
  });
});
