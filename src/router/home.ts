import { isCoreRole } from '@contract/roles';

/** Spec section 2 "Home": where `/` leads after login. */
export const PROJECT_LIST_PATH = '/project/list';
export const ABS_CORE_INDEX_QUERY = '/abs/core/index/query';
export const ABS_CHAIN_INDEX_QUERY = '/abs/chain/index/query';

/**
 * - the server's home URL is the project list → a role containing CORE goes to the ABS core index query,
 *   any other role to the ABS chain index query;
 * - otherwise the first available route whose key matches the home URL;
 * - (a homepage chosen through the product switch wins when it is still permitted).
 */
export function homePath(options: {
  homeUrl: string;
  role: string | null;
  /** Paths the user may open, in menu order. */
  available: readonly string[];
  storedHomepage?: string | null;
}): string {
  const { homeUrl, role, available, storedHomepage } = options;
  if (storedHomepage && available.includes(storedHomepage)) return storedHomepage;
  if (homeUrl === PROJECT_LIST_PATH) return isCoreRole(role) ? ABS_CORE_INDEX_QUERY : ABS_CHAIN_INDEX_QUERY;
  const match = available.find((p) => p === homeUrl) ?? available.find((p) => p.startsWith(`${homeUrl}/`));
  return match ?? available[0] ?? PROJECT_LIST_PATH;
}
