import type { FirebaseApp } from 'firebase/app';
import { initializeApp } from 'firebase/app';
import { readFirebaseConfig } from '../../config/env';

let app: FirebaseApp | undefined;

/**
 * The one FirebaseApp. Auth and Firestore both hang off it, so Firestore requests carry the
 * signed-in user's token. Throws `ConfigError` when the build lacks its VITE_FIREBASE_* values.
 */
export function getFirebaseApp(): FirebaseApp {
  app ??= initializeApp(readFirebaseConfig());
  return app;
}
