import type { RouteObject } from 'react-router-dom';

/** Route metadata of spec section 2 for screens written by hand (schema pages carry theirs in `route`). */
export interface HandwrittenRoute {
  path: string;
  title: string;
  /** Open without login (spec section 2's public list). */
  public?: boolean;
  hideTopMenu?: boolean;
  openInBlank?: boolean;
  lazy: NonNullable<RouteObject['lazy']>;
}

const page = (load: () => Promise<Record<string, unknown>>, name: string): HandwrittenRoute['lazy'] =>
  (() => load().then((m) => ({ Component: m[name] as React.ComponentType }))) as HandwrittenRoute['lazy'];

/**
 * Hand-written screens, one line each: the shell mounts the public ones outside the session and the others
 * inside it, with the access rules of spec section 2.
 */
export const HANDWRITTEN_ROUTES: HandwrittenRoute[] = [
  { path: '/login/login', title: '登录', public: true, lazy: page(() => import('@/pages/login/LoginPage'), 'LoginPage') },
  { path: '/login/abs/login', title: '登录', public: true, lazy: page(() => import('@/pages/login/LoginPage'), 'LoginPage') },
];
