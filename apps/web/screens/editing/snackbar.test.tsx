// A confirmation never outlives the action it reports: it goes as soon as the user starts the
// next one (a click elsewhere, typing, Back), and stays while the user only looks. Each test
// keeps the pointer on the confirmation, which pauses its own timer (as it does for a person
// reading it): what closes it can then only be the next action.
import { expect, test } from 'vitest';
import type { Locator } from 'vitest/browser';
import { page, userEvent } from 'vitest/browser';
import { uniqueTag } from '../../src/testing/emulator-rest';
import { screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { fillShowcaseForm } from '../../src/testing/showcase-form';

const notice = (text: string) => page.getByRole('alert').filter({ hasText: text });

/** Waits for the notice, then rests the pointer on it (moving there from the app bar). */
async function readNotice(text: string): Promise<Locator> {
  const alert = notice(text);
  await expect.element(alert).toBeVisible();
  await userEvent.hover(page.getByRole('banner'));
  await userEvent.hover(alert);
  return alert;
}

/** Two frames: any re-render an event started has been painted. */
const nextFrames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

test('"Your showcase is published." is gone once the next action starts', async () => {
  await renderApp({ path: '/new', as: 'member' });
  await fillShowcaseForm({
    title: `Announced ${uniqueTag('snack')}`,
    url: 'https://example.com/announced',
  });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const published = await readNotice('Your showcase is published.');

  // The notice can show before the published showcase's screen has loaded (a loaded machine):
  // wait for its Edit link, the pointer still on the notice so the notice waits too.
  const editLink = page.getByRole('link', { name: 'Edit', exact: true });
  await expect.element(editLink).toBeVisible();
  // A click elsewhere, without moving the pointer off the notice.
  const edit = editLink.element();
  if (!(edit instanceof HTMLElement)) throw new Error('Edit is not a link element.');
  edit.click();
  await expect.element(published).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
});

test('a confirmation goes on typing or Back, and stays while the user only looks', async () => {
  // Back needs somewhere to go back to: the gallery, then the form.
  const { router } = await renderApp({ path: '/', as: 'member' });
  await expect.element(screenHeading('Showcases')).toBeVisible();
  await router.navigate('/new');
  await fillShowcaseForm({ title: `Kept quiet ${uniqueTag('snack')}` });
  await page.getByRole('button', { name: 'Save draft' }).click();
  const saved = await readNotice('Draft saved.');
  // Moving the focus is not an action: the confirmation stays, not even starting to close.
  await userEvent.keyboard('{Tab}');
  await nextFrames();
  expect(saved.element().style.opacity).not.toBe('0');
  await expect.element(saved).toBeVisible();
  window.history.back();
  await expect.element(saved).not.toBeInTheDocument();

  await router.navigate('/me');
  await page.getByRole('textbox', { name: 'Display name' }).fill(`Renamed ${uniqueTag('n')}`);
  await page.getByRole('button', { name: 'Save profile' }).click();
  const profileSaved = await readNotice('Profile saved.');
  // Focusing a field is not an action either; typing in it is.
  page.getByRole('textbox', { name: 'Photo URL' }).element().focus();
  await nextFrames();
  await expect.element(profileSaved).toBeVisible();
  await userEvent.keyboard('h');
  await expect.element(profileSaved).not.toBeInTheDocument();
});
