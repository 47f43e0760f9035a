/**
 * Where each role starts (the `homeUrl` of /v2/security and the page a product switch opens), declared
 * once for the server and the shell: a home depends on the role and on the products its enterprise has
 * opened, taken in product order (contract/products.ts), so a factor whose enterprise has only factoring
 * opened starts on a factoring page, never on a credit one.
 */
import { PRODUCTS, type BusinessProductCode } from './products';
import { DEFAULT_ROLE, MANAGER_ROLE, type RoleCode } from './roles';

type Homes = Readonly<Partial<Record<RoleCode, string>>>;

/** The same page for several roles. */
const all = (roles: readonly RoleCode[], path: string): Homes =>
  Object.fromEntries(roles.map((r) => [r, path]));

const CORP_BUSINESS: readonly RoleCode[] = ['ROLE_CORP_OPERATOR', 'ROLE_CORP_DIRECTOR', 'ROLE_CORP_QUERY'];
const UNIT_BUSINESS: readonly RoleCode[] = ['ROLE_UNIT_OPERATOR', 'ROLE_UNIT_DIRECTOR', 'ROLE_UNIT_QUERY'];
const CORE_BUSINESS: readonly RoleCode[] = ['ROLE_CORE_OPERATOR', 'ROLE_CORE_DIRECTOR', 'ROLE_CORE_QUERY'];
const FACTOR: readonly RoleCode[] = ['ROLE_FIN_CLIENT_MANAGER', 'ROLE_FIN_PRODUCT_MANAGER'];

/** The index pages ABS and ABCP share in shape: `/{product}/{core|chain}/index/{operator|director|query}`. */
const assetIndexHomes = (product: 'abs' | 'abcp'): Homes => ({
  ROLE_CORE_OPERATOR: `/${product}/core/index/operator`,
  ROLE_CORE_DIRECTOR: `/${product}/core/index/director`,
  ...all(['ROLE_CORE_QUERY', 'ROLE_CORE_PURCHASE', 'ROLE_CORE_FINAL'], `/${product}/core/index/query`),
  ...all(['ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'], `/${product}/chain/index/operator`),
  ...all(['ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR'], `/${product}/chain/index/director`),
  ...all(
    ['ROLE_CORP_QUERY', 'ROLE_CORP_PURCHASE', 'ROLE_UNIT_QUERY', 'ROLE_UNIT_PURCHASE'],
    `/${product}/chain/index/query`,
  ),
});

/** Each product's start page per role (a page the role holds); a role a product leaves out has none there. */
export const PRODUCT_HOMES: Readonly<Partial<Record<BusinessProductCode, Homes>>> = {
  credit: {
    ROLE_CORE_OPERATOR: '/credit/core/index/operator',
    ROLE_CORE_DIRECTOR: '/credit/core/index/director',
    ROLE_CORE_QUERY: '/credit/core/index/query',
    ROLE_CORE_FINAL: '/credit/core/index/final-approve',
    ROLE_CORE_PURCHASE: '/credit/core/index/purchase',
    ROLE_CORP_OPERATOR: '/credit/chain/index/operator',
    ROLE_CORP_DIRECTOR: '/credit/chain/index/director',
    ROLE_CORP_QUERY: '/credit/chain/index/query',
    ROLE_CORP_PURCHASE: '/credit/chain/index/query',
    ROLE_UNIT_OPERATOR: '/credit/chain/index/operator',
    ROLE_UNIT_DIRECTOR: '/credit/chain/index/director',
    ROLE_UNIT_QUERY: '/credit/chain/index/query',
    ROLE_UNIT_PURCHASE: '/credit/chain/index/query',
    ...all(FACTOR, '/credit/core/supplier/finance-query'),
  },
  abs: assetIndexHomes('abs'),
  abcp: assetIndexHomes('abcp'),
  'factoring-forward': {
    ...all(
      [...CORP_BUSINESS, 'ROLE_CORE_OPERATOR', 'ROLE_CORE_DIRECTOR'],
      '/factoring/forward/asset/receivable/list',
    ),
    ROLE_CORE_QUERY: '/factoring/forward/ledger-statistics',
    ...all(FACTOR, '/factoring/forward/loan/apply/list'),
  },
  'factoring-delivery': {
    ...all([...CORP_BUSINESS, ...UNIT_BUSINESS], '/factoring/delivery/supply-plan/supplier'),
    ...all(CORE_BUSINESS, '/factoring/delivery/supply-plan/core-business'),
    ROLE_CORE_PURCHASE: '/factoring/delivery/confirm-order/confirm',
    ...all(FACTOR, '/factoring/delivery/whites/white-list/list'),
  },
  'factoring-reverse': {
    ...all([...CORP_BUSINESS, ...UNIT_BUSINESS], '/factoring/reverse/accounts-receivable/list'),
    ...all(CORE_BUSINESS, '/factoring/reverse/accounts-payable/list'),
    ...all(FACTOR, '/factoring/reverse/finance-application/review'),
  },
  'factoring-joint': {
    ...all(CORP_BUSINESS, '/factoring/joint/accounts/receivable/list'),
    ...all(FACTOR, '/factoring/joint/finance-management/loan/apply/list'),
  },
  'assets-pool': {
    ...all([...CORE_BUSINESS, ...CORP_BUSINESS, ...UNIT_BUSINESS], '/assets-pool/assets-manage/query'),
    ...all(FACTOR, '/assets-pool/assets-match/assets-pool-query'),
  },
};

/** Roles that start outside every product, whatever is opened. */
export const PLATFORM_HOMES: Homes = {
  [MANAGER_ROLE]: '/my/enterprise-info/user/list',
  [DEFAULT_ROLE]: '/my/product/overview',
};

/** Where a role without any home starts: the product cards. */
export const FALLBACK_HOME = '/project/list';

/** The start page a product gives a role, or null when it gives none. */
export function productRoleHome(product: string, role: string | null | undefined): string | null {
  if (!role) return null;
  return PRODUCT_HOMES[product as BusinessProductCode]?.[role as RoleCode] ?? null;
}

/**
 * Where a role starts given its enterprise's products (code → opened, as `openedProductCorps` carries
 * them): the platform's page for the administrator and the default role, else the home of the first
 * opened product (product order) that gives the role one, else the product cards.
 */
export function roleHome(role: string | null | undefined, opened: Readonly<Record<string, boolean>>): string {
  if (!role) return FALLBACK_HOME;
  const platform = PLATFORM_HOMES[role as RoleCode];
  if (platform) return platform;
  for (const { code } of PRODUCTS) {
    const home = opened[code] ? productRoleHome(code, role) : null;
    if (home) return home;
  }
  return FALLBACK_HOME;
}
