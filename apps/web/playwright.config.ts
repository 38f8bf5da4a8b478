import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from '@showcase/dev-stack';

// Never downloads a browser: CHROME_PATH, Debian's /usr/bin/chromium, or a Playwright-managed one
// (which installs Debian's package where apt-get may run).
const chromium = ensureChromium();

// Several runs may overlap on one machine, and Playwright empties its output folder when it
// starts, so each run writes its traces and screenshots under its own folder (named after the
// main process; workers inherit the variable). The global setup removes folders of past runs.
process.env.SHOWCASE_E2E_RUN ??= String(process.pid);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // The global setup builds the app once and starts the emulators on free ports; every test
  // shares them and isolates itself with a fresh account (and clears Firestore only if it must).
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous per test (two-browser scenarios on a busy 2-core machine); each expectation still
  // fails after 10 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.SHOWCASE_E2E_REPORT
    ? [['list'], ['json', { outputFile: process.env.SHOWCASE_E2E_REPORT }]]
    : [['list']],
  outputDir: `test-results/run-${process.env.SHOWCASE_E2E_RUN}`,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromium.path, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // Tracing costs CPU on every test; CI keeps only screenshots of failures.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // The service worker precaches the whole build (about 150 files) in every new browser
    // context, a CPU cost each test would pay for nothing (26 of the suite's 301 CPU seconds,
    // measured alone). The specs about what the worker does (offline reloads, updates, what it
    // must not answer) allow it: `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
  },
});
