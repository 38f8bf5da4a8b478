import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest, by what they run: the vendored SDK suites (hundreds of tests, one
 * at a time, each waiting on the network), then the rules suites. They start first, so they never
 * run alone at the end of the phase. Vitest would order by durations it cached on an earlier run,
 * but a clean clone (CI) has none and falls back to file size, which puts the small SDK-suite
 * runners last.
 */
const LONG_FIRST = ['/test/sdk-suite/', '/test/storage-sdk-suite/', '/test/rules/'];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const index = LONG_FIRST.findIndex((part) => file.moduleId.includes(part));
      return index === -1 ? LONG_FIRST.length : index;
    };
    const sorted = await super.sort(files);
    // Stable: within a rank, the base order (cached durations, or size) stays.
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

/** Files that load the vendored SDK suites, whose chai-as-promised changes chai for the process. */
const SDK_SUITE_RUNNERS = ['test/sdk-suite/*.test.ts', 'test/storage-sdk-suite/*.test.ts'];
// The vendored SDK suites' files are Mocha files, run by the runners above.
const EXCLUDE = [
  '**/node_modules/**',
  'test/sdk-suite/upstream/**',
  'test/storage-sdk-suite/upstream/**',
];

export default defineConfig({
  test: {
    setupFiles: ['test/support/field-maps.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: suites that spawn servers and SDKs run better with little parallelism.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    // Google client libraries probe the GCE metadata server (a non-loopback address) for
    // credentials; tests only ever talk to loopback.
    env: { METADATA_SERVER_DETECTION: 'none' },
    projects: [
      {
        extends: true,
        test: {
          name: 'emulator',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...EXCLUDE, ...SDK_SUITE_RUNNERS],
          // Each worker imports the emulator and the SDKs once, not once per file: a quarter of
          // the suite's CPU time (docs/decisions/2026-11-28-npm-test-on-two-cores.md). Every file
          // starts its own servers and SDK instances and leaves no global state behind.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'sdk-suites',
          include: SDK_SUITE_RUNNERS,
          exclude: EXCLUDE,
          // Upstream's chai-as-promised would change the chai under Vitest's own `expect` for
          // every file after it in the worker.
          isolate: true,
        },
      },
    ],
  },
});
