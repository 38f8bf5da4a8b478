import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The rules test boots the emulator from its sources, so no build is needed first.
    alias: {
      '@showcase/emulator': fileURLToPath(new URL('../emulator/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Google client libraries probe the GCE metadata server (a non-loopback address) for
    // credentials; tests only ever talk to loopback.
    env: { METADATA_SERVER_DETECTION: 'none' },
    // One import of the emulator and the schema per worker instead of per file.
    isolate: false,
  },
});
