// The showcase page leads with the work: the cover first and large (its own ratio, its height
// capped), the other images after it, any of them opening a lightbox (←/→, Escape, swipe, alt
// text, a counter, the focus kept inside and given back), then the title and the rest; More by
// its maker at the end.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueId, uniqueTag } from '../../src/testing/emulator-rest';
import { DESKTOP, fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';
import { seedImage } from '../../src/testing/storage-images';
import { PAGE_IMAGE_SIZES, TILE_IMAGE_SIZES } from '../../src/lib/showcases/showcase-images';

/** A showcase with three uploaded images (portrait cover, wide, square), by a maker of its own. */
async function seedThreeImages(extra: { title: string }[] = []) {
  const tag = uniqueTag('page');
  const ownerUid = `owner-${tag}`;
  const ownerName = `Robin ${tag.slice(-4)}`;
  const showcaseId = uniqueId('s');
  const image = (width: number, height: number, alt: string) =>
    seedImage({ ownerUid, showcaseId, width, height, widths: [480, width], alt });
  const images = await Promise.all([
    image(900, 1200, 'The lamp, lit'),
    image(1600, 900, 'The lamp on a desk'),
    image(800, 800, ''),
  ]);
  const title = `Desk lamp ${tag}`;
  await seedShowcases([
    { id: showcaseId, title, tags: [tag], images, ownerUid, ownerName },
    ...extra.map((fields) => ({ ...fields, tags: [tag], ownerUid, ownerName })),
  ]);
  return { title, ownerUid, ownerName, images, path: `/s/${showcaseId}` };
}

const coverFrame = () => document.querySelector<HTMLElement>('[data-image-frame="cover"]')!;
const dialog = () => page.getByRole('dialog');
const counter = () => page.getByTestId('lightbox-counter');
const caption = () => page.getByTestId('lightbox-caption');

test('the cover comes first, above the title, at its own ratio and capped in height', async () => {
  const { title, path } = await seedThreeImages();
  await renderApp({ path });
  await expect.element(screenHeading(title)).toBeVisible();
  for (const layout of [DESKTOP, LAYOUTS.find((each) => each.width === 390)!]) {
    await setLayout(layout);
    await expect.poll(() => window.innerWidth).toBe(layout.width);
    const cover = coverFrame().getBoundingClientRect();
    const heading = screenHeading(title).element().getBoundingClientRect();
    expect(cover.bottom, layout.name).toBeLessThanOrEqual(heading.top);
    // Portrait 3:4, never taller than min(70vh, 720px).
    expect(cover.width / cover.height, layout.name).toBeCloseTo(0.75, 2);
    expect(cover.height, layout.name).toBeLessThanOrEqual(Math.min(0.7 * layout.height, 720) + 0.5);
    const tiles = page.getByRole('list', { name: 'More images' }).element();
    expect(tiles.getBoundingClientRect().top, layout.name).toBeGreaterThanOrEqual(cover.bottom);
    expect(tiles.getBoundingClientRect().bottom, layout.name).toBeLessThanOrEqual(heading.top);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
  const img = coverFrame().querySelector('img')!;
  expect(img.alt).toBe('The lamp, lit');
  expect(getComputedStyle(coverFrame()).backgroundImage).toMatch(/^url\("data:image\/png/u);
  expect(img.getAttribute('fetchpriority')).toBe('high');
  expect(img.getAttribute('sizes')).toBe(PAGE_IMAGE_SIZES);
  const tile = document.querySelector('[data-image-frame="tile"] img')!;
  expect(tile.getAttribute('sizes')).toBe(TILE_IMAGE_SIZES);
  expect(tile.getAttribute('loading')).toBe('lazy');

  // The narrowest layout in the dark: nothing overflows, axe finds nothing serious.
  await setLayout(LAYOUTS.find((each) => each.name === '360 px, dark')!);
  await expect.poll(() => window.innerWidth).toBe(360);
  expect(fitsTheWidth()).toBe(true);
  await transitionsSettled();
  expect(await seriousViolations()).toEqual([]);
});

test('the lightbox: ←/→ go round, the alt text and counter follow, Escape gives the focus back', async () => {
  const { title, path } = await seedThreeImages();
  await renderApp({ path });
  await expect.element(screenHeading(title)).toBeVisible();
  const opener = page.getByRole('button', { name: 'Open image 2 of 3: The lamp on a desk' });
  await opener.click();
  await expect.element(dialog()).toHaveAccessibleName(`Images of “${title}”`);
  await expect.element(counter()).toHaveTextContent('2 of 3');
  await expect.element(caption()).toHaveTextContent('The lamp on a desk');
  await expect.element(dialog().getByRole('img', { name: 'The lamp on a desk' })).toBeVisible();

  await userEvent.keyboard('{ArrowRight}');
  await expect.element(counter()).toHaveTextContent('3 of 3');
  // The third has no description: no caption, and its image is not named.
  await expect.poll(() => caption().element().textContent).toBe('');
  await userEvent.keyboard('{ArrowRight}');
  await expect.element(counter()).toHaveTextContent('1 of 3');
  await expect.element(caption()).toHaveTextContent('The lamp, lit');
  await userEvent.keyboard('{ArrowLeft}');
  await expect.element(counter()).toHaveTextContent('3 of 3');

  // Tab stays inside the dialog.
  for (let press = 0; press < 5; press++) {
    await userEvent.keyboard('{Tab}');
    expect(dialog().element().contains(document.activeElement)).toBe(true);
  }
  await transitionsSettled();
  expect(await seriousViolations()).toEqual([]);

  await userEvent.keyboard('{Escape}');
  await expect.element(dialog()).not.toBeInTheDocument();
  await expect.poll(() => document.activeElement).toBe(opener.element());
});

test('the keyboard opens the cover; the buttons move; Close gives the focus back', async () => {
  const { title, path } = await seedThreeImages();
  await renderApp({ path });
  await expect.element(screenHeading(title)).toBeVisible();
  const opener = page.getByRole('button', { name: 'Open image 1 of 3: The lamp, lit' });
  opener.element().focus();
  await userEvent.keyboard('{Enter}');
  await expect.element(counter()).toHaveTextContent('1 of 3');
  await dialog().getByRole('button', { name: 'Next image' }).click();
  await expect.element(counter()).toHaveTextContent('2 of 3');
  await dialog().getByRole('button', { name: 'Previous image' }).click();
  await expect.element(counter()).toHaveTextContent('1 of 3');
  await dialog().getByRole('button', { name: 'Close' }).click();
  await expect.element(dialog()).not.toBeInTheDocument();
  await expect.poll(() => document.activeElement).toBe(opener.element());
});

/** A one-finger swipe on the lightbox's stage, as touch pointer events. */
function swipe(dx: number, dy = 0) {
  const stage = page.getByTestId('lightbox-stage').element();
  const { left, top, width, height } = stage.getBoundingClientRect();
  const x = left + width / 2;
  const y = top + height / 2;
  const init = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true };
  stage.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: x, clientY: y }));
  stage.dispatchEvent(
    new PointerEvent('pointermove', { ...init, clientX: x + dx / 2, clientY: y + dy / 2 }),
  );
  stage.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: x + dx, clientY: y + dy }));
}

test('a swipe moves to the next or previous image; a tap or a vertical drag does not', async () => {
  await setLayout(LAYOUTS.find((each) => each.width === 390)!);
  const { title, path } = await seedThreeImages();
  await renderApp({ path });
  await expect.element(screenHeading(title)).toBeVisible();
  await page.getByRole('button', { name: 'Open image 1 of 3: The lamp, lit' }).click();
  await expect.element(counter()).toHaveTextContent('1 of 3');
  swipe(-120);
  await expect.element(counter()).toHaveTextContent('2 of 3');
  swipe(120);
  await expect.element(counter()).toHaveTextContent('1 of 3');
  swipe(120);
  await expect.element(counter()).toHaveTextContent('3 of 3');
  swipe(10);
  swipe(-60, -200);
  swipe(-120);
  // Only the last was a swipe: from 3 round to 1.
  await expect.element(counter()).toHaveTextContent('1 of 3');
});

test('More by the maker: their other published showcases, live, and a link to their profile', async () => {
  const { title, ownerName, ownerUid, path } = await seedThreeImages([
    { title: `Bench ${uniqueTag('x')}` },
    { title: `Shelf ${uniqueTag('x')}` },
  ]);
  await renderApp({ path });
  await expect.element(screenHeading(title)).toBeVisible();
  const section = page.getByRole('region', { name: `More by ${ownerName}` });
  await expect.element(section).toBeVisible();
  const cards = section.getByRole('article');
  await expect.poll(() => cards.elements()).toHaveLength(2);
  // Not this showcase again.
  expect(cards.elements().map((card) => card.querySelector('h3')?.textContent)).not.toContain(
    title,
  );
  await expect
    .element(section.getByRole('link', { name: `See all by ${ownerName}` }))
    .toHaveAttribute('href', `/u/${ownerUid}`);
  // Live: another published showcase by the maker appears without a reload.
  const later = `Stool ${uniqueTag('x')}`;
  await seedShowcases([
    { title: later, ownerUid, ownerName, createdAt: new Date(Date.now() + 60_000) },
  ]);
  await expect.element(section.getByRole('article', { name: later })).toBeVisible();
  // After the page's own content.
  const heading = screenHeading(title).element().getBoundingClientRect();
  expect(section.element().getBoundingClientRect().top).toBeGreaterThan(heading.bottom);
});

test('a cover gone from Storage: its placeholder and alt text on the page and in the lightbox', async () => {
  const tag = uniqueTag('gone');
  const showcaseId = uniqueId('s');
  const title = `Gone lamp ${tag}`;
  const image = await seedImage({
    ownerUid: `owner-${tag}`,
    showcaseId,
    width: 1200,
    height: 800,
    alt: 'The lamp that was deleted',
    missing: true,
  });
  await seedShowcases([{ id: showcaseId, title, tags: [tag], images: [image] }]);
  await renderApp({ path: `/s/${showcaseId}` });
  await expect.element(screenHeading(title)).toBeVisible();
  await expect.element(page.getByText('The lamp that was deleted')).toBeVisible();
  expect(coverFrame().querySelector('img')).toBeNull();
  expect(getComputedStyle(coverFrame()).backgroundImage).toMatch(/^url\("data:image\/png/u);
  // Its box is the image's, though nothing loaded.
  const { width, height } = coverFrame().getBoundingClientRect();
  expect(width / height).toBeCloseTo(1.5, 2);

  await page.getByRole('button', { name: 'Open image: The lamp that was deleted' }).click();
  await expect
    .element(dialog().getByRole('img', { name: 'The lamp that was deleted' }))
    .toBeVisible();
  await expect.element(dialog().getByText('This image could not be loaded')).toBeVisible();
  expect(dialog().element().querySelector('img')).toBeNull();
});
