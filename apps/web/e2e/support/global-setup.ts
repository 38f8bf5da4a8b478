import fs from 'node:fs';
import path from 'node:path';
import {
  REPO_ROOT,
  RULES_FILE,
  STORAGE_RULES_FILE,
  freeStackPorts,
  removeFinishedRunDirs,
  startStack,
} from '@showcase/dev-stack';
import { STACK_ENV } from './env';

const RESULTS_DIR = path.resolve(import.meta.dirname, '../../test-results');
const RUNS_DIR = path.join(REPO_ROOT, '.data/e2e');

/**
 * Starts the emulators (Firestore and Storage with the app's rules, Auth) and the app (built once, served with its service worker: what `npm start`
 * serves, through the same `startStack`, without the rebuilds) in this process, on free ports, and hands their addresses to the workers through the environment.
 * When SHOWCASE_E2E_BASE_URL is already set, a stack is running elsewhere and is reused as is.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  removeFinishedRunDirs(RESULTS_DIR);
  removeFinishedRunDirs(RUNS_DIR);
  if (process.env[STACK_ENV.baseUrl]) return undefined;
  const started = performance.now();
  const runDir = path.join(RUNS_DIR, `run-${process.pid}`);
  const workDir = path.join(runDir, 'work');
  const stack = startStack({
    ports: await freeStackPorts(),
    logDir: path.join(runDir, 'logs'),
    workDir,
    web: 'build',
    rulesFile: RULES_FILE,
    storageRulesFile: STORAGE_RULES_FILE,
    onUnexpectedExit: (message) => console.error(message),
  });
  const ready = await stack.ready;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `e2e stack ready in ${seconds} s: app ${ready.appUrl}, Auth ${ready.authUrl}, Firestore ${ready.firestoreHost}, Storage ${ready.storageHost}`,
  );
  process.env[STACK_ENV.baseUrl] = ready.appUrl;
  process.env[STACK_ENV.authUrl] = ready.authUrl;
  process.env[STACK_ENV.firestoreHost] = ready.firestoreHost;
  process.env[STACK_ENV.storageHost] = ready.storageHost;
  return async () => {
    await stack.close();
    // The logs stay for a look after the run; the next run removes the folder.
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
