// `/` focuses the app bar's Search from anywhere but a field, on every screen; typed into a
// field, `/` stays text.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { screenHeading, searchBox } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

test('/ focuses Search from the page, not from a field', async () => {
  const { router } = await renderApp({ path: '/new', as: 'member' });
  await expect.element(screenHeading('New showcase')).toBeVisible();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.click();
  await userEvent.keyboard('a/b');
  await expect.element(title).toHaveValue('a/b');
  await expect.element(searchBox()).not.toHaveFocus();

  (document.activeElement as HTMLElement | null)?.blur();
  await userEvent.keyboard('/');
  await expect.element(searchBox()).toHaveFocus();
  await expect.element(searchBox()).toHaveValue('');

  await router.navigate('/me');
  await expect.poll(() => document.title).toMatch(/^Your profile/);
  (document.activeElement as HTMLElement | null)?.blur();
  await userEvent.keyboard('/');
  await expect.element(searchBox()).toHaveFocus();
});
