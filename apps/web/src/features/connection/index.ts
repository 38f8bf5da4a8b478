// The connection feature's public surface: the only module the app imports from it.

/** The app bar's connection indicator, with the signed-in user's Firestore session. */
export const loadConnectionIndicator = () => import('./connection-indicator');

// Not lazy: it must be in place before any Sign out button can be pressed, and those come
// with screens and a user menu that may load before the indicator's chunk does.
export { SignOutGuard } from './sign-out-guard';
