// The editor's public surface: the only module the app imports from it.

/** `/new`: a new showcase (its id chosen when the draft starts). */
export const loadNewShowcasePage = () => import('./components/new-showcase-page');
/** `/s/:id/edit`: the owner's edit form, with its three-way save. */
export const loadEditShowcasePage = () => import('./components/edit-showcase-page');
