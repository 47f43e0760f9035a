import { createBrowserRouter, Navigate } from 'react-router-dom';
import { lazyScreen } from './lazyScreen';
import { LoginPathGuard } from './LoginPathGuard';
import { PLAIN_SCREENS } from './plainScreens';
import { loadPortalRoutes } from './portalRoutesLoader';
import { RouteError } from './RouteError';

let patched = false;

/**
 * The portal's routes under /cv3/ (history mode). The router starts with the plain screens only (the login
 * pages: no antd, no route table, a small first load) and adds the others, from the route table, when a
 * navigation (a deep link included) matches none of them. A chunk that fails to load shows the error screen.
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <Navigate to="/login/login" replace /> },
    {
      element: <LoginPathGuard />,
      errorElement: <RouteError />,
      children: Object.entries(PLAIN_SCREENS).map(([path, screen]) => ({
        path,
        lazy: lazyScreen(...screen),
        errorElement: <RouteError />,
      })),
    },
  ],
  {
    basename: '/cv3',
    async patchRoutesOnNavigation({ patch, signal }) {
      if (patched) return;
      const routes = await loadPortalRoutes();
      if (patched || signal.aborted) return;
      patch(null, routes);
      patched = true;
    },
  },
);
