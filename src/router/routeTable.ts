import { compareMenuOrder, extractRoutes, routeEntries, type RouteMeta } from '@renderer/core/routes';
import { instantiatePages, variantsOf } from '@renderer/core/schema';
import { MOUNTED_PAGES } from '@/products/mountedProducts';

// Only the `route` key of each page schema is bundled here (`?route`: vite.config.ts serves the block alone);
// the page bodies load with their route.
const pageRoutes = import.meta.glob(
  ['/schemas/**/*.json', '!/schemas/_*/**', '!/schemas/*/_{template,variant}.json'],
  {
    query: '?route',
    import: 'route',
    eager: true,
  },
);
// The hand-written screens' route blocks (schemas/_routes/*.json), whole.
const handwrittenRoutes = import.meta.glob('/schemas/_routes/*.json', { import: 'default', eager: true });
// The variants' variables files (renderer/core/schema/templates.ts): their pages' routes are instances.
const variantFiles = import.meta.glob('/schemas/*/_{template,variant}.json', {
  import: 'default',
  eager: true,
});

// Product folders mounted by the server (src/products/mountedProducts.ts): their route blocks.
const mountedRoutes = Object.fromEntries(
  Object.entries(MOUNTED_PAGES).map(([key, json]) => [key, (json as { route?: unknown }).route]),
);

/**
 * Every route of the portal, read by renderer/core's route reader exactly as the server's menus3 and the
 * checker read it: page schemas (each variant's instances included) plus hand-written screens' blocks,
 * keyed by file under `/schemas/`; in menu order.
 */
export function buildRouteTable(
  pages: Record<string, unknown> = { ...pageRoutes, ...mountedRoutes },
  handwritten: Record<string, unknown> = handwrittenRoutes,
  variants: Record<string, unknown> = variantFiles,
): RouteMeta[] {
  const files: Record<string, unknown> = {};
  const blocks = Object.fromEntries(
    Object.entries(pages).map(([key, route]) => [key.replace(/^\/schemas\//, ''), { route }]),
  );
  for (const page of instantiatePages(blocks, variantsOf(variants))) files[page.file] = page.json;
  for (const [key, json] of Object.entries(handwritten)) files[key.replace(/^\/schemas\//, '')] = json;
  return extractRoutes(routeEntries(files)).sort(compareMenuOrder);
}

export const ROUTES: RouteMeta[] = buildRouteTable();
const BY_PATH = new Map(ROUTES.map((r) => [r.path, r]));

export function routeByPath(path: string): RouteMeta | undefined {
  return BY_PATH.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
}
