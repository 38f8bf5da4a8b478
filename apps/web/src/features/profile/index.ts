// The profile feature's public surface: the only module the app imports from it.

/** `/me`: the account's name, photo, sign-in methods, email verification and danger zone. */
export const loadMePage = () => import('./components/me-page');
