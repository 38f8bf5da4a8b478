/** Watching a page's console: normal use of the app logs no console errors. */
import type { Page } from '@playwright/test';

/** Starts recording console errors and uncaught exceptions; call the result to read them. */
export function recordConsoleErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return () => [...errors];
}
