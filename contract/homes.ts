/**
 * Where each role starts (the `homeUrl` of /v2/security and the page a product switch opens), declared
 * once, in the products' manifests (`homes`), for the server and the shell: a home depends on the role and on the products its enterprise has
 * opened, taken in product order (contract/products.ts), so a factor whose enterprise has only factoring
 * opened starts on a factoring page, never on a credit one.
 */
import {
  onProductRegistered,
  PRODUCT_MANIFESTS,
  PRODUCTS,
  type BusinessProductCode,
  type ProductManifest,
} from './products';
import { DEFAULT_ROLE, MANAGER_ROLE, type RoleCode } from './roles';

type Homes = Readonly<Partial<Record<RoleCode, string>>>;

const homesOf = (m: ProductManifest): Homes =>
  Object.fromEntries(m.homes.flatMap(({ roles, path }) => roles.map((role) => [role, path])));

/** Each product's start page per role (its manifest's `homes`); a role a product leaves out has none there. */
export const PRODUCT_HOMES: Readonly<Partial<Record<BusinessProductCode, Homes>>> = Object.fromEntries(
  PRODUCT_MANIFESTS.map((m) => [m.code, homesOf(m)]),
);
onProductRegistered((m) => {
  (PRODUCT_HOMES as Partial<Record<BusinessProductCode, Homes>>)[m.code] = homesOf(m);
});

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
