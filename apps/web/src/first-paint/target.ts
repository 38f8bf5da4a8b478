import { ConfigError, readEmulatorConfig, readFirebaseConfig } from '../config/env';
import type { RestTarget } from './rest';

/**
 * Where the first paint reads Firestore's REST API: production with the API key, or the emulator
 * the app uses. Evaluated at build time (vite-plugins/first-paint.ts loads this module in the
 * build's mode) and written into the page's data block, never into the inlined script. Null when
 * the build's Firebase configuration is missing or malformed.
 */
export function firstPaintRestTarget(): RestTarget | null {
  let config, emulator;
  try {
    config = readFirebaseConfig();
    emulator = readEmulatorConfig();
  } catch (error) {
    // The app shows its configuration error; the first paint only starts it.
    if (error instanceof ConfigError) return null;
    throw error;
  }
  const { projectId, apiKey } = config;
  return emulator === null
    ? { origin: 'https://firestore.googleapis.com', projectId, apiKey }
    : {
        origin: `http://${emulator.firestore.host}:${emulator.firestore.port}`,
        projectId,
        apiKey: null,
      };
}
