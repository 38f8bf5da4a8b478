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
    sequence: { sequencer: LongestFirstSequencer },
    // Google client libraries probe the GCE metadata server (a non-loopback address) for
    // credentials; tests only ever talk to loopback.
    env: { METADATA_SERVER_DETECTION: 'none' },
  },
});
