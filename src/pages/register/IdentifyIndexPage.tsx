import { Navigate } from 'react-router-dom';

/** register/abs/identify/index goes to the soft-key identification (spec section 2). */
export function IdentifyIndexPage(): React.JSX.Element {
  return <Navigate to="/register/abs/identify/soft-key" replace />;
}
