import { startE2eStack } from '../../../../scripts/lib/e2e-stack.mjs';
import { STACK_ENV } from './env';

/**
 * Starts the emulators and the built app once per run and hands their addresses to the workers
 * through the environment. When SHOWCASE_E2E_BASE_URL is already set, a stack is running
 * elsewhere and is reused as is.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[STACK_ENV.baseUrl]) return undefined;
  const stack = await startE2eStack({ log: (line) => console.log(line) });
  process.env[STACK_ENV.baseUrl] = stack.baseUrl;
  process.env[STACK_ENV.authUrl] = stack.authUrl;
  process.env[STACK_ENV.firestoreHost] = stack.firestoreHost;
  return stack.stop;
}
