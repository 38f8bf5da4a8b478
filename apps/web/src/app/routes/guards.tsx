import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { locationPath, readAuthState } from '../../utils/return-to';

/**
 * Screens for signed-in users (guests and members). A visitor is sent to /welcome, or to
 * /signin with the "session ended" note after an involuntary sign-out, remembering the path so
 * signing in brings them back. A user who signed out on purpose starts fresh from /welcome.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signed-in') return <Outlet />;
  if (session.status === 'signed-out' && session.signOutReason === 'user') {
    return <Navigate to={paths.welcome} replace />;
  }
  const ended = session.status === 'signed-out' && session.signOutReason === 'session-ended';
  return (
    <Navigate
      to={ended ? paths.signIn : paths.welcome}
      replace
      state={{ from: locationPath(location) }}
    />
  );
}

/**
 * Screens for everyone (the gallery, a showcase, a profile). A user who signs out here leaves as
 * from any screen: on purpose to /welcome; when the session ended by itself, to /signin with
 * its "session ended" note, and back here after signing in again.
 */
export function Everyone() {
  const session = useSession();
  const location = useLocation();
  const wasSignedIn = useRef(session.status === 'signed-in');
  useEffect(() => {
    wasSignedIn.current = session.status === 'signed-in';
  });
  if (!wasSignedIn.current || session.status !== 'signed-out') return <Outlet />;
  return session.signOutReason === 'session-ended' ? (
    <Navigate to={paths.signIn} replace state={{ from: locationPath(location) }} />
  ) : (
    <Navigate to={paths.welcome} replace />
  );
}

function useDestination(): string {
  const session = useSession();
  const location = useLocation();
  const returnTo = session.status === 'signed-in' ? session.returnTo : null;
  return readAuthState(location.state).from ?? returnTo ?? paths.home;
}

/** /welcome, /signin, /reset: a signed-in user goes on to where they were heading. */
export function VisitorOnly() {
  const session = useSession();
  const destination = useDestination();
  return session.status === 'signed-in' ? <Navigate to={destination} replace /> : <Outlet />;
}

/** /signup: visitors create an account, guests upgrade; members have nothing to do there. */
export function VisitorOrGuest() {
  const session = useSession();
  const destination = useDestination();
  return session.status === 'signed-in' && !session.user.isAnonymous ? (
    <Navigate to={destination} replace />
  ) : (
    <Outlet />
  );
}
