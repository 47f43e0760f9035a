import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_PLATFORM_CONFIG, fetchPlatformConfig, type PlatformConfig } from '@/api';

interface PlatformState {
  config: PlatformConfig;
  loaded: boolean;
}

const PlatformContext = createContext<PlatformState>({ config: DEFAULT_PLATFORM_CONFIG, loaded: false });

/** Loads the host's platform config once (falling back to the built-in defaults). */
export function PlatformProvider({ children }: { children: ReactNode }): React.JSX.Element {
  const [state, setState] = useState<PlatformState>({ config: DEFAULT_PLATFORM_CONFIG, loaded: false });
  useEffect(() => {
    let alive = true;
    void fetchPlatformConfig().then((config) => {
      if (!alive) return;
      setState({ config, loaded: true });
      if (config.platformName) document.title = config.platformName;
    });
    return () => {
      alive = false;
    };
  }, []);
  return <PlatformContext.Provider value={state}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): PlatformState {
  return useContext(PlatformContext);
}
