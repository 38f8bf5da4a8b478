import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, ensureChromium } from '@showcase/dev-stack';
import type { Plugin } from 'vite';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { screenCommands } from './screens/support/commands.ts';
import { networkCommands } from './screens/support/network-commands.ts';
import { SOURCE_CONDITION } from './vite.config.ts';

// Screen tests: whole screens (theme, router, the Firebase SDK) rendered in real headless
// Chromium, against the emulators the global setup starts. Never downloads a browser: the same
// Chromium the end-to-end suite uses (CHROME_PATH, Debian's /usr/bin/chromium, …).
const chromium = ensureChromium();

// React, React DOM and MUI in their production builds, as users run them: the development builds'
// checks, warnings and StrictMode's second run of every effect (each Firestore listener added,
// removed and added again) cost the screens a quarter of their CPU time, measured in
// docs/decisions/2026-11-28-npm-test-on-two-cores.md. Vite reads this after loading the config
// (its `isProduction`, the JSX runtime) and when it pre-bundles dependencies; the app's mode stays
// `test`, so it still talks to the emulators.
process.env.NODE_ENV = 'production';

export default defineConfig({
  // Apart from the unit tests' cache: `npm test` runs both at once, and Vitest reads its
  // results.json there without guarding against the other run writing it.
  cacheDir: 'node_modules/.vite/screens',
  // Vitest's mode is `test`: the app reads .env.test (the demo project) and talks to emulators,
  // whose addresses the setup file hands to the SDKs at run time.
  plugins: [react(), noServiceWorker(), re2jsShimInTheBrowser()],
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  optimizeDeps: {
    // Pre-bundled at start-up: a dependency first met mid-run would make Vite reload the page
    // under a running test. The screens' code is crawled for them, lazy routes included.
    entries: ['src/**/*.{ts,tsx}', 'screens/**/*.test.tsx', '!src/**/*.test.ts'],
  },
  // The app's modules are transformed while the emulators start, not while the first test of
  // the run waits for its screen.
  server: { warmup: { clientFiles: ['./src/**/*.{ts,tsx}', '!./src/**/*.test.ts'] } },
  test: {
    // `*.browser.test.ts`: units that need a real browser (workers, canvas, image codecs).
    include: ['screens/**/*.test.tsx', 'src/**/*.browser.test.ts'],
    globalSetup: ['screens/support/global-setup.ts'],
    setupFiles: ['src/testing/screen-setup.ts'],
    // Generous for a loaded two-core machine (other processes, the dev server transforming the
    // app's modules for the first pages); each expectation still gives up after 15 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 15_000 } },
    // Three pages at once: most screen files wait on the emulators and the SDK's timeouts, not
    // the CPU, and `npm test` runs them beside the CPU-bound unit suites.
    maxWorkers: 3,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: chromium.path, args: CHROMIUM_ARGS },
        actionTimeout: 10_000,
      }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1280, height: 800 },
      commands: { ...screenCommands, ...networkCommands },
      screenshotFailures: false,
    },
  },
});

/**
 * The app's build swaps the Firestore SDK's RE2 engine for a shim (vite.config.ts); so do the
 * screens, in the browser only: the emulator in the Node process needs the real engine.
 */
function re2jsShimInTheBrowser(): Plugin {
  const shim = fileURLToPath(new URL('./src/lib/firebase/re2js-shim.ts', import.meta.url));
  return {
    name: 'showcase-screens-re2js-shim',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === 're2js' ? shim : undefined),
  };
}

/**
 * The app registers its service worker through vite-plugin-pwa's virtual module. Screen tests
 * have no worker (offline and updates are the end-to-end suite's): registering does nothing.
 */
function noServiceWorker(): Plugin {
  const id = 'virtual:pwa-register';
  return {
    name: 'showcase-screens-no-service-worker',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}`
        ? 'export function registerSW() { return async () => {}; }'
        : undefined,
  };
}
