import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { unconvertedRedirect } from '../features/account/unconverted.ts';
import { rememberRoute, useSession } from '../session/session.ts';

/** Every signed-in route: no session → /login (coming back here after); forced password change first. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const here = location.pathname + location.search;
  useEffect(() => {
    // /simuladores only hands the session to the demo mode's /dev pages: not a place to come back to.
    if (session && location.pathname !== '/change/password' && location.pathname !== '/simuladores') rememberRoute(here);
  }, [session, here, location.pathname]);
  if (!session) return <Navigate to="/login" replace state={{ from: here }} />;
  if (session.mustChangePassword && location.pathname !== '/change/password') {
    return <Navigate to="/change/password" replace />;
  }
  // Spec 000 §4: a store user who never redefined the password stays on My Account until it does.
  const unconverted = unconvertedRedirect(session.user, location.pathname);
  if (unconverted) return <Navigate to={unconverted} replace />;
  return <Outlet />;
}
