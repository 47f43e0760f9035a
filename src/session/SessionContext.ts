import { createContext, useContext } from 'react';
import type { SecurityInfo } from '@/api';

export interface SessionState {
  security: SecurityInfo;
  /** Paths menus3 grants for the current role. */
  permitted: ReadonlySet<string>;
  /**
   * Re-reads /v2/security, optionally switching the current role. With `destination`, the session changes
   * and the portal goes where `destination` says (null: stays) in one step: the page left behind, which
   * the new role may not open, is never judged against the new role's menus on the way (spec section 4).
   */
  reload: (role?: string, destination?: (info: SecurityInfo) => string | null) => Promise<SecurityInfo>;
  /** A role or product switch is on its way to its destination (its page still loading). */
  switching: boolean;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionGate');
  return value;
}
