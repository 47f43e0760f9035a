import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '@/session/SessionContext';
import {
  debounce,
  DEFAULT_WIDTH,
  productCorpInfo,
  RESIZE_DEBOUNCE_MS,
  screenSize,
  type CorpInfoProduct,
  type ProductCorpInfo,
  type ScreenSize,
} from './clientState';

interface ClientState {
  screen: ScreenSize;
  width: number;
  /** The path (with query) the user was on before this one. */
  previousRoute: string | null;
  /** The enterprise's info for the order, gpc and ezt products (spec section 3; null where not opened). */
  corpInfo: Record<CorpInfoProduct, ProductCorpInfo | null>;
}

const ClientStateContext = createContext<ClientState>({
  screen: 'MINI',
  width: DEFAULT_WIDTH,
  previousRoute: null,
  corpInfo: { order: null, gpc: null, ezt: null },
});

/** Screen size (WIDE at 1480 px or more, 200 ms resize debounce), the previous route and the corp info. */
export function ClientStateProvider({ children }: { children: ReactNode }): React.JSX.Element {
  const [width, setWidth] = useState(() =>
    typeof window === 'undefined' ? DEFAULT_WIDTH : window.innerWidth,
  );
  const location = useLocation();
  const current = useRef<string | null>(null);
  const [previousRoute, setPreviousRoute] = useState<string | null>(null);
  const { security } = useSession();
  const corpInfo = useMemo(
    () => productCorpInfo(security.user3, security.openedProductCorps),
    [security.user3, security.openedProductCorps],
  );

  useEffect(() => {
    const onResize = debounce(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    const here = location.pathname + location.search;
    if (current.current !== null && current.current !== here) setPreviousRoute(current.current);
    current.current = here;
  }, [location.pathname, location.search]);

  return (
    <ClientStateContext.Provider value={{ screen: screenSize(width), width, previousRoute, corpInfo }}>
      <div data-screen={screenSize(width)} data-testid="client-state">
        {children}
      </div>
    </ClientStateContext.Provider>
  );
}

export function useClientState(): ClientState {
  return useContext(ClientStateContext);
}
