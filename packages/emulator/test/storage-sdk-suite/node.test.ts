// The firebase JS SDK's own Storage integration tests (vendored in ./upstream), run in Node (the
// SDK's Node build, over fetch) against an in-process Storage emulator, signing in to
// firebase-tools' Auth emulator as the suite does. One vitest test per file.
import { deleteApp, getApps } from '@firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, silentLogger } from '../../src/index.js';
import type { EmulatorServer } from '../../src/index.js';
import { installMochaGlobals } from '../sdk-harness/mocha-globals.js';
import type { TestResult } from '../sdk-harness/mocha-globals.js';
import { describeFailures, summarize, totals } from '../sdk-harness/report.js';
import { startAuthEmulator } from './auth-emulator.js';
import type { AuthEmulator } from './auth-emulator.js';
import { PROJECT, SUITE_FILES, firebaseDefaults, storageHost } from './suite-files.js';

let server: EmulatorServer;
let auth: AuthEmulator;
const harness = installMochaGlobals();
const tally: TestResult[] = [];

beforeAll(async () => {
  [server, auth] = await Promise.all([
    createServer({ port: 0, storagePort: 0, projectId: PROJECT.projectId, log: silentLogger }),
    startAuthEmulator(PROJECT.projectId),
  ]);
  process.env['__FIREBASE_DEFAULTS__'] = firebaseDefaults({
    storage: storageHost(server),
    auth: auth.host,
  });
  for (const file of SUITE_FILES) {
    const path = `./upstream/packages/storage/test/integration/${file}.test.ts`;
    await harness.load(file, () => import(path));
  }
}, 120_000);

afterAll(async () => {
  // A worker may run other files next: they must not find these (closed) emulators.
  delete process.env['__FIREBASE_DEFAULTS__'];
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await Promise.all([server?.close(), auth?.close()]);
  console.log(totals('Storage SDK suite (Node)', tally));
});

describe('firebase-js-sdk Storage integration suite, Node', () => {
  it.each(SUITE_FILES)(
    '%s.test.ts',
    async (file) => {
      const grep = process.env['SDK_SUITE_GREP'];
      const results = await harness.run(file, grep ? { grep } : {});
      tally.push(...results);
      console.log(summarize(file, results));
      expect(describeFailures(results)).toBe('');
    },
    300_000,
  );
});
