import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '@/api';
import { loginPageRedirect } from './loginPaths';

/** Spec section 4: with a stored login-page URL, any login path leads to that login page. */
export function LoginPathGuard(): React.JSX.Element {
  const { pathname, search } = useLocation();
  const target = loginPageRedirect(pathname, window.localStorage.getItem(STORAGE_KEYS.loginPageUrl));
  return target ? <Navigate to={`${target}${search}`} replace /> : <Outlet />;
}
