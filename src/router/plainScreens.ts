import type { ScreenModule } from './screens';

/**
 * Public screens of plain markup, part of src/router/screens.ts: the router knows them from its first load,
 * before the route table and without antd (the login page's first load, tests/e2e/login.spec.ts).
 */
export const PLAIN_SCREENS: Readonly<Record<string, readonly [load: ScreenModule, exportName: string]>> = {
  '/login/login': [() => import('@/pages/login/LoginPage'), 'LoginPage'],
  '/login/abs/login': [() => import('@/pages/login/LoginPage'), 'LoginPage'],
};
