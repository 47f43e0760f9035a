import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { debounce, DEFAULT_WIDTH, RESIZE_DEBOUNCE_MS, screenSize, type ScreenSize } from './clientState';

interface ClientState {
  screen: ScreenSize;
  width: number;
  /** The path (with query) the user was on before this one. */
  previousRoute: string | null;
}

const ClientStateContext = createContext<ClientState>({
  screen: 'MINI',
  width: DEFAULT_WIDTH,
  previousRoute: null,
});

/** Screen size (WIDE at 1480 px or more, 200 ms resize debounce) and the previous route. */
export function ClientStateProvider({ children }: { children: ReactNode }): React.JSX.Element {
  const [width, setWidth] = useState(() =>
    typeof window === 'undefined' ? DEFAULT_WIDTH : window.innerWidth,
  );
  const location = useLocation();
  const current = useRef<string | null>(null);
  const [previousRoute, setPreviousRoute] = useState<string | null>(null);

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
    <ClientStateContext.Provider value={{ screen: screenSize(width), width, previousRoute }}>
      <div data-screen={screenSize(width)} data-testid="client-state">
        {children}
      </div>
    </ClientStateContext.Provider>
  );
}

export function useClientState(): ClientState {
  return useContext(ClientStateContext);
}
