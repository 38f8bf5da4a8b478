import type { ComponentType } from 'react';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { SectionProgress } from '../../components/feedback/full-page-progress';
import { ScreenShown } from '../../components/screen-shown';
import { paths } from '../../config/paths';
import { loadActivityPage } from '../../features/activity';
import { loadEditShowcasePage, loadNewShowcasePage } from '../../features/editor';
import { loadGalleryPage, loadUserPage } from '../../features/gallery';
import { loadMyShowcasesPage } from '../../features/my-showcases';
import { loadSavedPage } from '../../features/saved';
import { loadShowcasePage } from '../../features/showcase-page';

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
  [paths.home]: loadGalleryPage,
  [paths.showcase]: loadShowcasePage,
  [paths.userProfile]: loadUserPage,
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
    element: page(loadNewShowcasePage, (module) => module.NewShowcasePage),
  },
  {
    path: paths.editShowcase,
    element: page(loadEditShowcasePage, (module) => module.EditShowcasePage),
  },
  {
    path: paths.myShowcases,
    element: page(loadMyShowcasesPage, (module) => module.MyShowcasesPage),
  },
  {
    path: paths.activity,
    element: page(loadActivityPage, (module) => module.ActivityPage),
  },
  { path: paths.saved, element: page(loadSavedPage, (module) => module.SavedPage) },
];
