import { defineConfig } from 'vitest/config';

// Unit tests are pure TypeScript (no DOM): error tables, validation, route helpers.
export default defineConfig({
  test: {
    // bench/: the pure scoring behind the bench's Lighthouse-equivalent figures.
    include: ['src/**/*.test.ts', 'bench/**/*.test.mjs'],
    environment: 'node',
  },
});
