import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // These tests start emulators and seed the whole demo (some 60 pictures into Storage):
    // seconds on a quiet machine, past Vitest's 5 s default when `npm test` shares the two cores
    // with its other lanes. Each waits for an event, so a longer limit only matters to a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
