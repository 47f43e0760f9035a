import { hasMenu } from '@contract/roles';
import { STORAGE_KEYS } from '@/api';

/** The role kept across reloads; ROLE_CORP_DEFAULT is never stored (spec section 4). */
export function storedRole(): string | null {
  return window.sessionStorage.getItem(STORAGE_KEYS.currentRole);
}

export function storeRole(role: string | null | undefined): void {
  if (role && hasMenu(role)) window.sessionStorage.setItem(STORAGE_KEYS.currentRole, role);
  else window.sessionStorage.removeItem(STORAGE_KEYS.currentRole);
}

/** What logout clears (spec section 4): the stored role, the homepage and kept (registration) forms. */
export function clearOnLogout(): void {
  window.sessionStorage.removeItem(STORAGE_KEYS.currentRole);
  window.localStorage.removeItem(STORAGE_KEYS.homepage);
  window.localStorage.removeItem(STORAGE_KEYS.keptForms);
}
