// The vendored firebase-js-sdk Storage integration suite in headless Chromium: the SDK's browser
// build (XHR, cross-origin to the Storage emulator) in the page the Firestore suite runs in,
// signing in to firebase-tools' Auth emulator as the suite does. One vitest test per file.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, silentLogger } from '../../src/index.js';
import type { EmulatorServer } from '../../src/index.js';
import { CHROMIUM_ARGS, serveBrowserPage } from '../conformance/support.js';
import type { SdkSuitePage } from '../sdk-harness/browser-page/page-entry.js';
import type { TestResult } from '../sdk-harness/mocha-globals.js';
import { describeFailures, summarize, totals } from '../sdk-harness/report.js';
import { startAuthEmulator } from './auth-emulator.js';
import type { AuthEmulator } from './auth-emulator.js';
import { PROJECT, SUITE_FILES, storageHost } from './suite-files.js';

type PageGlobals = { sdkSuite: SdkSuitePage };

let server: EmulatorServer;
let auth: AuthEmulator;
let page: { url: string; close(): Promise<void> };
let browser: Browser;
let tab: Page;
const tally: TestResult[] = [];

beforeAll(async () => {
  [server, auth, page] = await Promise.all([
    createServer({ port: 0, storagePort: 0, projectId: PROJECT.projectId, log: silentLogger }),
    startAuthEmulator(PROJECT.projectId),
    // Vite would inline `process.env` as `{}`; the suites read the page's (process-env.ts).
    serveBrowserPage(fileURLToPath(new URL('../sdk-harness/browser-page/', import.meta.url)), {
      'process.env': 'globalThis.process.env',
    }),
  ]);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  tab = await (await browser.newContext()).newPage();
  if (process.env['SDK_SUITE_GREP']) tab.on('console', (m) => console.log(`[page] ${m.text()}`));
  const hosts = new URLSearchParams({
    storage: storageHost(server),
    auth: auth.host,
  });
  await tab.goto(`${page.url}?${hosts}`);
  await tab.waitForFunction(() => 'sdkSuite' in globalThis, undefined, { polling: 20 });
  await tab.evaluate(
    (files) => (globalThis as unknown as PageGlobals).sdkSuite.load('storage', files),
    [...SUITE_FILES],
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([page?.close(), server?.close(), auth?.close()]);
  console.log(totals('Storage SDK suite (Chromium)', tally));
});

describe('firebase-js-sdk Storage integration suite, Chromium', () => {
  it.each(SUITE_FILES)(
    '%s.test.ts',
    async (file) => {
      const results = await tab.evaluate(
        ([name, grep]) =>
          (globalThis as unknown as PageGlobals).sdkSuite.run(
            'storage',
            name,
            grep ? { grep } : {},
          ),
        [file, process.env['SDK_SUITE_GREP']] as const,
      );
      tally.push(...results);
      console.log(summarize(file, results));
      expect(describeFailures(results)).toBe('');
    },
    300_000,
  );
});
