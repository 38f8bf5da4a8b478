// The firebase JS SDK's own Firestore integration tests (vendored in ./upstream), run in Node
// (the SDK's gRPC build) against an in-process emulator, with the suite's emulator target so
// the tests the SDK team marks as not-for-emulator stay skipped. One vitest test per file.
import { deleteApp, getApps } from '@firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, silentLogger } from '../../src/index.js';
import type { EmulatorServer } from '../../src/index.js';
import { installMochaGlobals } from '../sdk-harness/mocha-globals.js';
import type { TestResult } from '../sdk-harness/mocha-globals.js';
import { describeFailures, summarize } from '../sdk-harness/report.js';
import { selectedSuiteFiles } from './suite-files.js';

const FILES = selectedSuiteFiles();

let server: EmulatorServer;
const harness = installMochaGlobals();
const tally: TestResult[] = [];

beforeAll(async () => {
  server = await createServer({ port: 0, log: silentLogger });
  process.env['FIRESTORE_EMULATOR_PORT'] = String(server.port);
  for (const file of FILES) {
    await harness.load(file, () => import(`./upstream/integration/api/${file}.test.ts`));
  }
}, 60_000);

// Some tests make the SDK reject a promise nobody awaits (an invalid bundle, a misused
// transaction); Mocha reports those as warnings, vitest as run failures. They are counted and
// logged here instead, while the suite runs.
const unhandled: string[] = [];
const vitestListeners = process.listeners('unhandledRejection');
const collectUnhandled = (reason: unknown): void => {
  unhandled.push(reason instanceof Error ? reason.message : String(reason));
};

beforeAll(() => {
  process.removeAllListeners('unhandledRejection');
  process.on('unhandledRejection', collectUnhandled);
});

afterAll(async () => {
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await server?.close();
  process.off('unhandledRejection', collectUnhandled);
  for (const listener of vitestListeners) process.on('unhandledRejection', listener);
  const count = (state: string): number => tally.filter((r) => r.state === state).length;
  console.log(
    `SDK suite (Node): ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped; ${unhandled.length} unawaited SDK rejections`,
  );
});

/** Closes the Firestore instances (and apps) a test left open. */
async function closeLeftovers(before: ReadonlySet<unknown>): Promise<void> {
  await Promise.all(
    getApps()
      .filter((app) => !before.has(app))
      .map((app) => deleteApp(app).catch(() => undefined)),
  );
}

describe('firebase-js-sdk Firestore integration suite, Node (gRPC)', () => {
  it.each(FILES)(
    '%s.test.ts',
    async (file) => {
      let before = new Set<unknown>(getApps());
      const grep = process.env['SDK_SUITE_GREP'];
      const results = await harness.run(file, {
        ...(grep ? { grep } : {}),
        afterEachTest: async () => {
          await closeLeftovers(before);
          before = new Set(getApps());
        },
      });
      tally.push(...results);
      console.log(summarize(file, results));
      expect(describeFailures(results)).toBe('');
    },
    600_000,
  );
});
