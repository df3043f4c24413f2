import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Screens that need an account: without a stored token, go to /login in place of this entry. */
export function RequireSession() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}
