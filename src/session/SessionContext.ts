import { createContext, useContext } from 'react';
import type { SecurityInfo } from '@/api';

export interface SessionState {
  security: SecurityInfo;
  /** Re-reads /v2/security (e.g. after a role switch). */
  reload: (role?: string) => Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionGate');
  return value;
}
