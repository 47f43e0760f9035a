import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { HANDWRITTEN_ROUTES } from './handwritten';

const toRoute = (r: (typeof HANDWRITTEN_ROUTES)[number]): RouteObject => ({ path: r.path, lazy: r.lazy });

/**
 * Routes of the portal under /cv3/. Screens load lazily, so the login page carries no business code.
 * (The schema-generated routes and the shell arrive with the shell issue.)
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <Navigate to="/login/login" replace /> },
    ...HANDWRITTEN_ROUTES.filter((r) => r.public).map(toRoute),
    {
      path: '*',
      lazy: () => import('@/session/SessionGate').then((m) => ({ Component: m.SessionGate })),
      children: [
        ...HANDWRITTEN_ROUTES.filter((r) => !r.public).map(toRoute),
        { path: '*', lazy: () => import('@/pages/home/HomePage').then((m) => ({ Component: m.HomePage })) },
      ],
    },
  ],
  { basename: '/cv3' },
);
