// The emulators that `npm start` runs, at the ports the same SHOWCASE_*_PORT variables give, for
// the scripts that work on a running stack (`npm run seed`, `npm run migrate`).
import { EmulatorClient, portFromEnv } from '@showcase/dev-stack';

const at = (envVar, fallback) => `http://127.0.0.1:${portFromEnv(envVar, fallback)}`;

export function runningStackClient() {
  return new EmulatorClient({
    authUrl: at('SHOWCASE_AUTH_PORT', 9099),
    firestoreUrl: at('SHOWCASE_FIRESTORE_PORT', 8080),
  });
}

/** `host:port` of the running Storage emulator. */
export function runningStorageHost() {
  return `127.0.0.1:${portFromEnv('SHOWCASE_STORAGE_PORT', 9199)}`;
}

export function runningAppOrigin() {
  return at('SHOWCASE_WEB_PORT', 5173);
}

/** Reports a failure against the running stack and exits non-zero. */
export function failAgainstRunningStack(what, error) {
  console.error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Are the emulators running? Start them with npm start.');
  process.exit(1);
}
