import type { RouteObject } from 'react-router';
import { createBrowserRouter, matchPath } from 'react-router';
import { ScreenShown } from '../components/screen-shown';
import { paths } from '../config/paths';
import { firstPaintShown } from '../lib/first-paint-hand-over';
import { loadFirestoreSdk } from '../lib/firebase/sdk';
import {
  loadResetPasswordPage,
  loadSignInPage,
  loadSignUpPage,
  loadWelcomePage,
} from '../features/auth';
import { loadMePage } from '../features/profile';
import {
  memberShowcaseRoutes,
  publicShowcaseRoutes,
  publicShowcaseScreens,
} from './routes/showcase-routes';
import { Everyone, RequireSession, VisitorOnly, VisitorOrGuest } from './routes/guards';
import type { LazyScreen } from './routes/lazy-screen';
import { lazyScreen } from './routes/lazy-screen';
import { laterLiveDataHandle, liveDataHandle } from './routes/live-data';
import { NotFoundRoute } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/**
 * Each screen is its own chunk, fetched when it first renders (behind its guard, so a visitor
 * never downloads a members-only screen). `preloadRoute` starts the current screen's download at
 * start-up, in parallel with Auth restoring the session: these screens and the public showcase
 * screens, which render for everyone once Auth has answered.
 */
const screens = {
  [paths.welcome]: lazyScreen(loadWelcomePage, (m) => m.WelcomePage),
  [paths.signIn]: lazyScreen(loadSignInPage, (m) => m.SignInPage),
  [paths.signUp]: lazyScreen(loadSignUpPage, (m) => m.SignUpPage),
  [paths.resetPassword]: lazyScreen(loadResetPasswordPage, (m) => m.ResetPasswordPage),
  [paths.me]: lazyScreen(loadMePage, (m) => m.MePage),
} satisfies Record<string, LazyScreen>;

type ScreenPath = keyof typeof screens;

function screen(path: ScreenPath) {
  const { Screen } = screens[path];
  return (
    <>
      <Screen />
      <ScreenShown />
    </>
  );
}

/** Screens that read nothing at once (their live parts, if any, load after they have shown). */
const readingNothingAtOnce: readonly string[] = [
  paths.welcome,
  paths.signIn,
  paths.signUp,
  paths.resetPassword,
];

export function preloadRoute(pathname: string): void {
  // A screen that reads at once needs the Firestore SDK (lib/firebase/sdk.ts) as soon as it
  // renders: its download starts now, first, since it is the largest file and a request issued
  // after the screen's thirty small ones waits behind them for one of the browser's six
  // connections. Under a first paint the screen renders from the paint's read, and the SDK is
  // fetched when it asks for the database, after the screen's own files.
  if (!firstPaintShown() && !readingNothingAtOnce.includes(pathname)) {
    loadFirestoreSdk().catch(() => undefined);
  }
  const found =
    (screens as Record<string, LazyScreen | undefined>)[pathname] ??
    Object.entries(publicShowcaseScreens).find(([pattern]) => matchPath(pattern, pathname))?.[1];
  // A failed preload is retried (and reported) when the screen renders.
  found?.preload().catch(() => undefined);
}

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: VisitorOnly,
        ErrorBoundary: RouteError,
        children: [
          { path: paths.welcome, element: screen(paths.welcome), handle: laterLiveDataHandle },
          { path: paths.signIn, element: screen(paths.signIn) },
          { path: paths.resetPassword, element: screen(paths.resetPassword) },
        ],
      },
      {
        Component: VisitorOrGuest,
        ErrorBoundary: RouteError,
        children: [{ path: paths.signUp, element: screen(paths.signUp) }],
      },
      {
        // The gallery, a showcase and a profile: shared links open without an account.
        Component: Everyone,
        ErrorBoundary: RouteError,
        handle: liveDataHandle,
        children: publicShowcaseRoutes,
      },
      {
        Component: RequireSession,
        ErrorBoundary: RouteError,
        children: [...memberShowcaseRoutes, { path: paths.me, element: screen(paths.me) }],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export function createAppRouter() {
  // Under a first paint the page is already drawn, as a server render's would be: the router
  // starts as if hydrating, so its scroll restoration leaves the page where the reader has
  // scrolled it instead of resetting it to the top when the app mounts.
  return createBrowserRouter(routes, firstPaintShown() ? { hydrationData: {} } : {});
}
