// The connection feature's public surface: the only module the app imports from it.

/** The app bar's connection indicator, with the Firestore session and the sign-out guard. */
export const loadConnectionIndicator = () => import('./connection-indicator');
