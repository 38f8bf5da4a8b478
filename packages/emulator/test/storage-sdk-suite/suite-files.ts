// What the vendored Storage suite is: one upstream file, the one the SDK's `test:node` and
// `test:browser:integration` run against a live project, and that project's settings.
import { readFileSync } from 'node:fs';
import type { EmulatorServer } from '../../src/index.js';

export const SUITE_FILES = ['integration'] as const;

/** `upstream/config/project.json`: the demo project and bucket the suite's app is created with. */
export const PROJECT: { readonly projectId: string; readonly storageBucket: string } = JSON.parse(
  readFileSync(new URL('./upstream/config/project.json', import.meta.url), 'utf8'),
) as { projectId: string; storageBucket: string };

/** `__FIREBASE_DEFAULTS__`: plain `getStorage()` and `getAuth()` connect to these emulators. */
export function firebaseDefaults(hosts: { storage: string; auth: string }): string {
  return JSON.stringify({ emulatorHosts: hosts });
}

/** `127.0.0.1:PORT` of the server's Storage emulator. */
export function storageHost(server: EmulatorServer): string {
  if (server.storage === undefined) throw new Error('the emulator was started without Storage');
  return `127.0.0.1:${server.storage.port}`;
}
