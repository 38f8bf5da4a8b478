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
 * Screens for everyone (the gallery, a showcase, a profile). Signing out on purpose leaves them
 * for /welcome, as it does every screen; a session that ended by itself leaves the reader where
 * they are, now as a visitor.
 */
export function Everyone() {
  const session = useSession();
  const wasSignedIn = useRef(session.status === 'signed-in');
  useEffect(() => {
    wasSignedIn.current = session.status === 'signed-in';
  });
  const signedOutOnPurpose =
    wasSignedIn.current && session.status === 'signed-out' && session.signOutReason === 'user';
  return signedOutOnPurpose ? <Navigate to={paths.welcome} replace /> : <Outlet />;
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
