// The vendored firebase-js-sdk Firestore integration suite in headless Chromium: the browser
// build over WebChannel with the IndexedDB cache. The suite would run each file under the memory
// cache too; that half is left out here because it sends this emulator the same requests over
// the same transport as the IndexedDB half, and node.test.ts runs the memory cache (over gRPC).
// One page for the whole run; one vitest test per suite file.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, silentLogger } from '../../src/index.js';
import type { EmulatorServer } from '../../src/index.js';
import { CHROMIUM_ARGS, serveBrowserPage } from '../conformance/support.js';
import type { SdkSuitePage } from '../sdk-harness/browser-page/page-entry.js';
import type { TestResult } from '../sdk-harness/mocha-globals.js';
import { describeFailures, summarize } from '../sdk-harness/report.js';
import { selectedSuiteFiles } from './suite-files.js';

const FILES = selectedSuiteFiles();
/** The suite's title for its memory-cache half (`MemoryLruPersistenceMode` in upstream helpers). */
const MEMORY_CACHE_HALF = '(Persistence=memory_lru_gc)';

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

describe('firebase-js-sdk Firestore integration suite, Chromium (WebChannel, IndexedDB cache)', () => {
  it.each(FILES)(
    '%s.test.ts',
    async (file) => {
      const results = await tab.evaluate(
        ([name, grep, leaveOut]) =>
          (globalThis as unknown as PageGlobals).sdkSuite.run('firestore', name, {
            leaveOut,
            ...(grep ? { grep } : {}),
          }),
        [file, process.env['SDK_SUITE_GREP'], MEMORY_CACHE_HALF] as const,
      );
      tally.push(...results);
      console.log(summarize(file, results));
      expect(results.filter((result) => result.title.includes(MEMORY_CACHE_HALF))).toEqual([]);
      expect(describeFailures(results)).toBe('');
    },
    600_000,
  );
});
