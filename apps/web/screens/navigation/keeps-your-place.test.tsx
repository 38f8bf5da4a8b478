// Back keeps your place: the gallery comes back with the pages already loaded, at the same
// scroll position; sort and tag survive Back and the links back to the gallery.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { DESKTOP, LAYOUTS, setLayout } from '../../src/testing/layout';
import {
  card,
  cards,
  connectionIndicator,
  currentAddress,
  screenHeading,
  tagFilter,
} from '../../src/testing/locators';
import { recordCardCounts } from '../../src/testing/card-counts';
import { renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';

/** Scrolled to `expected`, give or take the browser's rounding of fractional pixels. */
async function expectScrolledTo(expected: number, message: string): Promise<void> {
  await expect.poll(() => Math.abs(window.scrollY - expected), { message }).toBeLessThanOrEqual(1);
}

function inViewport(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
}

// Fifty showcases, three widths, each a full trip away and back: more than the usual minute.
test(
  'Back after Load more and a scroll returns to the same cards at the same spot; Forward too',
  { timeout: 120_000 },
  async () => {
    const tag = uniqueTag('place');
    await seedShowcases(
      Array.from({ length: 50 }, (_, index) => ({
        title: `Place ${index + 1} ${tag}`,
        tags: [tag],
      })),
    );
    await renderApp({ path: `/?tag=${tag}`, as: 'member' });
    await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
    await expect.poll(() => cards().elements()).toHaveLength(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards().elements()).toHaveLength(48);

    // Where Back returns depends on the page's geometry, the same in both colour schemes.
    for (const layout of LAYOUTS.filter(({ colorScheme }) => colorScheme === 'light')) {
      await setLayout(layout);
      await expect.poll(() => window.innerWidth, { message: layout.name }).toBe(layout.width);
      // All the way down, where a page that comes back shorter than it was cannot scroll to.
      window.scrollTo(0, document.documentElement.scrollHeight);
      await expect
        .poll(() => window.scrollY + window.innerHeight, { message: layout.name })
        .toBeGreaterThanOrEqual(document.documentElement.scrollHeight - 1);
      const before = window.scrollY;
      expect(before, layout.name).toBeGreaterThan(1000);
      const last = card(`Place 48 ${tag}`);
      expect(inViewport(last.element()), layout.name).toBe(true);

      await last.getByRole('heading').click();
      await expect.element(screenHeading(`Place 48 ${tag}`)).toBeVisible();
      const recorded = recordCardCounts();

      window.history.back();
      await expect.poll(currentAddress, { message: layout.name }).toBe(`/?tag=${tag}`);
      await expect.poll(() => cards().elements(), { message: layout.name }).toHaveLength(48);
      await expectScrolledTo(before, layout.name);
      expect(inViewport(last.element()), layout.name).toBe(true);
      // Skeletons (0 cards) then all 48 at once: never 24 first, never a page at a time.
      expect(
        recorded.counts().filter((count) => count > 0),
        layout.name,
      ).toEqual([48]);
      recorded.stop();
      if (layout === DESKTOP) {
        await transitionsSettled();
        expect(await seriousViolations()).toEqual([]);
      }

      window.history.forward();
      await expect.element(screenHeading(`Place 48 ${tag}`)).toBeVisible();
      // The showcase was left at its top, so Forward shows its top.
      await expectScrolledTo(0, layout.name);
      window.history.back();
      await expect.poll(() => cards().elements(), { message: layout.name }).toHaveLength(48);
      await expectScrolledTo(before, layout.name);
    }
  },
);

test('sort and tag survive Back, the page’s Gallery link and the app bar’s', async () => {
  const tag = uniqueTag('keep');
  await seedShowcases([
    { title: `Fresh ${tag}`, tags: [tag], likeCount: 0 },
    { title: `Loved ${tag}`, tags: [tag], likeCount: 9 },
  ]);
  await renderApp({ path: `/?tag=${tag}`, as: 'member' });
  await expect.element(cards().first()).toHaveAccessibleName(`Fresh ${tag}`);
  await page.getByRole('button', { name: 'Most liked' }).click();
  await expect.poll(currentAddress).toBe(`/?tag=${tag}&sort=liked`);
  await expect.element(cards().first()).toHaveAccessibleName(`Loved ${tag}`);

  const liked = `/?sort=liked&tag=${tag}`;
  await card(`Fresh ${tag}`).getByRole('heading').click();
  await page.getByRole('link', { name: 'Gallery' }).click();
  await expect.poll(currentAddress).toBe(liked);
  await expect
    .element(page.getByRole('button', { name: 'Most liked' }))
    .toHaveAttribute('aria-pressed', 'true');
  await expect.element(tagFilter()).toHaveValue(tag);

  await card(`Loved ${tag}`).getByRole('heading').click();
  await page.getByRole('link', { name: 'Showcase', exact: true }).click();
  await expect.poll(currentAddress).toBe(liked);
  await expect.element(cards().first()).toHaveAccessibleName(`Loved ${tag}`);

  // Back through the history: the detail, the sorted gallery, then the unsorted one.
  window.history.back();
  await expect.poll(() => window.location.pathname).toMatch(/^\/s\//);
  window.history.back();
  await expect.poll(currentAddress).toBe(liked);
  await expect.element(cards().first()).toHaveAccessibleName(`Loved ${tag}`);
  window.history.back();
  await expect.poll(() => window.location.pathname).toMatch(/^\/s\//);
  window.history.back();
  await expect.poll(currentAddress).toBe(`/?tag=${tag}&sort=liked`);
  window.history.back();
  await expect.poll(currentAddress).toBe(`/?tag=${tag}`);
  await expect
    .element(page.getByRole('button', { name: 'Newest' }))
    .toHaveAttribute('aria-pressed', 'true');
  await expect.element(cards().first()).toHaveAccessibleName(`Fresh ${tag}`);
});
