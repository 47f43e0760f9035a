import type { HttpClient } from './http';
import { STORAGE_KEYS } from './constants';
import { DEFAULT_PLATFORM_CONFIG } from '@contract/platform';
import { inlineLoginApplies } from '@contract/session';
import { encryptPassword } from './passwordCipher';
import { API, API_BASE, pathOf } from '@contract/api';
import { call, request, type ApiResponse } from './request';
import type { LoginBootstrap, PlatformConfig, SecurityInfo } from './types';

/** The session calls of spec section 7. */
export async function fetchLoginBootstrap(): Promise<LoginBootstrap> {
  const data = await call(API.bootstrap);
  window.localStorage.setItem(STORAGE_KEYS.csrfToken, data.csrfToken);
  return data;
}

/** Platform branding for this host; on any failure the built-in defaults (spec section 8). */
export async function fetchPlatformConfig(host = window.location.host): Promise<PlatformConfig> {
  try {
    const list = await call(API.platforms, { body: { platformUrl: host } });
    return list[0] ? { ...DEFAULT_PLATFORM_CONFIG, ...list[0] } : DEFAULT_PLATFORM_CONFIG;
  } catch {
    return DEFAULT_PLATFORM_CONFIG;
  }
}

/** `http`: another client than the portal's (the schema studio previews as demo users with its own). */
export async function fetchSecurity(
  currentRole?: string | null,
  http: HttpClient = request(),
): Promise<SecurityInfo> {
  const params = {
    user3Required: true,
    candidateRoles3Required: true,
    roles3Required: true,
    menus3Required: true,
    currentRole3: currentRole ?? undefined,
  };
  return (await http.get<ApiResponse<SecurityInfo>>(API.security.path, { params })).data.data;
}

export async function login(
  username: string,
  password: string,
  http: HttpClient = request(),
): Promise<{ csrfToken: string }> {
  const get = async <T>(url: string) => (await http.get<ApiResponse<T>>(url)).data.data;
  // The page's own bootstrap first: two anonymous GET /login at once would open two sessions (and tokens).
  await pageBootstrap;
  // A fresh CSRF token first: the login page may have been open longer than the anonymous session lives.
  const bootstrap = await get<LoginBootstrap>(API.bootstrap.path);
  window.localStorage.setItem(STORAGE_KEYS.csrfToken, bootstrap.csrfToken);
  const key = await get<{ publicKey: string }>(API.passwordKey.path);
  const answer = await http.post<ApiResponse<{ csrfToken: string }>>(API.login.path, {
    username,
    password: await encryptPassword(password, key.publicKey),
  });
  const result = answer.data.data;
  window.localStorage.setItem(STORAGE_KEYS.csrfToken, result.csrfToken);
  return result;
}

/** The login page's GET /login while it is under way ({@link login} waits for it). */
let pageBootstrap: Promise<unknown> = Promise.resolve();

/**
 * The login page's bootstrap (spec section 7, `GET /login`, with its anti-forgery and terminal headers): the
 * CSRF token is stored, and for an inline login the address `/uaa/login/success` returns (else null).
 */
export async function inlineLoginTarget(http: HttpClient = request()): Promise<string | null> {
  const asked = http.get<ApiResponse<LoginBootstrap>>(pathOf(API.bootstrap));
  pageBootstrap = asked.catch(() => undefined);
  const bootstrap = (await asked).data.data;
  window.localStorage.setItem(STORAGE_KEYS.csrfToken, bootstrap.csrfToken);
  if (!inlineLoginApplies(bootstrap)) return null;
  return (await http.get<ApiResponse<{ redirectUrl: string }>>(pathOf(API.loginSuccess))).data.data
    .redirectUrl;
}

export async function loginSuccessUrl(): Promise<string> {
  return (await call(API.loginSuccess)).redirectUrl;
}

/**
 * Token login (spec section 7): `POST {token}` makes a user token (GET /corp/v1/auth/token, perhaps from
 * another window or version) this browser's session, then a form GET to /uaa/login/success goes to the
 * user's home (ADR 0015). `submit` is the browser's form navigation (replaced in tests).
 */
export async function loginWithToken(
  token: string,
  submit: (action: string) => void = submitGetForm,
): Promise<void> {
  const { csrfToken } = await call(API.tokenLogin, { params: { token } });
  window.localStorage.setItem(STORAGE_KEYS.csrfToken, csrfToken);
  submit(`${API_BASE}${pathOf(API.loginSuccess)}`);
}

/** A GET form navigation to `action` (a page request, so the server answers with a redirect). */
function submitGetForm(action: string): void {
  const form = document.createElement('form');
  form.method = 'GET';
  form.action = action;
  form.style.display = 'none';
  document.body.appendChild(form);
  form.submit();
}

/** The version switch (spec section 4): the user's token, then the token login above. */
export async function switchVersion(submit?: (action: string) => void): Promise<void> {
  const { token } = await call(API.authToken);
  await loginWithToken(token, submit);
}

/** The address of the host's platform logo (spec section 7, GET /v1/files/logo/preview). */
export const platformLogoUrl = (): string => `${API_BASE}${pathOf(API.logoPreview)}`;

/** The server logout address (a navigation, so the CSRF token travels as `_csrf`). */
export function logoutUrl(returnTo: string): string {
  const csrf = window.localStorage.getItem(STORAGE_KEYS.csrfToken) ?? '';
  return `${API_BASE}${pathOf(API.logout)}?redirect_url=${encodeURIComponent(returnTo)}&_csrf=${encodeURIComponent(csrf)}`;
}

export async function fetchHolidays(region = 'R_156'): Promise<string[]> {
  return call(API.holidays, { query: { region } });
}

export async function fetchIssuerParam(): Promise<{
  groups: unknown[];
  legalType: boolean;
  issuerType: string;
}> {
  return call(API.issuerParam);
}

export async function fetchAuthToken(): Promise<{ token: string; expiresAt: number }> {
  return call(API.authToken);
}

/** The unread count of the bell (`data.pagecond.count`). */
export async function fetchUnreadCount(): Promise<number> {
  const data = await call(API.messages, { query: { status: 'UNREAD', size: 1 } });
  return data.pagecond.count;
}
