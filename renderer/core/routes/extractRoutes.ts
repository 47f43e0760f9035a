/**
 * Route and menu metadata from the page schemas' `route` blocks (ADR 0005 §1). The portal's router,
 * the server's menus and the checker all read routes through here, so they agree.
 */
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
  /** The schema file, relative to `schemas/` (`credit/core/index/operator.json`). */
  file: string;
  /** The page kind, when the input carried it. */
  page: PageKind | undefined;
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
}

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

/** The problems of a set of route blocks; `[]` when they form a valid route table. */
export function collectRouteProblems(
  input: readonly RouteEntry[] | Record<string, unknown>,
  options: ExtractRoutesOptions = {},
): RouteProblem[] {
  return build(toEntries(input, options.root ?? '/schemas/')).problems;
}

function build(entries: RouteEntry[]): { routes: RouteMeta[]; problems: RouteProblem[] } {
  const problems: RouteProblem[] = [];
  const routes: RouteMeta[] = [];
  const seen = new Map<string, string>();
  for (const { file, route, page } of entries) {
    if (!isPageFile(file)) continue;
    const problem = (pointer: string, message: string): void => {
      problems.push({ file, pointer, message });
    };
    if (!isObject(route)) {
      problem('/route', '页面配置缺少 route 块');
      continue;
    }
    const block = route as Partial<RouteBlock>;
    if (typeof block.path !== 'string' || !block.path.startsWith('/')) {
      problem('/route/path', 'route.path 应为以 / 开头的路径');
      continue;
    }
    if (routeFile(block.path) !== file) {
      problem(
        '/route/path',
        `route.path "${block.path}" 与文件路径不符（应为 /${file.replace(/\.json$/, '')}）`,
      );
    }
    const other = seen.get(block.path);
    if (other !== undefined) problem('/route/path', `route.path "${block.path}" 与 ${other} 重复`);
    seen.set(block.path, file);
    if (typeof block.title !== 'string' || block.title.trim() === '')
      problem('/route/title', 'route.title 不能为空');
    routes.push({
      path: block.path,
      title: typeof block.title === 'string' ? block.title : '',
      product: block.product,
      roles: Array.isArray(block.roles) ? [...block.roles] : [],
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
      file,
      page: typeof page === 'string' ? (page as PageKind) : undefined,
    });
  }
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

/**
 * The header menu of one role: the routes it may open (not public, not hidden), by product, then by
 * `menu.group` in order of first appearance, each sorted by `menu.order` then path.
 */
export function buildMenu(routes: readonly RouteMeta[], role: string | null): ProductMenu[] {
  if (!role) return [];
  const visible = routes
    .filter((r) => !r.public && !r.hideInMenu && r.roles.includes(role))
    .sort((a, b) => a.menu.order - b.menu.order || a.path.localeCompare(b.path));
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
