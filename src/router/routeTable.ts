import { compareMenuOrder, extractRoutes, routeEntries, type RouteMeta } from '@renderer/core/routes';
// The module itself, not the folder's index: the index also holds modules with top-level work (the
// expression functions' registry) that the entry chunk must not carry (tests/e2e/login.spec.ts).
import { instantiatePages, variantsOf } from '@renderer/core/schema/templates';
import { HANDWRITTEN_ROUTES, PAGE_ROUTES, VARIANT_FILES } from '@/schemaFiles/routes';

/**
 * Every route of the portal, read by renderer/core's route reader exactly as the server's menus3 and the
 * checker read it: page schemas (each variant's instances included) plus hand-written screens' blocks,
 * keyed by file under `/schemas/` (the schemas tree, src/schemaFiles/); in menu order.
 */
export function buildRouteTable(
  pages: Record<string, unknown> = PAGE_ROUTES,
  handwritten: Record<string, unknown> = HANDWRITTEN_ROUTES,
  variants: Record<string, unknown> = VARIANT_FILES,
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
