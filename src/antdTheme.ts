import { useSyncExternalStore } from 'react';

/** Text colours with at least 4.5:1 contrast on white (WCAG AA): antd's placeholder (#bfbfbf) and link (#1677ff) fall short. */
const THEME = { token: { colorTextPlaceholder: '#767676', colorLink: '#0958d9' } };
const REDUCED_MOTION_THEME = { token: { ...THEME.token, motion: false } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The accessible antd theme for every antd screen (the portal's and the schema studio's): contrast-safe text
 * colours, and no motion when the system asks for reduced motion (WCAG 2.3.3). E2e runs ask for it
 * (playwright.config.ts), so no click lands in a half-open overlay or a tree node still sliding into place.
 */
export function useAntdTheme(): typeof THEME | typeof REDUCED_MOTION_THEME {
  const reduced = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
  return reduced ? REDUCED_MOTION_THEME : THEME;
}
