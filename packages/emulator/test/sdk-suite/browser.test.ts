// The vendored firebase-js-sdk Firestore integration suite in headless Chromium: the browser
// build over WebChannel. The suite runs each file twice, under the memory cache and under the
// IndexedDB cache, and both halves send this emulator the same requests over the same transport;
// the IndexedDB half costs three times the CPU (its cache's transactions). So each file runs its
// memory-cache half, then only those IndexedDB tests that did not run there: the ones about the
// persistent cache itself. node.test.ts runs the memory cache over gRPC.
// One page for the whole run; one vitest test per suite file.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, silentLogger } from '../../src/index.js';
import type { EmulatorServer } from '../../src/index.js';
import { CHROMIUM_ARGS, serveBrowserPage } from '../conformance/support.js';
import type { SdkSuitePage } from '../sdk-harness/browser-page/page-entry.js';
import type { Hooks, TestResult } from '../sdk-harness/mocha-globals.js';
import { describeFailures, summarize } from '../sdk-harness/report.js';
import { selectedSuiteFiles } from './suite-files.js';

const FILES = selectedSuiteFiles();
/** The suite's titles for its two halves (`…PersistenceMode` in upstream helpers). */
const MEMORY_CACHE_HALF = '(Persistence=memory_lru_gc)';
const INDEXEDDB_HALF = '(Persistence=indexeddb)';

type PageGlobals = { sdkSuite: SdkSuitePage };

let server: EmulatorServer;
let page: { url: string; close(): Promise<void> };
let browser: Browser;
let tab: Page;
const tally: TestResult[] = [];

beforeAll(async () => {
  server = await createServer({ port: 0, log: silentLogger });
  // Vite would inline `process.env` as `{}`; the suite must read the page's (process-env.ts).
  page = await serveBrowserPage(
    fileURLToPath(new URL('../sdk-harness/browser-page/', import.meta.url)),
    {
      'process.env': 'globalThis.process.env',
    },
  );
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  tab = await (await browser.newContext()).newPage();
  if (process.env['SDK_SUITE_FILES']) tab.on('console', (m) => console.log(`[page] ${m.text()}`));
  await tab.goto(`${page.url}?port=${server.port}`);
  await tab.waitForFunction(() => 'sdkSuite' in globalThis, undefined, { polling: 20 });
  await tab.evaluate(
    (files) => (globalThis as unknown as PageGlobals).sdkSuite.load('firestore', files),
    [...FILES],
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await page?.close();
  await server?.close();
  const count = (state: string): number => tally.filter((r) => r.state === state).length;
  console.log(
    `SDK suite (Chromium): ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`,
  );
});

/** Runs part of one suite file in the page. */
function runInPage(
  file: string,
  select: Pick<Hooks, 'leaveOut' | 'leaveOutTitles'>,
): Promise<TestResult[]> {
  return tab.evaluate(
    ([name, grep, selection]) =>
      (globalThis as unknown as PageGlobals).sdkSuite.run('firestore', name, {
        ...selection,
        ...(grep ? { grep } : {}),
      }),
    [file, process.env['SDK_SUITE_GREP'], select] as const,
  );
}

describe('firebase-js-sdk Firestore integration suite, Chromium (WebChannel)', () => {
  it.each(FILES)(
    '%s.test.ts',
    async (file) => {
      const memoryHalf = await runInPage(file, { leaveOut: INDEXEDDB_HALF });
      // Each memory-cache test under its name in the IndexedDB half.
      const asIndexedDb = (result: TestResult) =>
        result.title.replace(MEMORY_CACHE_HALF, INDEXEDDB_HALF);
      const ran = memoryHalf.filter((result) => result.state !== 'skipped');
      const skipped = new Set(
        memoryHalf.filter((result) => result.state === 'skipped').map(asIndexedDb),
      );
      const indexedDbOnly = await runInPage(file, {
        leaveOut: MEMORY_CACHE_HALF,
        leaveOutTitles: ran.map(asIndexedDb),
      });
      // A test skipped under both caches is counted once.
      const results = [
        ...memoryHalf,
        ...indexedDbOnly.filter((r) => r.state !== 'skipped' || !skipped.has(r.title)),
      ];
      tally.push(...results);
      console.log(summarize(file, results));
      expect(describeFailures(results)).toBe('');
    },
    600_000,
  );
});
