/**
 * Login paths, read by the login page's guard in the entry chunk: nothing here imports the route table, which
 * loads after the login page (src/router/router.tsx).
 */
/** A path without its trailing slashes (`/` stays `/`). */
export const normalise = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function isLoginPath(path: string): boolean {
  return /^\/login(\/|$)/.test(path);
}

/**
 * Spec section 4: a user who came through a platform with its own login page (stored at login) and lands on
 * any login path is sent to that login page. Returns the path to go to, or null to stay.
 */
export function loginPageRedirect(path: string, storedLoginUrl: string | null): string | null {
  if (!storedLoginUrl || !isLoginPath(path)) return null;
  return normalise(path) === normalise(storedLoginUrl) ? null : storedLoginUrl;
}
