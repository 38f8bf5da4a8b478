// Saved's public surface: the only module the app imports from it.

/** `/saved`: the showcases a guest or member saved, newest saved first. */
export const loadSavedPage = () => import('./components/saved-page');
