import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from './vite.config';

// Unit tests are pure TypeScript (no DOM): error tables, validation, route helpers. One file,
// lib/firebase/showcases-search.test.ts, runs the gallery's search query against our Firestore
// emulator started in-process (@showcase/dev-stack), with firestore.rules in force.
export default defineConfig({
  // Workspace packages such as @showcase/schema run from their TypeScript sources.
  resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    // bench/: the pure summary behind the bench's Lighthouse table; scripts/: the route budgets and
    // the build's RE2JS shim.
    include: ['src/**/*.test.ts', 'bench/**/*.test.mjs', 'scripts/**/*.test.mjs'],
    environment: 'node',
  },
});
