import { createBrowserRouter, Navigate } from 'react-router-dom';

/**
 * Routes of the portal under /cv3/. Screens load lazily, so the login page carries no business code.
 * (The schema-generated routes and the shell arrive with the shell issue.)
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <Navigate to="/login/login" replace /> },
    { path: '/login/login', lazy: () => import('@/pages/login/LoginPage').then((m) => ({ Component: m.LoginPage })) },
    {
      path: '/login/abs/login',
      lazy: () => import('@/pages/login/LoginPage').then((m) => ({ Component: m.LoginPage })),
    },
    {
      path: '*',
      lazy: () => import('@/session/SessionGate').then((m) => ({ Component: m.SessionGate })),
      children: [
        { path: '*', lazy: () => import('@/pages/home/HomePage').then((m) => ({ Component: m.HomePage })) },
      ],
    },
  ],
  { basename: '/cv3' },
);
