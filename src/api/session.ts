import { STORAGE_KEYS } from './constants';
import { DEFAULT_PLATFORM_CONFIG } from '@contract/platform';
import { encryptPassword } from './passwordCipher';
import { apiGet, apiPost } from './request';
import type { LoginBootstrap, PageResult, PlatformConfig, SecurityInfo } from './types';

/** The session calls of spec section 7. */
export async function fetchLoginBootstrap(): Promise<LoginBootstrap> {
  const data = await apiGet<LoginBootstrap>('/login');
  window.localStorage.setItem(STORAGE_KEYS.csrfToken, data.csrfToken);
  return data;
}

/** Platform branding for this host; on any failure the built-in defaults (spec section 8). */
export async function fetchPlatformConfig(host = window.location.host): Promise<PlatformConfig> {
  try {
    const list = await apiPost<PlatformConfig[]>('/biz/v1/platforms', { platformUrl: host });
    return list[0] ? { ...DEFAULT_PLATFORM_CONFIG, ...list[0] } : DEFAULT_PLATFORM_CONFIG;
  } catch {
    return DEFAULT_PLATFORM_CONFIG;
  }
}

export async function fetchSecurity(currentRole?: string | null): Promise<SecurityInfo> {
  return apiGet<SecurityInfo>('/v2/security', {
    user3Required: true,
    candidateRoles3Required: true,
    roles3Required: true,
    menus3Required: true,
    currentRole3: currentRole ?? undefined,
  });
}

export async function login(username: string, password: string): Promise<{ csrfToken: string }> {
  // A fresh CSRF token first: the login page may have been open longer than the anonymous session lives.
  await fetchLoginBootstrap();
  const key = await apiGet<{ publicKey: string }>('/v1/auth/passwords/public-keys');
  const result = await apiPost<{ csrfToken: string }>('/uaa/login', {
    username,
    password: await encryptPassword(password, key.publicKey),
  });
  window.localStorage.setItem(STORAGE_KEYS.csrfToken, result.csrfToken);
  return result;
}

export async function loginSuccessUrl(): Promise<string> {
  return (await apiGet<{ redirectUrl: string }>('/uaa/login/success')).redirectUrl;
}

/** The server logout address (a navigation, so the CSRF token travels as `_csrf`). */
export function logoutUrl(returnTo: string): string {
  const csrf = window.localStorage.getItem(STORAGE_KEYS.csrfToken) ?? '';
  return `/api/web/uaa/logout?redirect_url=${encodeURIComponent(returnTo)}&_csrf=${encodeURIComponent(csrf)}`;
}

export async function fetchHolidays(region = 'R_156'): Promise<string[]> {
  return apiGet<string[]>('/corp/v1/dates/holidays/currentYear', { region });
}

export async function fetchIssuerParam(): Promise<{
  groups: unknown[];
  legalType: boolean;
  issuerType: string;
}> {
  return apiGet('/corp/v1/credits/issue/issuers/param');
}

export async function fetchAuthToken(): Promise<{ token: string; expiresAt: number }> {
  return apiGet('/corp/v1/auth/token');
}

/** The unread count of the bell (`data.pagecond.count`). */
export async function fetchUnreadCount(): Promise<number> {
  const data = await apiGet<PageResult<unknown>>('/corp/v1/sys/messages', {
    messageState: 'UNREAD',
    size: 1,
  });
  return data.pagecond.count;
}
