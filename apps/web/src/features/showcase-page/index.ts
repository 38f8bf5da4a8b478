// The showcase page's public surface: the only module the app imports from it.

/** `/s/:id`: one showcase, live, with Like, Share, Copy link and the owner's Edit and Delete. */
export const loadShowcasePage = () => import('./components/showcase-page');
/** The showcase's article, for the first paint's templates (rendered at build time). */
export const loadShowcaseParts = () => import('./components/showcase-page');
