// Enter applies a typed tag while the tag filter's suggestions have not loaded (and never do):
// the plain field does without them. Its own file: the page must never have loaded that code.
import { expect, test } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { cards, currentAddress, tagFilter } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { COMBOBOX_MODULE } from './tag-filter-loading';

test('Enter applies a typed tag before the suggestions have loaded', async () => {
  const base = uniqueTag('early');
  await seedShowcases([{ title: `Only ${base}`, tags: [base] }]);
  // Never answered: the field has to do without.
  await commands.holdRequests(COMBOBOX_MODULE);
  await renderApp({ path: '/' });
  await tagFilter().fill(`#${base}`);
  await expect
    .element(page.getByText('The # is not part of the tag and is ignored.'))
    .toBeVisible();
  await userEvent.keyboard('{Enter}');
  await expect.poll(currentAddress).toBe(`/?tag=${base}`);
  await expect.poll(() => cards().elements()).toHaveLength(1);
  await expect.element(tagFilter()).toHaveValue(base);
  // It really did without: the code was asked for and is still held.
  expect(await commands.heldRequests()).toBe(1);
});
