import { type RouteObject } from 'react-router-dom';
import { HomeRedirect } from './HomeRedirect';
import { lazyScreen } from './lazyScreen';
import { LoginPathGuard } from './LoginPathGuard';
import { PLAIN_SCREENS } from './plainScreens';
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

const antdRoot = lazyScreen(() => import('@/AntdRoot'), 'AntdRoot');

/**
 * Every route but the plain screens the router starts with (src/router/router.tsx), which it adds on the
 * first navigation elsewhere: public screens outside the session, everything else inside the session and
 * the shell, which applies the access rules. Screens load lazily, all below antd's root (locale, theme, App).
 */
export const PORTAL_ROUTES: RouteObject[] = [
  {
    lazy: antdRoot,
    errorElement: <RouteError />,
    children: [
      {
        element: <LoginPathGuard />,
        errorElement: <RouteError />,
        children: [...outside.filter((r) => !(r.path! in PLAIN_SCREENS)), ...unbuiltPublic],
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
];
