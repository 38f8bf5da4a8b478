/**
 * The screen tests' emulators, started once for the whole run in the Vitest (Node) process: our
 * Firestore emulator in this process with firestore.rules in force, and firebase-tools' Auth
 * emulator (a child process, behind the same proxy `npm start` runs), both on free ports. Their
 * addresses reach the browser through `provide`; every test isolates itself with fresh accounts
 * and unique data, so tests in parallel share them. Logs stay in .data/screens/run-<pid>/logs/
 * until the next run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  REPO_ROOT,
  RULES_FILE,
  freeStackPorts,
  openLog,
  removeFinishedRunDirs,
  startAuthEmulator,
  startFirestoreEmulator,
} from '@showcase/dev-stack';

const RUNS_DIR = path.join(REPO_ROOT, '.data/screens');

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // Vitest runs global setups for the root project and again for its Chromium instance, which
  // inherits what the root provides: one set of emulators is enough.
  if (!project.isRootProject()) return;
  const started = performance.now();
  removeFinishedRunDirs(RUNS_DIR);
  const runDir = path.join(RUNS_DIR, `run-${process.pid}`);
  const logDir = path.join(runDir, 'logs');
  const workDir = path.join(runDir, 'work');
  fs.mkdirSync(logDir, { recursive: true });
  const firestoreLog = openLog(logDir, 'firestore-emulator');
  // The Firestore port is the emulator's own pick; the web port goes unused.
  const ports = await freeStackPorts();
  const outcomes = await Promise.allSettled([
    startFirestoreEmulator({ rulesFile: RULES_FILE, log: firestoreLog.console }),
    startAuthEmulator({
      port: ports.auth,
      hubPort: ports.hub,
      loggingPort: ports.logging,
      workDir,
      logFile: path.join(logDir, 'auth-emulator.log'),
      onUnexpectedExit: (message) => console.error(message),
    }),
  ]);
  const [firestoreStart, authStart] = outcomes;
  if (firestoreStart.status === 'rejected' || authStart.status === 'rejected') {
    // Whichever did start must not outlive the run.
    await Promise.all(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.close() : null)));
    await firestoreLog.close();
    throw firestoreStart.status === 'rejected'
      ? firestoreStart.reason
      : (authStart as PromiseRejectedResult).reason;
  }
  const firestore = firestoreStart.value;
  const auth = authStart.value;
  const firestoreHost = `127.0.0.1:${firestore.port}`;
  project.provide('screenStack', { authUrl: auth.url, firestoreHost });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `screen-test emulators ready in ${seconds} s: Auth ${auth.url}, Firestore ${firestoreHost} (logs: ${path.relative(process.cwd(), logDir)})`,
  );
  return async () => {
    await Promise.all([auth.close(), firestore.close()]);
    await firestoreLog.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
