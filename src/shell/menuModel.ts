import type { PortalRoute } from '@/router/routeMeta';
import { PRODUCT_TITLES } from './products';

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

export const PRODUCT_ORDER = [...Object.keys(PRODUCT_TITLES), 'account'];
const PRODUCT_LABEL: Record<string, string> = { ...PRODUCT_TITLES, account: '账户中心' };

/**
 * The header menu (spec section 2): the user's permitted routes that show in menus, by product then
 * menu group, in menu order. Empty for ROLE_CORP_DEFAULT.
 */
export function buildHeaderMenu(
  routes: readonly PortalRoute[],
  permitted: ReadonlySet<string>,
  role: string | null,
): MenuProduct[] {
  if (!role || role === 'ROLE_CORP_DEFAULT') return [];
  const products = new Map<string, Map<string, MenuLeaf[]>>();
  for (const r of routes) {
    if (r.hideInMenu || r.public || !permitted.has(r.path)) continue;
    const product = r.product ?? 'account';
    const groups = products.get(product) ?? new Map<string, MenuLeaf[]>();
    products.set(product, groups);
    const group = r.menu?.group ?? '';
    groups.set(group, [
      ...(groups.get(group) ?? []),
      { key: r.path, label: r.title, openInBlank: r.openInBlank === true },
    ]);
  }
  return [...products.entries()]
    .sort(([a], [b]) => PRODUCT_ORDER.indexOf(a) - PRODUCT_ORDER.indexOf(b))
    .map(([key, groups]) => ({
      key,
      label: PRODUCT_LABEL[key] ?? key,
      groups: [...groups.entries()].map(([label, items]) => ({ label, items })),
    }));
}

/** The Home item shows when any product is opened for the enterprise (spec section 2). */
export function showHomeItem(openedProductCorps: Record<string, boolean>): boolean {
  return Object.values(openedProductCorps).some(Boolean);
}
