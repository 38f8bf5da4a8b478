// The auth feature's public surface: the only module the app imports from it. The shell's
// Sign in button is imported as is; everything else is a loader, so each screen keeps its own
// chunk (a static re-export here would pull it into the entry chunk with the shell).
export { SignInButton } from './components/sign-in-button';

/** `/welcome`: the pitch, the ways in, and the gallery's live preview of the newest showcases. */
export const loadWelcomePage = () => import('./components/welcome-page');
/** `/signin`. */
export const loadSignInPage = () => import('./components/sign-in-page');
/** `/signup` (also a guest's way to keep what they made). */
export const loadSignUpPage = () => import('./components/sign-up-page');
/** `/reset`: the password reset request. */
export const loadResetPasswordPage = () => import('./components/reset-password-page');
/** The signed-in user's menu in the app bar (loaded once someone is signed in). */
export const loadUserMenu = () => import('./components/user-menu');
