import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { lazyScreen } from './lazyScreen';
import { HANDWRITTEN_ROUTES } from './handwritten';
import { HomeRedirect } from './HomeRedirect';
import { LoginPathGuard } from './LoginPathGuard';
import { RouteError } from './RouteError';
import { ROUTES } from './routeTable';

const handwritten = new Map(HANDWRITTEN_ROUTES.map((r) => [r.path, r]));
const schemaPage = lazyScreen(() => import('@/pages/schema/SchemaRoutePage'), 'SchemaRoutePage');

/** One router entry per portal route: hand-written screens by path, schema pages through the renderer. */
function toRouteObject(path: string): RouteObject {
  const screen = handwritten.get(path);
  return { path, lazy: screen ? screen.lazy : schemaPage, errorElement: <RouteError /> };
}

const isPublic = (path: string): boolean =>
  ROUTES.find((r) => r.path === path)?.public ?? handwritten.get(path)?.public === true;
const allPaths = [...new Set([...ROUTES.map((r) => r.path), ...HANDWRITTEN_ROUTES.map((r) => r.path)])];

/**
 * The portal's routes under /cv3/ (history mode): public screens outside the session, everything else
 * inside the session and the shell, which applies the access rules. Screens load lazily.
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <Navigate to="/login/login" replace /> },
    {
      element: <LoginPathGuard />,
      errorElement: <RouteError />,
      children: allPaths.filter(isPublic).map(toRouteObject),
    },
    {
      path: '/',
      errorElement: <RouteError />,
      lazy: lazyScreen(() => import('@/session/SessionGate'), 'SessionGate'),
      children: [
        { index: true, element: <HomeRedirect /> },
        {
          lazy: lazyScreen(() => import('@/shell/ShellLayout'), 'ShellLayout'),
          errorElement: <RouteError />,
          children: [
            ...allPaths.filter((p) => !isPublic(p)).map(toRouteObject),
            { path: '*', element: null },
          ],
        },
      ],
    },
  ],
  { basename: '/cv3' },
);
