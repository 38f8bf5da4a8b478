// The app bar's Search stays in the same place from screen to screen, whatever the bar's
// right-hand side holds there (the connection indicator only where there is data, Sign in or
// the user menu).
import { describe, expect, test } from 'vitest';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { LAYOUTS, setLayout } from '../../src/testing/layout';
import { screenHeading, searchBox } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

const searchPlace = () => {
  const { left, top, width } = searchBox().element().getBoundingClientRect();
  return { left: Math.round(left), top: Math.round(top), width: Math.round(width) };
};

describe.each(LAYOUTS.filter((layout) => layout.colorScheme === 'light'))(
  'Search in the app bar at $name',
  (layout) => {
    test('keeps its place on every screen', async () => {
      await setLayout(layout);
      const tag = uniqueTag('bar');
      const [id] = await seedShowcases([{ title: `Bar ${tag}`, tags: [tag] }]);
      const { router } = await renderApp({ path: `/?tag=${tag}` });
      await expect.element(screenHeading(`Showcases tagged #${tag}`)).toBeVisible();
      await expect.element(searchBox()).toBeVisible();
      const onGallery = searchPlace();

      await router.navigate(`/s/${id}`);
      await expect.element(screenHeading(`Bar ${tag}`)).toBeVisible();
      expect(searchPlace()).toEqual(onGallery);

      // A screen without data: no connection indicator on the right.
      await router.navigate(`/no-such-page-${tag}`);
      await expect.poll(() => document.title).toMatch(/not found/i);
      expect(searchPlace()).toEqual(onGallery);
    });
  },
);
