// The gallery paints without the tag filter's suggestions (their code loads once the browser is
// idle, or when someone turns to the field). Until it arrives the same field works on its own:
// nothing moves when it does, and the text typed, the focus and the caret carry over. Each run
// needs a page that has never loaded that code, so each layout is a file of its own.
import { expect } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import type { Layout } from '../../src/testing/layout';
import { setLayout } from '../../src/testing/layout';
import { cards, currentAddress, tagFilter } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

/** The suggestions' code, as the dev server serves it. */
export const COMBOBOX_MODULE = '/tag-filter-combobox\\.tsx(\\?|$)';

export async function paintsWithoutSuggestionsThenHandsOver(layout: Layout): Promise<void> {
  await setLayout(layout);
  const base = uniqueTag('lazy');
  const popular = `${base}-pop`;
  await seedShowcases([
    { title: `One ${base}`, tags: [base, popular] },
    { title: `Two ${base}`, tags: [base, popular] },
  ]);
  await commands.holdRequests(COMBOBOX_MODULE);

  await renderApp({ path: `/?tag=${base}` });
  await expect.poll(() => cards().elements()).toHaveLength(2);
  // Painted while the suggestions' code is held back.
  await expect.element(tagFilter()).toHaveValue(base);
  const before = tagFilter().element().getBoundingClientRect().toJSON();

  // Typing while the code is on its way: the plain field keeps every character.
  await tagFilter().click();
  await userEvent.keyboard('{End}-p');
  await expect.element(tagFilter()).toHaveValue(`${base}-p`);
  await expect.poll(() => commands.heldRequests()).toBe(1);
  expect(page.getByRole('listbox').elements()).toEqual([]);
  await expect
    .element(tagFilter())
    .toHaveAccessibleDescription(`Press Enter to show showcases tagged #${base}-p.`);

  await commands.releaseRequests();
  // The suggestions open as typing would have opened them, in the same place. The dev server
  // compiles their code (MUI's Autocomplete and Popper) on this first request and the counts come
  // from the server: on a loaded machine that takes longer than a screen's usual change.
  await expect
    .element(page.getByRole('option', { name: `#${popular} 2 showcases` }), { timeout: 45_000 })
    .toBeVisible();
  await expect.element(tagFilter()).toHaveFocus();
  await expect.element(tagFilter()).toHaveValue(`${base}-p`);
  expect(tagFilter().element().getBoundingClientRect().toJSON()).toEqual(before);
  expect((tagFilter().element() as HTMLInputElement).selectionStart).toBe(`${base}-p`.length);

  // And they work: one more letter, then the suggestion.
  await userEvent.keyboard('o');
  await expect.poll(() => page.getByRole('option').elements()).toHaveLength(1);
  await page.getByRole('option', { name: `#${popular} 2 showcases` }).click();
  await expect.poll(currentAddress).toBe(`/?tag=${popular}`);
  await expect.element(tagFilter()).toHaveValue(popular);
}
