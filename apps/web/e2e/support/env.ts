/** Where the stack of this run listens: the global setup tells the workers through the environment. */
import { EmulatorClient } from '@showcase/dev-stack';

export const STACK_ENV = {
  baseUrl: 'SHOWCASE_E2E_BASE_URL',
  authUrl: 'SHOWCASE_E2E_AUTH_URL',
  firestoreHost: 'SHOWCASE_E2E_FIRESTORE_HOST',
  storageHost: 'SHOWCASE_E2E_STORAGE_HOST',
} as const;

export type Stack = {
  baseUrl: string;
  authUrl: string;
  firestoreHost: string;
  firestoreUrl: string;
  storageHost: string;
};

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the e2e suite through Playwright's global setup (npm test or npm run e2e).`,
    );
  return value;
}

/** Where the app and the emulators of this run listen. */
export function stack(): Stack {
  const firestoreHost = required(STACK_ENV.firestoreHost);
  return {
    baseUrl: required(STACK_ENV.baseUrl),
    authUrl: required(STACK_ENV.authUrl),
    firestoreHost,
    firestoreUrl: `http://${firestoreHost}`,
    storageHost: required(STACK_ENV.storageHost),
  };
}

let cachedClient: EmulatorClient | undefined;

/** The emulators' REST client for this run (Firestore as the owner, the Auth emulator's API). */
export function client(): EmulatorClient {
  cachedClient ??= new EmulatorClient(stack());
  return cachedClient;
}
