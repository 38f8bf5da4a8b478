// The gallery's tag filter: suggestions of the tags in use with their counts, most used first;
// choosing one (or Enter on a typed tag) filters through the URL; an invalid tag is explained
// next to the field and changes nothing.
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { cards, currentAddress, screenHeading, tagFilter } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

const options = () => page.getByRole('listbox').getByRole('option');
const optionTexts = () =>
  options()
    .elements()
    .map((option) => option.textContent);
/**
 * Waits for the suggestions' code: the Autocomplete takes the plain field's place once the
 * browser is idle. (Typing before that is screens/cards/tag-filter-loading*.test.tsx.)
 */
async function suggestionsLoaded() {
  await expect.poll(() => document.querySelector('.MuiAutocomplete-root')).not.toBeNull();
}

const INVALID_PIXEL_ART =
  'A tag is one word: no spaces (hyphens join words, as in “pixel-art”). Tags are lower case. ' +
  'Tags use lower-case letters a–z, digits and hyphens, up to 24 characters.';

test('suggests the tags in use, most used first, and choosing one filters the gallery', async () => {
  const base = uniqueTag('sug');
  const popular = `${base}-pop`;
  const single = `${base}-one`;
  await seedShowcases([
    { title: `Both ${base}`, tags: [base, popular] },
    { title: `Popular ${base}`, tags: [base, popular, single] },
    { title: `Plain ${base}`, tags: [base] },
  ]);
  await renderApp({ path: `/?tag=${base}` });
  await expect.poll(() => cards().elements()).toHaveLength(3);
  await suggestionsLoaded();

  await expect.element(tagFilter()).toHaveValue(base);
  await tagFilter().fill(base.slice(0, -2));
  await expect
    .poll(optionTexts)
    .toEqual([`#${base} 3 showcases`, `#${popular} 2 showcases`, `#${single} 1 showcase`]);

  // Typing narrows the suggestions; the URL waits for a choice.
  await tagFilter().fill(`${base}-p`);
  await expect.poll(optionTexts).toEqual([`#${popular} 2 showcases`]);
  expect(currentAddress()).toBe(`/?tag=${base}`);

  await options().first().click();
  await expect.poll(currentAddress).toBe(`/?tag=${popular}`);
  await expect.element(screenHeading(`Showcases tagged #${popular}`)).toBeVisible();
  await expect.poll(() => cards().elements()).toHaveLength(2);
  await expect.element(tagFilter()).toHaveValue(popular);

  // The URL is the source of truth: Back brings the previous tag back into the field.
  window.history.back();
  await expect.poll(currentAddress).toBe(`/?tag=${base}`);
  await expect.element(tagFilter()).toHaveValue(base);
  await expect.poll(() => cards().elements()).toHaveLength(3);

  // Enter on a typed tag applies it, a leading # too (the field says it is ignored).
  await tagFilter().fill(`#${single}`);
  await expect
    .element(page.getByText('The # is not part of the tag and is ignored.'))
    .toBeVisible();
  await userEvent.keyboard('{Enter}');
  await expect.poll(currentAddress).toBe(`/?tag=${single}`);
  await expect.poll(() => cards().elements()).toHaveLength(1);
});

test('an invalid tag is explained next to the field and does not change the URL', async () => {
  const base = uniqueTag('bad');
  await seedShowcases([{ title: `Tagged ${base}`, tags: [base] }]);
  await renderApp({ path: `/?tag=${base}` });
  await expect.poll(() => cards().elements()).toHaveLength(1);
  await suggestionsLoaded();

  await tagFilter().fill('Pixel Art');
  await userEvent.keyboard('{Enter}');
  await expect.element(tagFilter()).toHaveAccessibleDescription(INVALID_PIXEL_ART);
  await expect.element(tagFilter()).toHaveAttribute('aria-invalid', 'true');
  await expect.element(tagFilter()).toHaveValue('Pixel Art');
  expect(currentAddress()).toBe(`/?tag=${base}`);
  expect(cards().elements()).toHaveLength(1);

  await tagFilter().fill('x'.repeat(25));
  await userEvent.keyboard('{Enter}');
  await expect
    .element(tagFilter())
    .toHaveAccessibleDescription(/This is 25 characters long; a tag has at most 24\./);
  expect(currentAddress()).toBe(`/?tag=${base}`);

  // Fixing it applies it.
  await tagFilter().fill(base);
  await userEvent.keyboard('{Enter}');
  await expect.element(tagFilter()).not.toHaveAttribute('aria-invalid', 'true');
  expect(currentAddress()).toBe(`/?tag=${base}`);
});

test('an unfiltered gallery suggests from its loaded showcases; a filtered one from the newest', async () => {
  const base = uniqueTag('new');
  const other = `${base}-x`;
  // Dated a little ahead: showcases that tests running beside this one publish meanwhile must
  // not push these two out of the newest, where a filtered gallery's suggestions come from.
  const ahead = Date.now() + 5 * 60_000;
  await seedShowcases([
    { title: `Fresh ${base}`, tags: [base, other], createdAt: new Date(ahead) },
    { title: `Fresher ${base}`, tags: [other], createdAt: new Date(ahead - 1) },
  ]);
  // Filtered to one tag, the grid holds only `base`; the other tag comes from the newest.
  await renderApp({ path: `/?tag=${base}` });
  await expect.poll(() => cards().elements()).toHaveLength(1);
  await suggestionsLoaded();
  await tagFilter().fill(other);
  await expect.element(page.getByRole('option', { name: `#${other} 2 showcases` })).toBeVisible();
});

describe.each(LAYOUTS)('the tag filter at $name', (layout) => {
  test('open suggestions and an invalid tag pass axe and fit the width', async () => {
    await setLayout(layout);
    const base = uniqueTag('look');
    await seedShowcases([
      { title: `One ${base}`, tags: [base, `${base}-pop`] },
      { title: `Two ${base}`, tags: [base, `${base}-pop`] },
    ]);
    await renderApp({ path: `/?tag=${base}` });
    await expect.poll(() => cards().elements()).toHaveLength(2);
    await suggestionsLoaded();
    await tagFilter().fill(base.slice(0, -2));
    await expect.poll(() => options().elements()).toHaveLength(2);
    expect(await seriousViolations()).toEqual([]);
    expect(fitsTheWidth()).toBe(true);

    await tagFilter().fill('Pixel Art');
    await userEvent.keyboard('{Enter}');
    await expect.element(tagFilter()).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations()).toEqual([]);
    expect(fitsTheWidth()).toBe(true);
  });
});

test("a suggestion's count is what the filter then shows, beyond the page loaded", async () => {
  const tag = uniqueTag('honest');
  const now = Date.now();
  // Four tagged on the first page, 24 others after them, and a fifth tagged one a month older:
  // the loaded page holds four of the five.
  await seedShowcases([
    ...Array.from({ length: 4 }, (_, index) => ({
      title: `Recent ${tag} ${index}`,
      tags: [tag],
      createdAt: new Date(now - index * 1000),
    })),
    ...Array.from({ length: 24 }, (_, index) => ({
      title: `Filler ${tag} ${index}`,
      createdAt: new Date(now - 10_000 - index * 1000),
    })),
    { title: `Old ${tag}`, tags: [tag], createdAt: new Date(now - 30 * 24 * 3600 * 1000) },
  ]);
  await renderApp({ path: '/' });
  await expect.element(cards().first()).toBeVisible();
  await suggestionsLoaded();
  await tagFilter().fill(tag);
  await expect.poll(optionTexts).toEqual([`#${tag} 5 showcases`]);
  await options().first().click();
  await expect.element(screenHeading(`Showcases tagged #${tag}`)).toBeVisible();
  await expect.poll(() => cards().elements()).toHaveLength(5);
});
