import { Navigate, type RouteObject } from 'react-router-dom';
import type { RouteMeta } from '@renderer/core/routes';
import { lazyScreen } from './lazyScreen';
import { RouteError } from './RouteError';
import { BENCH_SCREEN, SCREENS } from './screens';

const schemaPage = lazyScreen(() => import('@/pages/schema/SchemaRoutePage'), 'SchemaRoutePage');
const publicSchemaPage = lazyScreen(
  () => import('@/pages/schema/PublicSchemaRoutePage'),
  'PublicSchemaRoutePage',
);

/**
 * One router entry per route: a redirect to its target, a hand-written screen by its path, else the schema
 * page through the renderer (a public one without the session).
 */
function toRouteObject({ path, handwritten, public: open, redirect }: RouteMeta): RouteObject {
  if (redirect) return { path, element: <Navigate to={redirect} replace />, errorElement: <RouteError /> };
  const screen = handwritten ? SCREENS[path] : undefined;
  const lazy = screen ? lazyScreen(...screen) : open ? publicSchemaPage : schemaPage;
  return { path, lazy, errorElement: <RouteError /> };
}

/**
 * The router's entries for a route table: public routes outside the session (plus the render bench in
 * bench builds), the others inside the session and the shell.
 */
export function routeObjects(routes: readonly RouteMeta[]): {
  outside: RouteObject[];
  inside: RouteObject[];
} {
  const outside = routes.filter((r) => r.public).map(toRouteObject);
  if (import.meta.env.VITE_BENCH === '1')
    outside.push({
      path: BENCH_SCREEN.path,
      lazy: lazyScreen(...BENCH_SCREEN.screen),
      errorElement: <RouteError />,
    });
  return { outside, inside: routes.filter((r) => !r.public).map(toRouteObject) };
}
