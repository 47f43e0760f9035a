import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';

// Date pickers name months and weekdays through dayjs: Chinese everywhere (antd's locale alone does not).
dayjs.locale('zh-cn');

/** Text colours with at least 4.5:1 contrast on white (WCAG AA): antd's placeholder (#bfbfbf) and link (#1677ff) fall short. */
const THEME = { token: { colorTextPlaceholder: '#767676', colorLink: '#0958d9' } };
const REDUCED_MOTION_THEME = { token: { ...THEME.token, motion: false } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
/** The user's system asks for less motion (WCAG 2.3.3): antd's overlays, tabs and messages then appear without animating. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches);
}

/**
 * The layout route above every screen built with antd: Chinese locale, the accessible theme (no motion when
 * the system asks for reduced motion; e2e runs ask for it, so no click lands in a half-open overlay), and antd's App,
 * which holds the message API above the routes, so a message shown just before a navigation survives it.
 * It loads with the first such screen: the login page is plain markup and opens without antd.
 */
export function AntdRoot(): React.JSX.Element {
  return (
    <ConfigProvider locale={zhCN} theme={usePrefersReducedMotion() ? REDUCED_MOTION_THEME : THEME}>
      <AntdApp>
        <Outlet />
      </AntdApp>
    </ConfigProvider>
  );
}
