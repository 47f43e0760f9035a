import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { lazyScreen } from './lazyScreen';
import { HomeRedirect } from './HomeRedirect';
import { PUBLIC_PATHS } from './access';
import { LoginPathGuard } from './LoginPathGuard';
import { RouteError } from './RouteError';
import { routeObjects } from './routeObjects';
import { ROUTES } from './routeTable';

const { outside, inside } = routeObjects(ROUTES);
const publicPending = lazyScreen(() => import('@/pages/error/ErrorPages'), 'PublicPendingPage');
/** Spec section 2's public paths whose screen is not built yet: they still open without a session. */
const unbuiltPublic = PUBLIC_PATHS.filter((p) => !ROUTES.some((r) => r.path === p)).map(
  (path): RouteObject => ({ path, lazy: publicPending, errorElement: <RouteError /> }),
);

/**
 * The portal's routes under /cv3/ (history mode): public screens outside the session, everything else
 * inside the session and the shell, which applies the access rules. Screens load lazily.
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <Navigate to="/login/login" replace /> },
    { element: <LoginPathGuard />, errorElement: <RouteError />, children: [...outside, ...unbuiltPublic] },
    {
      path: '/',
      errorElement: <RouteError />,
      lazy: lazyScreen(() => import('@/session/SessionGate'), 'SessionGate'),
      children: [
        { index: true, element: <HomeRedirect /> },
        {
          lazy: lazyScreen(() => import('@/shell/ShellLayout'), 'ShellLayout'),
          errorElement: <RouteError />,
          children: [...inside, { path: '*', element: null }],
        },
      ],
    },
  ],
  { basename: '/cv3' },
);
