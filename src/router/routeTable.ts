import handwritten from '@schemas/_routes/handwritten.json';
import type { PortalRoute, RouteMeta } from './routeMeta';

// Only the `route` key of each page schema is bundled here; the page bodies load with their route.
const schemaRouteBlocks = import.meta.glob<RouteMeta>(['/schemas/**/*.json', '!/schemas/_*/**'], {
  import: 'route',
  eager: true,
});

/** Every route of the portal: page schemas plus hand-written screens, sorted by menu order then path. */
export function buildRouteTable(
  schemaBlocks: Record<string, RouteMeta | undefined> = schemaRouteBlocks,
  handwrittenBlocks: readonly RouteMeta[] = (handwritten as { routes: RouteMeta[] }).routes,
): PortalRoute[] {
  const routes: PortalRoute[] = [];
  const seen = new Map<string, string>();
  const add = (route: PortalRoute, origin: string): void => {
    const before = seen.get(route.path);
    if (before) throw new Error(`route ${route.path} is declared twice: ${before} and ${origin}`);
    seen.set(route.path, origin);
    routes.push(route);
  };
  for (const [file, block] of Object.entries(schemaBlocks)) {
    if (!block?.path) throw new Error(`${file}: page schema without route.path`);
    add({ ...block, source: { kind: 'schema', file } }, file);
  }
  for (const block of handwrittenBlocks)
    add({ ...block, source: { kind: 'handwritten' } }, 'schemas/_routes/handwritten.json');
  return routes.sort(
    (a, b) => (a.menu?.order ?? 999) - (b.menu?.order ?? 999) || a.path.localeCompare(b.path),
  );
}

export const ROUTES: PortalRoute[] = buildRouteTable();
const BY_PATH = new Map(ROUTES.map((r) => [r.path, r]));

export function routeByPath(path: string): PortalRoute | undefined {
  return BY_PATH.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
}
