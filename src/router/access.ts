import type { MenuResource } from '@/api';
import { normalise } from './loginPaths';
import { ROUTES } from './routeTable';

// The login page's guard reads these without the route table (src/router/router.tsx).
export { isLoginPath, loginPageRedirect } from './loginPaths';

/** Spec section 2: pages anyone may open, logged in or not (route blocks with `public`). */
export const PUBLIC_PATHS: readonly string[] = ROUTES.filter((r) => r.public).map((r) => r.path);

/** Spec section 2: pages every logged-in user may open, whatever the menu (route blocks with `alwaysAllowed`). */
export const ALWAYS_ALLOWED_PATHS: readonly string[] = ROUTES.filter((r) => r.alwaysAllowed).map(
  (r) => r.path,
);

export const FORBIDDEN_PATH = '/error-page/403';
/** Where a user with an initial password is kept until they change it (person info's 修改密码). */
export const PASSWORD_CHANGE_PATH = '/my/person-info/index';
export const NOT_FOUND_PATH = '/error-page/404';

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(normalise(path));
}

/** Every route path the server's menus3 grants (its leaves' `menuBrief`). */
export function permittedPaths(menus: readonly MenuResource[]): Set<string> {
  const out = new Set<string>();
  const walk = (items: readonly MenuResource[]): void => {
    for (const m of items) {
      if (m.menuBrief.startsWith('/')) out.add(normalise(m.menuBrief));
      walk(m.childMenuResources);
    }
  };
  walk(menus);
  return out;
}

export type AccessDecision = 'allow' | 'login' | 'forbidden';

/**
 * Spec section 2: public pages are open; after login the always-allowed list is open and everything else
 * only when menus3 (already filtered by the server for the current role) grants the path.
 */
export function decideAccess(
  path: string,
  loggedIn: boolean,
  permitted: ReadonlySet<string>,
): AccessDecision {
  const p = normalise(path);
  if (isPublicPath(p)) return 'allow';
  if (!loggedIn) return 'login';
  if (ALWAYS_ALLOWED_PATHS.includes(p)) return 'allow';
  return permitted.has(p) ? 'allow' : 'forbidden';
}
