import { App, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  ApiRequestError,
  CORP_CANCELLED_MESSAGE,
  fetchSecurity,
  LOGIN_PATH,
  logoutUrl,
  type SecurityInfo,
} from '@/api';
import { permittedPaths } from '@/router/access';
import { clearOnLogout, storedRole, storeRole } from './storage';
import { SessionContext } from './SessionContext';

/** Delay before the cancelled-enterprise message (spec section 9). */
export const CANCELLED_MESSAGE_DELAY_MS = 4000;

/** Everything behind the login: fetches the session (a 401 sends the user to the login page). */
export function SessionGate(): React.JSX.Element {
  const [security, setSecurity] = useState<SecurityInfo | null>(null);
  // The page a switch is going to, until the router has arrived there (its chunk may still be loading).
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The App's modal, not antd's static Modal: it renders inside the portal's ConfigProvider (src/AntdRoot.tsx),
  // so it has the accessible theme and no motion when the system asks for reduced motion.
  const { modal } = App.useApp();
  useEffect(() => setSwitchingTo(null), [pathname]);

  const reload = useCallback(
    async (role?: string, destination?: (info: SecurityInfo) => string | null) => {
      const stored = role ? null : storedRole();
      const info = await fetchSecurity(role ?? stored).catch((e: unknown) => {
        // The stored role was taken away by the enterprise's administrator: start in one still held.
        if (stored && e instanceof ApiRequestError && e.code === 'SCF.ROLE_NOT_HELD')
          return fetchSecurity(null);
        throw e;
      });
      storeRole(info.currentRole3?.roleCode);
      const to = destination?.(info) ?? null;
      const leaving =
        to !== null && new URL(to, window.location.origin).pathname !== window.location.pathname;
      if (leaving) setSwitchingTo(to);
      setSecurity(info);
      if (to !== null) navigate(to);
      return info;
    },
    [navigate],
  );

  useEffect(() => {
    reload().catch(() => undefined);
  }, [reload]);

  const permitted = useMemo(() => permittedPaths(security?.menus3 ?? []), [security]);
  const cancelled = security?.user3.corpCancelled === true;
  useEffect(() => {
    if (!cancelled) return undefined;
    const timer = window.setTimeout(() => {
      modal.warning({
        title: '提示',
        content: CORP_CANCELLED_MESSAGE,
        okText: '确定',
        onOk: () => {
          clearOnLogout();
          window.location.assign(logoutUrl(`/cv3${LOGIN_PATH}`));
        },
      });
    }, CANCELLED_MESSAGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [cancelled, modal]);

  if (!security || cancelled) {
    return (
      <div style={{ display: 'flex', height: '100vh', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" />
      </div>
    );
  }
  return (
    <SessionContext.Provider value={{ security, permitted, reload, switching: switchingTo !== null }}>
      <Outlet />
    </SessionContext.Provider>
  );
}
