/**
 * The screen tests' emulators, started once for the whole run in the Vitest (Node) process: our
 * Firestore emulator in this process with firestore.rules in force, and firebase-tools' Auth
 * emulator (a child process, behind the same proxy `npm start` runs), both on free ports. Their
 * addresses reach the browser through `provide`; every test isolates itself with fresh accounts
 * and unique data, so tests in parallel share them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  RULES_FILE,
  freeStackPorts,
  startAuthEmulator,
  startFirestoreEmulator,
} from '@showcase/dev-stack';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // Vitest runs global setups for the root project and again for its Chromium instance, which
  // inherits what the root provides: one set of emulators is enough.
  if (!project.isRootProject()) return;
  const started = performance.now();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-screens-'));
  // The Firestore port is the emulator's own pick; the web port goes unused.
  const ports = await freeStackPorts();
  const [firestore, auth] = await Promise.all([
    startFirestoreEmulator({ rulesFile: RULES_FILE }),
    startAuthEmulator({
      port: ports.auth,
      hubPort: ports.hub,
      loggingPort: ports.logging,
      workDir,
      logFile: path.join(workDir, 'auth-emulator.log'),
      onUnexpectedExit: (message) => console.error(message),
    }),
  ]);
  const firestoreHost = `127.0.0.1:${firestore.port}`;
  project.provide('screenStack', { authUrl: auth.url, firestoreHost });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `screen-test emulators ready in ${seconds} s: Auth ${auth.url}, Firestore ${firestoreHost}`,
  );
  return async () => {
    await Promise.all([auth.close(), firestore.close()]);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
