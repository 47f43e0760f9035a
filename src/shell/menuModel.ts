import { PRODUCT_NAMES } from '@contract/products';
import { buildMenu, type RouteMeta } from '@renderer/core/routes';

export interface MenuLeaf {
  key: string;
  label: string;
  openInBlank: boolean;
}

export interface MenuGroup {
  label: string;
  items: MenuLeaf[];
}

export interface MenuProduct {
  key: string;
  label: string;
  groups: MenuGroup[];
}

/**
 * The header menu (spec section 2): the user's permitted routes that show in menus, by product then
 * menu group, in menu order (renderer/core's buildMenu). Empty for ROLE_CORP_DEFAULT.
 */
export function buildHeaderMenu(
  routes: readonly RouteMeta[],
  permitted: ReadonlySet<string>,
  role: string | null,
): MenuProduct[] {
  return buildMenu(routes, role, permitted).map((p) => ({
    key: p.product,
    label: PRODUCT_NAMES[p.product],
    groups: p.groups.map((g) => ({
      label: g.group,
      items: g.items.map((r) => ({ key: r.path, label: r.title, openInBlank: r.openInBlank })),
    })),
  }));
}

/** The Home item shows when any product is opened for the enterprise (spec section 2). */
export function showHomeItem(openedProductCorps: Record<string, boolean>): boolean {
  return Object.values(openedProductCorps).some(Boolean);
}
