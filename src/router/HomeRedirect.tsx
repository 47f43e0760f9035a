import { Navigate } from 'react-router-dom';
import { STORAGE_KEYS } from '@/api';
import { useSession } from '@/session/SessionContext';
import { homePath } from './home';
import { ROUTES } from './routeTable';

/** `/` after login: the home rules of spec section 2. */
export function HomeRedirect(): React.JSX.Element {
  const { security, permitted } = useSession();
  const available = ROUTES.filter((r) => !r.public && permitted.has(r.path)).map((r) => r.path);
  const target = homePath({
    homeUrl: security.homeUrl,
    role: security.currentRole3?.roleCode ?? null,
    available,
    storedHomepage: window.localStorage.getItem(STORAGE_KEYS.homepage),
  });
  return <Navigate to={target} replace />;
}
