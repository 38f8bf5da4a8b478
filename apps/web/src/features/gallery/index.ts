// The gallery's public surface: the only module the app imports from it. Each screen is a
// loader, so it stays its own chunk (with the Firestore SDK, which the sign-in screens never load).

/** `/`: the live gallery, its sort, tag filter and search. */
export const loadGalleryPage = () => import('./components/gallery-page');
/** `/u/:uid`: a member's profile and published showcases. */
export const loadUserPage = () => import('./components/user-page');
/** The welcome screen's row of the newest showcases, loaded after the pitch has painted. */
export const loadWelcomePreview = () => import('./components/welcome-preview');
/** The gallery's frame and controls, for the first paint's templates (rendered at build time). */
export const loadGalleryParts = () => import('./components/gallery-page');
/** A profile's view, for the first paint's templates (rendered at build time). */
export const loadProfileParts = () => import('./components/user-page');
