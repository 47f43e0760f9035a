import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** A menu resource as /v2/security's menus3 carries it (spec section 3). */
export interface MenuResource {
  pkMenu: string;
  menuName: string;
  menuBrief: string;
  childMenuResources: MenuResource[];
}

export interface RouteBlock {
  path: string;
  title: string;
  product?: string;
  roles?: string[];
  hideInMenu?: boolean;
  public?: boolean;
  menu?: { group?: string; order?: number };
}

const PRODUCT_NAMES: Record<string, string> = {
  credit: '信用凭证',
  abs: 'ABS',
  abcp: 'ABCP',
  'factoring-forward': '正向保理',
  'factoring-delivery': '到货保理',
  'factoring-reverse': '反向保理',
  'factoring-joint': '联合保理',
  'assets-pool': '资产池',
  account: '账户中心',
};

/** Route blocks of the hand-written screens (ADR 0005: the same contract as a page schema's `route`). */
export const HANDWRITTEN_ROUTES_FILE = '_routes/handwritten.json';

const productOrder = (p: string): number => {
  const i = Object.keys(PRODUCT_NAMES).indexOf(p);
  return i < 0 ? 99 : i;
};

/** Reads the `route` block of every page schema (files not under a `_` folder) and the hand-written routes. */
export async function loadRouteBlocks(schemasDir: string): Promise<RouteBlock[]> {
  const out: RouteBlock[] = [];
  try {
    const handwritten = JSON.parse(await readFile(join(schemasDir, HANDWRITTEN_ROUTES_FILE), 'utf8')) as {
      routes: RouteBlock[];
    };
    out.push(...handwritten.routes);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('_') || e.name.startsWith('.')) continue;
      const full = join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.endsWith('.json')) {
        const json = JSON.parse(await readFile(full, 'utf8')) as { route?: RouteBlock };
        if (json.route?.path) out.push(json.route);
        else throw new Error(`${relative(schemasDir, full)}: page schema without route.path`);
      }
    }
  };
  await walk(schemasDir);
  return out;
}

/** menus3 for one role: the routes that role may open, grouped by product, in menu order. */
export function buildMenus(routes: RouteBlock[], role: string | null): MenuResource[] {
  if (!role) return [];
  const byProduct = new Map<string, RouteBlock[]>();
  for (const r of routes) {
    if (r.public || !r.roles?.includes(role)) continue;
    const product = r.product ?? 'account';
    byProduct.set(product, [...(byProduct.get(product) ?? []), r]);
  }
  return [...byProduct.entries()]
    .sort(([a], [b]) => productOrder(a) - productOrder(b))
    .map(([product, list]) => ({
      pkMenu: `MENU_${product}`,
      menuName: PRODUCT_NAMES[product] ?? product,
      menuBrief: product,
      childMenuResources: list
        .sort((a, b) => (a.menu?.order ?? 999) - (b.menu?.order ?? 999) || a.path.localeCompare(b.path))
        .map((r) => ({
          pkMenu: `MENU_${r.path}`,
          menuName: r.title,
          menuBrief: r.path,
          childMenuResources: [],
        })),
    }));
}
