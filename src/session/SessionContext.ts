import { createContext, useContext } from 'react';
import type { SecurityInfo } from '@/api';

export interface SessionState {
  security: SecurityInfo;
  /** Paths menus3 grants for the current role. */
  permitted: ReadonlySet<string>;
  /** Re-reads /v2/security, optionally switching the current role. */
  reload: (role?: string) => Promise<SecurityInfo>;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionGate');
  return value;
}
