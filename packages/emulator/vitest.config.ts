import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The vendored SDK suites' files are Mocha files, run by test/{sdk-suite,storage-sdk-suite}/*.test.ts.
    exclude: [
      '**/node_modules/**',
      'test/sdk-suite/upstream/**',
      'test/storage-sdk-suite/upstream/**',
    ],
    setupFiles: ['test/support/field-maps.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: suites that spawn servers and SDKs run better with little parallelism.
    maxWorkers: 2,
    // Google client libraries probe the GCE metadata server (a non-loopback address) for
    // credentials; tests only ever talk to loopback.
    env: { METADATA_SERVER_DETECTION: 'none' },
  },
});
