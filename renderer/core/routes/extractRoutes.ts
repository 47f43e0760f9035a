/**
 * Route and menu metadata from the `route` blocks of the page schemas and of the hand-written screens
 * (`schemas/_routes/*.json`, ADR 0005 §1). The portal's router, the server's menus3 and the checker all
 * read routes through here, so they agree.
 */
import { PRODUCT_CODES, productOrder } from '@contract/products';
import { expandRoles, hasMenu } from '@contract/roles';
import type { PageKind, ProductCode, RouteBlock } from '@renderer/core/schema';

/** A route as the shell mounts it: every flag of the `route` block with its default filled in. */
export interface RouteMeta {
  path: string;
  title: string;
  product: ProductCode | undefined;
  roles: string[];
  menu: { group: string | undefined; order: number };
  hideInMenu: boolean;
  hideTopMenu: boolean;
  help: string[];
  keepAlive: boolean;
  openInBlank: boolean;
  public: boolean;
  /** Spec section 2: every logged-in user may open it, whatever the menu. */
  alwaysAllowed: boolean;
  /** A developer fixture: in the menus of a test-mode server only (server/menus.ts). */
  fixture: boolean;
  /**
   * The file declaring the block, relative to `schemas/`: the page schema (`credit/core/index/operator.json`)
   * or, for a hand-written screen, its routes file (`_routes/handwritten.json`).
   */
  file: string;
  /** Declared in a `_routes/` file: the portal maps the path to a hand-written screen. */
  handwritten: boolean;
  /**
   * A hand-written screen's one-line reason for not being a page schema (login, H5 face capture, the chat
   * window, error pages, public one-time link pages, or "not yet a page schema: <what it lacks>").
   */
  reason?: string;
  /** The page kind, when the input carried it. */
  page: PageKind | undefined;
  /**
   * A `_routes/` block's `redirect`: the path this one goes to at once (spec section 2's
   * abs/identify/index → abs/identify/soft-key). It has no screen and needs no reason.
   */
  redirect?: string;
}

/** One problem with a route block. */
export interface RouteProblem {
  file: string;
  pointer: string;
  message: string;
}

/** Thrown by {@link extractRoutes} with every problem found. */
export class RouteTableError extends Error {
  override readonly name = 'RouteTableError';
  readonly problems: RouteProblem[];
  constructor(problems: RouteProblem[]) {
    super(problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`).join('\n'));
    this.problems = problems;
  }
}

/** Menu order of routes that give none: after every ordered one. */
export const DEFAULT_MENU_ORDER = 999;

/** Input of {@link extractRoutes}: a schema file's route block (and, optionally, its page kind). */
export interface RouteEntry {
  file: string;
  route: unknown;
  page?: unknown;
  /** JSON pointer of the block in its file: `/route` for a page schema, `/routes/<i>` in a `_routes/` file. */
  pointer?: string;
}

/** Folder of the hand-written screens' route blocks: `{ "routes": [<route block>, …] }` per file. */
export const HANDWRITTEN_ROUTES_DIR = '_routes/';

/** Page kinds that show one record (`?id=`): reached from a list, never from the menu. */
const RECORD_PAGES: readonly string[] = ['detail', 'approve'];

/** Options of {@link extractRoutes}. */
export interface ExtractRoutesOptions {
  /**
   * Prefix of the keys that is the `schemas/` folder, when the input is a module map as
   * `import.meta.glob('/schemas/**\/*.json', { import: 'route', eager: true })` returns it.
   * @default '/schemas/'
   */
  root?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a file (relative to `schemas/`) is a page: not inside a folder starting with `_`. */
export function isPageFile(file: string): boolean {
  return (
    file.endsWith('.json') && !file.split('/').some((part) => part.startsWith('_') || part.startsWith('.'))
  );
}

/** The schema file of a route path: `/credit/core/index/operator` → `credit/core/index/operator.json`. */
export function routeFile(path: string): string {
  return `${path.replace(/^\/+/, '')}.json`;
}

function toEntries(input: readonly RouteEntry[] | Record<string, unknown>, root: string): RouteEntry[] {
  if (Array.isArray(input)) return input as RouteEntry[];
  return Object.entries(input).map(([key, route]) => ({
    file: key.startsWith(root) ? key.slice(root.length) : key.replace(/^\.?\//, ''),
    route,
  }));
}

/**
 * The route entries of a set of schema files (path relative to `schemas/` → parsed JSON): each page's
 * `route` block with its page kind, and every block of the `_routes/` files.
 */
export function routeEntries(files: Readonly<Record<string, unknown>>): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const [file, json] of Object.entries(files)) {
    if (!isObject(json)) continue;
    if (file.startsWith(HANDWRITTEN_ROUTES_DIR) && file.endsWith('.json')) {
      const routes = Array.isArray(json.routes) ? json.routes : [];
      routes.forEach((route: unknown, i) => entries.push({ file, route, pointer: `/routes/${i}` }));
    } else if (isPageFile(file)) entries.push({ file, route: json.route, page: json.page });
  }
  return entries;
}

/** The problems of a set of route blocks; `[]` when they form a valid route table. */
export function collectRouteProblems(
  input: readonly RouteEntry[] | Record<string, unknown>,
  options: ExtractRoutesOptions = {},
): RouteProblem[] {
  return readRoutes(input, options).problems;
}

/** The routes that could be read and the problems of a set of route blocks (the checker's view). */
export function readRoutes(
  input: readonly RouteEntry[] | Record<string, unknown>,
  options: ExtractRoutesOptions = {},
): { routes: RouteMeta[]; problems: RouteProblem[] } {
  return build(toEntries(input, options.root ?? '/schemas/'));
}

function build(entries: RouteEntry[]): { routes: RouteMeta[]; problems: RouteProblem[] } {
  const problems: RouteProblem[] = [];
  const routes: RouteMeta[] = [];
  const seen = new Map<string, string>();
  const redirects: Array<{ file: string; pointer: string; target: string }> = [];
  for (const { file, route, page, pointer: at = '/route' } of entries) {
    const handwritten = file.startsWith(HANDWRITTEN_ROUTES_DIR);
    if (!handwritten && !isPageFile(file)) continue;
    const problem = (pointer: string, message: string): void => {
      problems.push({ file, pointer: `${at}${pointer}`, message });
    };
    if (!isObject(route)) {
      problem('', '页面配置缺少 route 块');
      continue;
    }
    const block = route as Partial<RouteBlock> & { alwaysAllowed?: unknown; redirect?: unknown };
    if (typeof block.path !== 'string' || !block.path.startsWith('/')) {
      problem('/path', 'route.path 应为以 / 开头的路径');
      continue;
    }
    if (!handwritten && routeFile(block.path) !== file) {
      problem('/path', `route.path "${block.path}" 与文件路径不符（应为 /${file.replace(/\.json$/, '')}）`);
    }
    const other = seen.get(block.path);
    if (other !== undefined) problem('/path', `route.path "${block.path}" 与 ${other} 重复`);
    seen.set(block.path, file);
    if (typeof block.title !== 'string' || block.title.trim() === '')
      problem('/title', 'route.title 不能为空');
    // Page schemas' products are checked by the meta-schema; the `_routes/` blocks have none.
    if (
      handwritten &&
      block.product !== undefined &&
      !(PRODUCT_CODES as readonly unknown[]).includes(block.product)
    )
      problem('/product', `未知产品 "${String(block.product)}"，应为以下之一：${PRODUCT_CODES.join('、')}`);
    const names = Array.isArray(block.roles) ? block.roles.filter((r) => typeof r === 'string') : [];
    const { roles, unknown } = expandRoles(names);
    for (const name of unknown) problem(`/roles/${names.indexOf(name)}`, `未知角色或角色组 "${name}"`);
    if (typeof page === 'string' && RECORD_PAGES.includes(page) && block.hideInMenu !== true)
      problem(
        '/hideInMenu',
        `${page} 页面需要地址参数 id（记录编号），从菜单打开只会显示“缺少记录编号”：应设 hideInMenu: true，从列表进入`,
      );
    routes.push({
      path: block.path,
      title: typeof block.title === 'string' ? block.title : '',
      product: block.product,
      roles,
      menu: {
        group: block.menu?.group,
        order: typeof block.menu?.order === 'number' ? block.menu.order : DEFAULT_MENU_ORDER,
      },
      hideInMenu: block.hideInMenu === true,
      hideTopMenu: block.hideTopMenu === true,
      help: Array.isArray(block.help) ? [...block.help] : [],
      keepAlive: block.keepAlive === true,
      openInBlank: block.openInBlank === true,
      public: block.public === true,
      alwaysAllowed: block.alwaysAllowed === true,
      fixture: block.fixture === true,
      file,
      handwritten,
      ...(handwritten ? { reason: (block as { reason?: unknown }).reason as string | undefined } : {}),
      page: typeof page === 'string' ? (page as PageKind) : undefined,
      ...(handwritten && typeof block.redirect === 'string' && block.redirect.startsWith('/')
        ? { redirect: block.redirect }
        : {}),
    });
    if (handwritten && typeof block.redirect === 'string' && block.redirect.startsWith('/'))
      redirects.push({ file, pointer: `${at}/redirect`, target: block.redirect });
    else if (block.redirect !== undefined)
      problem('/redirect', 'redirect 只用于 _routes/ 中的路由块，值为以 / 开头的路径');
  }
  // A redirect goes to a route of the same table.
  for (const r of redirects)
    if (!seen.has(r.target))
      problems.push({
        file: r.file,
        pointer: r.pointer,
        message: `redirect 的目标 "${r.target}" 不是已有的路由`,
      });
  routes.sort((a, b) => a.path.localeCompare(b.path));
  return { routes, problems };
}

/**
 * The route table of the page schemas, sorted by path. Files inside `_` folders are skipped.
 * @param input route blocks by file, or a module map keyed by path (see {@link ExtractRoutesOptions.root}).
 * @throws {RouteTableError} listing every missing path or title, path that does not match its file,
 *   and duplicate path.
 */
export function extractRoutes(
  input: readonly RouteEntry[] | Record<string, unknown>,
  options: ExtractRoutesOptions = {},
): RouteMeta[] {
  const { routes, problems } = build(toEntries(input, options.root ?? '/schemas/'));
  if (problems.length > 0) throw new RouteTableError(problems);
  return routes;
}

/** A menu group of {@link buildMenu}. */
export interface MenuGroup {
  /** `route.menu.group`, or '' for routes without a group. */
  group: string;
  items: RouteMeta[];
}

/** A product's menu of {@link buildMenu}. */
export interface ProductMenu {
  product: ProductCode | 'account';
  groups: MenuGroup[];
}

/** Menu order: products in their order, then `menu.order`, routes hidden from menus last, then path. */
export function compareMenuOrder(a: RouteMeta, b: RouteMeta): number {
  return (
    productOrder(a.product ?? 'account') - productOrder(b.product ?? 'account') ||
    Number(a.hideInMenu) - Number(b.hideInMenu) ||
    a.menu.order - b.menu.order ||
    a.path.localeCompare(b.path)
  );
}

/** The routes one role is granted (menus3): not public, listing the role; in menu order. */
export function grantedRoutes(routes: readonly RouteMeta[], role: string | null): RouteMeta[] {
  if (!role) return [];
  return routes.filter((r) => !r.public && r.roles.includes(role)).sort(compareMenuOrder);
}

/**
 * The header menu of one role (none for ROLE_CORP_DEFAULT, spec section 6): the routes that show in menus
 * (not public, not hidden) among those the role is granted (or, when given, among the `permitted` paths
 * menus3 carries), by product in product order, then by `menu.group` in order of first appearance, each
 * in menu order.
 */
export function buildMenu(
  routes: readonly RouteMeta[],
  role: string | null,
  permitted?: ReadonlySet<string>,
): ProductMenu[] {
  if (!hasMenu(role)) return [];
  const candidates = permitted
    ? routes.filter((r) => !r.public && permitted.has(r.path)).sort(compareMenuOrder)
    : grantedRoutes(routes, role);
  const visible = candidates.filter((r) => !r.hideInMenu);
  const products: ProductMenu[] = [];
  for (const route of visible) {
    const code = route.product ?? 'account';
    let product = products.find((p) => p.product === code);
    if (!product) products.push((product = { product: code, groups: [] }));
    const name = route.menu.group ?? '';
    let group = product.groups.find((g) => g.group === name);
    if (!group) product.groups.push((group = { group: name, items: [] }));
    group.items.push(route);
  }
  return products;
}

/** A reason is one non-empty line. */
const isOneLine = (text: unknown): boolean =>
  typeof text === 'string' && text.trim() !== '' && !/[\r\n]/.test(text);

/**
 * The problems between the hand-written route blocks and the portal's screens (path → component): a
 * `_routes/` block without a screen or without its one-line reason, a screen without a block, a screen for
 * a path a page schema renders.
 */
export function checkScreens(routes: readonly RouteMeta[], screenPaths: readonly string[]): RouteProblem[] {
  const problems: RouteProblem[] = [];
  const screens = new Set(screenPaths);
  const byPath = new Map(routes.map((r) => [r.path, r]));
  for (const r of routes) {
    // A redirect has no screen of its own, and its target says why.
    if (r.redirect !== undefined) {
      if (screens.has(r.path))
        problems.push({
          file: r.file,
          pointer: '/routes',
          message: `路由 ${r.path} 是 redirect，不应再有页面组件（src/router/screens.ts）`,
        });
      continue;
    }
    if (r.handwritten && !screens.has(r.path))
      problems.push({
        file: r.file,
        pointer: '/routes',
        message: `路由 ${r.path} 没有对应的页面组件（src/router/screens.ts）`,
      });
    if (r.handwritten && !isOneLine(r.reason))
      problems.push({
        file: r.file,
        pointer: '/routes',
        message: `手写页面 ${r.path} 缺少 reason：用一行说明为何不用页面配置（登录、H5 人脸采集、在线客服窗口、错误页、公开一次性链接页，或 "not yet a page schema: <缺少什么>"）`,
      });
  }
  for (const path of screens) {
    const route = byPath.get(path);
    if (!route)
      problems.push({
        file: `${HANDWRITTEN_ROUTES_DIR}handwritten.json`,
        pointer: '/routes',
        message: `页面组件 ${path} 没有路由块`,
      });
    else if (!route.handwritten)
      problems.push({
        file: route.file,
        pointer: '/route/path',
        message: `路由 ${path} 同时有页面配置和手写页面组件`,
      });
  }
  return problems;
}
