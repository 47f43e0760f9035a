import { PRODUCT_NAMES, type ProductCode } from '@contract/products';
import type { MenuResource } from '@contract/session';
import { readSchemaDirectory } from '@renderer/core/node';
import { extractRoutes, grantedRoutes, routeEntries, type RouteMeta } from '@renderer/core/routes';

/**
 * The route table of a `schemas/` folder (page schemas and `_routes/` blocks), read by the same reader
 * as the portal's router and the checker.
 * @throws {RouteTableError} when a route block is broken (the checker names it).
 */
export function loadRoutes(schemasDir: string): RouteMeta[] {
  const directory = readSchemaDirectory(schemasDir);
  const pages = Object.fromEntries(directory.pages.map((p) => [p.file, p.raw]));
  return extractRoutes(routeEntries({ ...directory.files, ...pages }));
}

/**
 * menus3 for one role: the routes that role is granted, grouped by product, in menu order. A developer
 * fixture (`fixture: true`, the renderer demo) is granted only when `fixtures` is set (a test-mode server).
 */
export function buildMenus(
  routes: readonly RouteMeta[],
  role: string | null,
  fixtures = false,
): MenuResource[] {
  const byProduct = new Map<string, RouteMeta[]>();
  for (const r of grantedRoutes(routes, role)) {
    if (r.fixture && !fixtures) continue;
    const product = r.product ?? 'account';
    byProduct.set(product, [...(byProduct.get(product) ?? []), r]);
  }
  return [...byProduct.entries()].map(([product, list]) => ({
    pkMenu: `MENU_${product}`,
    menuName: PRODUCT_NAMES[product as ProductCode] ?? product,
    menuBrief: product,
    childMenuResources: list.map((r) => ({
      pkMenu: `MENU_${r.path}`,
      menuName: r.title,
      menuBrief: r.path,
      childMenuResources: [],
    })),
  }));
}
