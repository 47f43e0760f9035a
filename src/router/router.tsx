import { createBrowserRouter, Navigate } from 'react-router-dom';
import { lazyScreen } from './lazyScreen';
import { HomeRedirect } from './HomeRedirect';
import { LoginPathGuard } from './LoginPathGuard';
import { RouteError } from './RouteError';
import { routeObjects } from './routeObjects';
import { ROUTES } from './routeTable';

const { outside, inside } = routeObjects(ROUTES);

/**
 * The portal's routes under /cv3/ (history mode): public screens outside the session, everything else
 * inside the session and the shell, which applies the access rules. Screens load lazily.
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <Navigate to="/login/login" replace /> },
    { element: <LoginPathGuard />, errorElement: <RouteError />, children: outside },
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
