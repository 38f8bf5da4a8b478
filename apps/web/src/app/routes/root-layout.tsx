import type { ReactNode } from 'react';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { FullPageProgress, SectionProgress } from '../../components/feedback/full-page-progress';
import { ErrorPage } from '../../components/feedback/error-page';
import { UpdatePrompt } from '../../components/feedback/update-prompt';
import { useNotify } from '../../components/feedback/notifier';
import { AppShell } from '../../components/layouts/app-shell';
import { loadUserMenu, SignInButton } from '../../features/auth';
import { loadActivityButton } from '../../features/activity';
import { loadConnectionIndicator, SignOutGuard } from '../../features/connection';
import { paths, visitorOnlyPaths } from '../../config/paths';
import { useGalleryHref } from '../../lib/showcases/gallery-link';
import { describeStartupError } from '../../lib/errors/startup';
import type { SessionState, SessionUser } from '../../lib/session';
import { expectsVisitor, sessionActions, useSession } from '../../lib/session';
import { drawsBeforeAuth, searchAfterFirstScreen } from '../before-auth';
import { whenIdle } from '../../utils/when-idle';
import { useShowsLiveData } from './live-data';
import { useRevealElsewhere } from '../../hooks/use-reveal-app';

// Lazy, and rendered for signed-in users and on the screens that show data: the signed-in
// user's part pulls in Firestore, which the sign-in screens must never download.
const ConnectionIndicator = lazy(() =>
  loadConnectionIndicator().then((module) => ({
    default: module.ConnectionIndicator,
  })),
);

// Members only, with Firestore: its own chunk, in a slot of its size until it arrives.
const ActivityButton = lazy(() =>
  loadActivityButton().then((module) => ({ default: module.ActivityButton })),
);

const NavigationEffects = lazy(() =>
  import('./navigation-effects').then((module) => ({ default: module.NavigationEffects })),
);

// Signed-in users only, and only after Auth has loaded: the menu's code is not needed sooner.
const UserMenu = lazy(() =>
  loadUserMenu().then((module) => ({
    default: module.UserMenu,
  })),
);

/** The screens that are themselves the way in (their own buttons say Sign in). */
const wayInPaths: readonly string[] = [...visitorOnlyPaths, paths.signUp];

/** A redirect sign-in that came back with an error is reported once, in the snackbar area. */
function useRedirectOutcome(session: SessionState): void {
  const notify = useNotify();
  const reported = useRef(false);
  const redirectError =
    session.status === 'signed-in' || session.status === 'signed-out'
      ? session.redirectError
      : null;
  useEffect(() => {
    if (!redirectError || reported.current) return;
    reported.current = true;
    void import('../../lib/errors').then((errors) => {
      if (!errors.isCancellation(redirectError)) {
        notify({ severity: 'error', message: errors.describeError(redirectError).message });
      }
      sessionActions().clearRedirectOutcome();
    });
  }, [redirectError, notify]);
}

/** False until a screen has shown and the browser has then been idle. */
function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => whenIdle(() => setAfter(true)), []);
  return after;
}

/**
 * The session, except that the first answer from Auth (from `unknown` to signed in or out) is
 * rendered as a transition: the session store is read with `useSyncExternalStore`, whose updates
 * React renders in one go, and this first one renders the app bar and the screen, a long task on
 * a slow phone; a transition is rendered in slices. Later changes (sign-in, sign-out) are not
 * deferred, so the frame never lags behind the screens, which read the session themselves.
 */
function useSessionFirstAnswerDeferred(): SessionState {
  const session = useSession();
  const deferred = useDeferredValue(session);
  return deferred.status === 'unknown' ? deferred : session;
}

/**
 * The app bar's connection indicator and user menu (or a visitor's **Sign in**): the frame's,
 * and the first paint's templates' (which render the lazy parts' fallbacks, as the app's first
 * render does).
 */
export function appBarSlots({
  user,
  showsLiveData,
  onWayIn,
}: {
  user: SessionUser | null;
  showsLiveData: boolean;
  onWayIn: boolean;
}): { connection: ReactNode; userMenu: ReactNode } {
  return {
    connection:
      user || showsLiveData ? (
        <Suspense fallback={null}>
          <ConnectionIndicator />
        </Suspense>
      ) : null,
    userMenu: user ? (
      <>
        {user.isAnonymous ? null : (
          <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
            <ActivityButton uid={user.uid} />
          </Suspense>
        )}
        <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
          <UserMenu user={user} />
        </Suspense>
      </>
    ) : onWayIn ? null : (
      <SignInButton />
    ),
  };
}

/**
 * The frame of every screen. Until Auth has restored the session nothing but a progress
 * indicator is shown, so a reload never flashes a screen meant for someone else.
 */
export function RootLayout() {
  const session = useSessionFirstAnswerDeferred();
  const liveData = useShowsLiveData();
  const location = useLocation();
  const [visitorExpected] = useState(expectsVisitor);
  const onWayIn = wayInPaths.includes(location.pathname);
  useRevealElsewhere(location.pathname + location.search);
  useRedirectOutcome(session);
  const galleryHref = useGalleryHref();
  const afterFirstScreen = useAfterFirstScreen();
  const showsLiveData = liveData === true || (liveData !== false && afterFirstScreen);

  if (session.status === 'unknown' && !drawsBeforeAuth(location.pathname, visitorExpected)) {
    return <FullPageProgress />;
  }
  if (session.status === 'failed') {
    return (
      <ErrorPage title="Showcase could not start" message={describeStartupError(session.error)} />
    );
  }
  const user = session.status === 'signed-in' ? session.user : null;
  return (
    <AppShell
      homeHref={galleryHref}
      // A visitor's /welcome paints with nothing else on the link: Search follows its paint.
      search={afterFirstScreen || !searchAfterFirstScreen(location.pathname, visitorExpected)}
      {...appBarSlots({ user, showsLiveData, onWayIn })}
    >
      {/* Asks before a sign-out would drop unsent changes; mounted with the first signed-in
          frame, before any screen or menu with a Sign out button. */}
      {user ? <SignOutGuard /> : null}
      <Suspense fallback={<SectionProgress />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <NavigationEffects />
      </Suspense>
      {/* Registers the service worker (its own chunk, whose failure offline is harmless) once a
          screen has shown and the browser is idle. Not lazy itself: a lazy component whose
          chunk fails to load, as it would offline before the worker has cached it, takes the
          whole screen down with it. */}
      {afterFirstScreen ? <UpdatePrompt /> : null}
    </AppShell>
  );
}
