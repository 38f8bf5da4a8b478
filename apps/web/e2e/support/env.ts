/** The environment variables through which the global setup tells tests where the stack runs. */
export const STACK_ENV = {
  baseUrl: 'SHOWCASE_E2E_BASE_URL',
  authUrl: 'SHOWCASE_E2E_AUTH_URL',
  firestoreHost: 'SHOWCASE_E2E_FIRESTORE_HOST',
} as const;

export const PROJECT_ID = 'demo-showcase';
/** The demo API key of apps/web/.env.test (the Auth emulator accepts any key). */
export const API_KEY = 'demo-api-key';

export type Stack = {
  baseUrl: string;
  authUrl: string;
  firestoreHost: string;
  firestoreUrl: string;
};

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the e2e suite through Playwright's global setup (npm test or npx playwright test).`,
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
  };
}
