import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { lazyScreen } from './lazyScreen';
import { HomeRedirect } from './HomeRedirect';
import { LoginPathGuard } from './LoginPathGuard';
import { RouteError } from './RouteError';
import { routeObjects } from './routeObjects';
import { ROUTES } from './routeTable';

const { outside, inside } = routeObjects(ROUTES);
const publicPending = lazyScreen(() => import('@/pages/error/ErrorPages'), 'PublicPendingPage');
/** Spec section 2: the pages anyone may open, logged in or not. */
const SPEC_PUBLIC_PATHS: readonly string[] = [
  '/register/register',
  '/register/ccbscf',
  '/register/register-success',
  '/register/reset-password',
  '/register/abs/blank',
  '/register/abs/register',
  '/login/login',
  '/login/abs/login',
  '/h5/face',
  '/h5/face_success',
  '/h5/face_err',
  '/factoring/reverse/accounts-payable-sign',
  '/factoring/reverse/accounts-payable-confirm',
];
/** Spec public paths whose screen is not built yet: they still open without a session (not behind login). */
const unbuiltPublic = SPEC_PUBLIC_PATHS.filter((p) => !ROUTES.some((r) => r.path === p)).map(
  (path): RouteObject => ({ path, lazy: publicPending, errorElement: <RouteError /> }),
);

/** Public screens of plain markup: they open without loading antd (the login page's first load). */
const PLAIN_SCREENS: ReadonlySet<string> = new Set(['/login/login', '/login/abs/login']);
const antdRoot = lazyScreen(() => import('@/AntdRoot'), 'AntdRoot');

/**
 * The portal's routes under /cv3/ (history mode): public screens outside the session, everything else
 * inside the session and the shell, which applies the access rules. Screens load lazily, and every screen
 * but the plain ones below antd's root (locale, theme, App).
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <Navigate to="/login/login" replace /> },
    {
      element: <LoginPathGuard />,
      errorElement: <RouteError />,
      children: outside.filter((r) => PLAIN_SCREENS.has(r.path ?? '')),
    },
    {
      lazy: antdRoot,
      errorElement: <RouteError />,
      children: [
        {
          element: <LoginPathGuard />,
          errorElement: <RouteError />,
          children: [...outside.filter((r) => !PLAIN_SCREENS.has(r.path ?? '')), ...unbuiltPublic],
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
              children: [...inside, { path: '*', element: null }],
            },
          ],
        },
      ],
    },
  ],
  { basename: '/cv3' },
);
