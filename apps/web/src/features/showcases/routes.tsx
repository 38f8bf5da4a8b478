import type { ComponentType } from 'react';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { SectionProgress } from '../../components/feedback/full-page-progress';
import { ScreenShown } from '../../components/screen-shown';
import { paths } from '../../config/paths';

// Each screen is its own chunk; they share one chunk with the Firestore SDK, which the sign-in
// screens never load.
function page<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  return (
    // Screens also suspend while Firestore starts (useFirestore).
    <Suspense fallback={<SectionProgress />}>
      <Page />
      <ScreenShown />
    </Suspense>
  );
}

const publicScreens = {
  [paths.home]: () => import('./components/gallery-page'),
  [paths.showcase]: () => import('./components/showcase-page'),
  [paths.userProfile]: () => import('./components/user-page'),
};

/**
 * The public screens' code by route pattern, for the router to start downloading at start-up
 * (with the Firestore SDK they share) while Auth restores the session: anyone may open them.
 */
export const publicShowcaseScreens: Readonly<Record<string, () => Promise<unknown>>> =
  publicScreens;

/** Showcase routes open to everyone, signed in or not: the gallery, a showcase, a profile. */
export const publicShowcaseRoutes: RouteObject[] = [
  {
    path: paths.home,
    element: page(publicScreens[paths.home], (module) => module.GalleryPage),
  },
  {
    path: paths.showcase,
    element: page(publicScreens[paths.showcase], (module) => module.ShowcasePage),
  },
  {
    path: paths.userProfile,
    element: page(publicScreens[paths.userProfile], (module) => module.UserPage),
  },
];

/** Showcase routes for signed-in users, spread by the app router inside its session guard. */
export const memberShowcaseRoutes: RouteObject[] = [
  {
    path: paths.newShowcase,
    element: page(
      () => import('./components/new-showcase-page'),
      (module) => module.NewShowcasePage,
    ),
  },
  {
    path: paths.editShowcase,
    element: page(
      () => import('./components/edit-showcase-page'),
      (module) => module.EditShowcasePage,
    ),
  },
  {
    path: paths.myShowcases,
    element: page(
      () => import('./components/my-showcases-page'),
      (module) => module.MyShowcasesPage,
    ),
  },
];
