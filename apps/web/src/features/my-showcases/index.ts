// My showcases' public surface: the only module the app imports from it.

/** `/me/showcases`: the signed-in member's published showcases and drafts. */
export const loadMyShowcasesPage = () => import('./components/my-showcases-page');
