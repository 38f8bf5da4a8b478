import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from './vite.config.ts';

// Unit tests are pure TypeScript (no DOM): error tables, validation, route helpers. Three files run
// against our Firestore emulator started in-process (@showcase/dev-stack), with firestore.rules
// in force: lib/firebase/showcases-search.test.ts (the gallery's search query),
// lib/firebase/first-paint-rest.test.ts (the first paint's REST reads beside the SDK's queries)
// and lib/firebase/audience.test.ts (the batches of comments, follows, saves and activity).
export default defineConfig({
  // Workspace packages such as @showcase/schema run from their TypeScript sources.
  resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    // bench/: the pure summary behind the bench's Lighthouse table; scripts/: the route budgets and
    // the build's RE2JS shim; vite-plugins/: the first paint's CSP hash check.
    include: [
      'src/**/*.test.ts',
      'bench/**/*.test.mjs',
      'scripts/**/*.test.mjs',
      'vite-plugins/**/*.test.ts',
    ],
    // Those need Chromium: the screen tests' config runs them.
    exclude: ['src/**/*.browser.test.ts', '**/node_modules/**'],
    environment: 'node',
    // One import of the app's modules per worker instead of per file: 14 -> 4 CPU s for the
    // phase. The files hold no global state between them
    // (docs/decisions/2026-11-28-npm-test-on-two-cores.md).
    isolate: false,
  },
});
