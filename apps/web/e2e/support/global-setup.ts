import fs from 'node:fs';
import path from 'node:path';
import { startE2eStack } from '../../../../scripts/lib/e2e-stack.mjs';
import { STACK_ENV } from './env';

const RESULTS_DIR = path.resolve(import.meta.dirname, '../../test-results');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the output folders of earlier runs that have ended (see outputDir in the config). */
function removeFinishedRunResults(): void {
  if (!fs.existsSync(RESULTS_DIR)) return;
  for (const entry of fs.readdirSync(RESULTS_DIR)) {
    const pid = Number(/^run-(\d+)$/.exec(entry)?.[1]);
    if (pid && String(pid) !== process.env.SHOWCASE_E2E_RUN && !isAlive(pid)) {
      fs.rmSync(path.join(RESULTS_DIR, entry), { recursive: true, force: true });
    }
  }
}

/**
 * Starts the emulators and the built app once per run and hands their addresses to the workers
 * through the environment. When SHOWCASE_E2E_BASE_URL is already set, a stack is running
 * elsewhere and is reused as is.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  removeFinishedRunResults();
  if (process.env[STACK_ENV.baseUrl]) return undefined;
  const stack = await startE2eStack({ log: (line) => console.log(line) });
  process.env[STACK_ENV.baseUrl] = stack.baseUrl;
  process.env[STACK_ENV.authUrl] = stack.authUrl;
  process.env[STACK_ENV.firestoreHost] = stack.firestoreHost;
  return stack.stop;
}
