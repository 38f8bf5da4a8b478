import { lazy, Suspense, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { FullPageProgress, SectionProgress } from '../../components/feedback/full-page-progress';
import { ErrorPage } from '../../components/feedback/error-page';
import { useNotify } from '../../components/feedback/notifier';
import { AppShell } from '../../components/layouts/app-shell';
import { useGalleryHref } from '../../features/showcases/gallery-link';
import { describeStartupError } from '../../lib/errors/startup';
import type { SessionState } from '../../lib/session';
import { sessionActions, useSession } from '../../lib/session';

// Lazy, and rendered only for signed-in users: the indicator pulls in Firestore, which the
// visitor screens (/welcome, /signin, …) must never download.
const ConnectionIndicator = lazy(() =>
  import('../../features/connection/connection-indicator').then((module) => ({
    default: module.ConnectionIndicator,
  })),
);

const NavigationEffects = lazy(() =>
  import('./navigation-effects').then((module) => ({ default: module.NavigationEffects })),
);

// Signed-in users only, and only after Auth has loaded: the menu's code is not needed sooner.
const UserMenu = lazy(() =>
  import('../../features/auth/components/user-menu').then((module) => ({
    default: module.UserMenu,
  })),
);

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

/**
 * The frame of every screen. Until Auth has restored the session nothing but a progress
 * indicator is shown, so a reload never flashes a screen meant for someone else.
 */
export function RootLayout() {
  const session = useSession();
  useRedirectOutcome(session);
  const galleryHref = useGalleryHref();

  if (session.status === 'unknown') return <FullPageProgress />;
  if (session.status === 'failed') {
    return (
      <ErrorPage title="Showcase could not start" message={describeStartupError(session.error)} />
    );
  }
  const user = session.status === 'signed-in' ? session.user : null;
  return (
    <AppShell
      homeHref={galleryHref}
      connection={
        user ? (
          <Suspense fallback={null}>
            <ConnectionIndicator />
          </Suspense>
        ) : null
      }
      userMenu={
        user ? (
          <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
            <UserMenu user={user} />
          </Suspense>
        ) : null
      }
    >
      <Suspense fallback={<SectionProgress />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <NavigationEffects />
      </Suspense>
    </AppShell>
  );
}
