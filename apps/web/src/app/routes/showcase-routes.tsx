import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { SectionProgress } from '../../components/feedback/full-page-progress';
import { ScreenShown } from '../../components/screen-shown';
import type { LazyScreen } from './lazy-screen';
import { lazyScreen } from './lazy-screen';
import { paths } from '../../config/paths';
import { loadActivityPage } from '../../features/activity';
import { loadEditShowcasePage, loadNewShowcasePage } from '../../features/editor';
import { loadGalleryPage, loadUserPage } from '../../features/gallery';
import { loadMyShowcasesPage } from '../../features/my-showcases';
import { loadSavedPage } from '../../features/saved';
import { loadShowcasePage } from '../../features/showcase-page';

// Each screen is its own chunk; they share one chunk with the Firestore SDK, which the sign-in
// screens never load.
function page({ Screen }: LazyScreen) {
  return (
    // Screens also suspend while Firestore starts (useFirestore).
    <Suspense fallback={<SectionProgress />}>
      <Screen />
      <ScreenShown />
    </Suspense>
  );
}

const publicScreens = {
  [paths.home]: lazyScreen(loadGalleryPage, (module) => module.GalleryPage),
  [paths.showcase]: lazyScreen(loadShowcasePage, (module) => module.ShowcasePage),
  [paths.userProfile]: lazyScreen(loadUserPage, (module) => module.UserPage),
};

/**
 * The public screens by route pattern, for the router to start downloading at start-up (with
 * the Firestore SDK they share) while Auth restores the session: anyone may open them.
 */
export const publicShowcaseScreens: Readonly<Record<string, LazyScreen>> = publicScreens;

/** Showcase routes open to everyone, signed in or not: the gallery, a showcase, a profile. */
export const publicShowcaseRoutes: RouteObject[] = [
  {
    path: paths.home,
    element: page(publicScreens[paths.home]),
  },
  {
    path: paths.showcase,
    element: page(publicScreens[paths.showcase]),
  },
  {
    path: paths.userProfile,
    element: page(publicScreens[paths.userProfile]),
  },
];

/** Showcase routes for signed-in users, spread by the app router inside its session guard. */
export const memberShowcaseRoutes: RouteObject[] = [
  {
    path: paths.newShowcase,
    element: page(lazyScreen(loadNewShowcasePage, (module) => module.NewShowcasePage)),
  },
  {
    path: paths.editShowcase,
    element: page(lazyScreen(loadEditShowcasePage, (module) => module.EditShowcasePage)),
  },
  {
    path: paths.myShowcases,
    element: page(lazyScreen(loadMyShowcasesPage, (module) => module.MyShowcasesPage)),
  },
  {
    path: paths.activity,
    element: page(lazyScreen(loadActivityPage, (module) => module.ActivityPage)),
  },
  { path: paths.saved, element: page(lazyScreen(loadSavedPage, (module) => module.SavedPage)) },
];
