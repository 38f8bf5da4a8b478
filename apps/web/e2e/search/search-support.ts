/** Helpers for the search specs: the app bar's field, words no other test uses, the heading. */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';

/** The app bar's **Search** field. */
export function searchBox(page: Page): Locator {
  return page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
}

/**
 * A word no other test uses, `prefix` then ten hex digits (lower-case letters and digits, so
 * one search term). Searching it isolates a test from specs running in parallel.
 */
export function uniqueWord(prefix = 'w'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

export function resultsHeading(page: Page, text: string): Locator {
  return page.getByRole('heading', { level: 1, name: `Results for “${text}”`, exact: true });
}

/** The URL's `?q=` once the search has followed the typing (decoded; null without one). */
export function searchParam(url: URL): string | null {
  return url.searchParams.get('q');
}
