/** Finding what the screens show, by role and accessible name (the product's contract). */
import type { Locator } from 'vitest/browser';
import { page } from 'vitest/browser';

/** Gallery cards: one `article` per showcase, named by its title. */
export function cards(): Locator {
  return page.getByRole('article');
}

export function card(title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/** The level-1 heading of the screen. */
export function screenHeading(name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** The app bar's **Search** field. */
export function searchBox(): Locator {
  return page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
}

/** The gallery's tag filter. */
export function tagFilter(): Locator {
  return page.getByRole('combobox', { name: 'Filter by tag' });
}

/** The app bar's connection indicator (its accessible name carries the state). */
export function connectionIndicator(): Locator {
  return page.getByRole('status', { name: /^Connection: / });
}

/** The titles of the gallery's cards, in order. */
export function cardTitles(): (string | null | undefined)[] {
  return cards()
    .elements()
    .map((node) => node.querySelector('h2')?.textContent);
}

/** The page's path and query, as the router keeps them. */
export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}`;
}
