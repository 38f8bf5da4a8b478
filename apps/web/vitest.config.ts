import { defineConfig } from 'vitest/config';

// Unit tests are pure TypeScript (no DOM): error tables, validation, route helpers.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
