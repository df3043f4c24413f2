import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath, pageOf } from '../lib/login-return';
import { useSession } from '../lib/session';

/** Screens that need an account: without a stored token, go to /login in place of this entry, to come back after. */
export function RequireSession() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to={loginPath(pageOf(location))} replace />;
  return <Outlet />;
}
