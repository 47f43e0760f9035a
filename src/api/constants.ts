/** Client constants of spec section 9 and the storage keys the portal shares between screens. */
export const BASE_PATH = '/cv3/';
export { API_BASE } from '@contract/api';
export const REQUEST_TIMEOUT_MS = 300000;
/** Identifies this client kind to the server (X-CCBSCF-TERMINAL-CODE). */
export const TERMINAL_CODE = 'CORP_WEB_PC';
export const LOGIN_PATH = '/login/login';

export const STORAGE_KEYS = {
  /** localStorage: the CSRF token the server handed out (sent as X-CSRF-TOKEN, keys x-vrandom). */
  csrfToken: 'X-CSRF-TOKEN',
  /** sessionStorage: the current role, re-sent on reload. */
  currentRole: 'currentRole',
  /** localStorage: the homepage chosen through the product switch. */
  homepage: 'homepage',
  /** localStorage: forms in progress kept across a reload (a page schema's `form.keep`), by name. */
  keptForms: 'keptForms',
  /** localStorage: the login page URL of the platform the user came through. */
  loginPageUrl: 'loginPageUrl',
} as const;
