import type { MenuResource } from '@/api';
import { productRoleHome } from '@contract/homes';
import { PRODUCT_MANIFESTS, PRODUCTS } from '@contract/products';
import { isOperatorOrDirector } from '@contract/roles';

/** Business product keys (ADR 0005) and their names (contract/products.ts), in menu order. */
export const PRODUCT_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  PRODUCTS.map((p) => [p.code, p.name]),
);

/** Spec section 9: the default product cards and their order (the manifests' `defaultCard`). */
export const DEFAULT_PRODUCT_CARDS: readonly string[] = PRODUCT_MANIFESTS.filter((m) => m.defaultCard)
  .sort((a, b) => a.defaultCard! - b.defaultCard!)
  .map((m) => m.title);
export const COMING_SOON = '敬请期待';

/** Product cards in a 2-column grid: an odd count gets the 敬请期待 filler (spec section 9). */
export function productCards(titles: readonly string[]): string[] {
  return titles.length % 2 === 1 ? [...titles, COMING_SOON] : [...titles];
}

/** The products the switch lists: the platform's `avalableProduct` (comma-separated) in that order. */
export function enabledProducts(avalableProduct: string, opened: Record<string, boolean>): string[] {
  const listed = avalableProduct
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p in PRODUCT_TITLES);
  return listed.length ? listed : Object.keys(opened).filter((p) => opened[p] && p in PRODUCT_TITLES);
}

/** The menu paths of a product in menus3 (menus are grouped by product: menuBrief = product key), in order. */
function menuPaths(menus: readonly MenuResource[], product: string): string[] {
  const paths = (items: readonly MenuResource[]): string[] =>
    items.flatMap((m) => (m.menuBrief.startsWith('/') ? [m.menuBrief] : paths(m.childMenuResources)));
  const group = menus.find((m) => m.menuBrief === product);
  return group ? paths(group.childMenuResources) : [];
}

/** The first menu path of a product in menus3. */
export function firstMenuPath(menus: readonly MenuResource[], product: string): string | null {
  return menuPaths(menus, product)[0] ?? null;
}

/** Where a role starts in a product: its declared home (contract/homes.ts) when its menus hold it, else the first menu path. */
export function productStartPath(
  menus: readonly MenuResource[],
  product: string,
  role: string | null,
): string | null {
  const paths = menuPaths(menus, product);
  const home = productRoleHome(product, role);
  return home && paths.includes(home) ? home : (paths[0] ?? null);
}

export const PRODUCT_OVERVIEW_PATH = '/my/product/overview';
export const CONTACT_MANAGER_PATH = '/error-page/contact-manager-open-product';

export type ProductSwitchStep =
  { kind: 'switch-role'; role: string } | { kind: 'go'; path: string; setHomepage: boolean };

/**
 * Spec section 4 "Product switching", as a pure decision:
 * - a core-type user holding a supplier role, on a credit homepage, is first switched to the core kind;
 * - the role's home in the product (contract/homes.ts), else the product's first menu path, becomes the homepage;
 * - without one, operators and directors go to product opening, anyone else to the contact-manager page.
 */
export function productSwitchStep(options: {
  product: string;
  menus: readonly MenuResource[];
  role: string | null;
  candidateRoles: readonly string[];
  corpType: string;
  currentPath: string;
}): ProductSwitchStep {
  const { product, menus, role, candidateRoles, corpType, currentPath } = options;
  if (corpType === 'CORE' && role?.startsWith('ROLE_CORP_') && currentPath.startsWith('/credit/')) {
    const coreRole = role.replace('ROLE_CORP_', 'ROLE_CORE_');
    if (candidateRoles.includes(coreRole)) return { kind: 'switch-role', role: coreRole };
  }
  const path = productStartPath(menus, product, role);
  if (path) return { kind: 'go', path, setHomepage: true };
  return {
    kind: 'go',
    // The contact page is told the product: opened for the enterprise, it says the role has no menus there.
    path: isOperatorOrDirector(role)
      ? PRODUCT_OVERVIEW_PATH
      : `${CONTACT_MANAGER_PATH}?product=${encodeURIComponent(product)}`,
    setHomepage: false,
  };
}
