// Cards lead with their cover, drawn at the size the grid shows it: srcset and sizes from the
// stored widths, the placeholder painted before the image arrives, no shift when it does, and
// a missing image left as its placeholder and alt text, never a broken-image icon.
import { expect, test } from 'vitest';
import { seedShowcases, uniqueId, uniqueTag } from '../../src/testing/emulator-rest';
import { card, cards } from '../../src/testing/locators';
import { holdMatchingRequests } from '../../src/testing/network';
import { renderApp } from '../../src/testing/render-app';
import { seedImage } from '../../src/testing/storage-images';
import { CARD_IMAGE_SIZES } from '../../src/lib/showcases/showcase-images';

const rect = (element: Element) => {
  const { x, y, width, height } = element.getBoundingClientRect();
  return { x, y, width, height };
};

/** A card's image frame (the box `ShowcaseImage` holds for it). */
function frameOf(title: string): HTMLElement {
  const frame = card(title).element().querySelector<HTMLElement>('[data-image-frame="card"]');
  if (frame === null) throw new Error(`No image frame on “${title}”.`);
  return frame;
}

test('a cover: srcset and sizes, its placeholder at once, nothing moves when it arrives', async () => {
  const tag = uniqueTag('cover');
  const showcaseId = uniqueId('s');
  const title = `Two fields ${tag}`;
  const image = await seedImage({
    ownerUid: `owner-${tag}`,
    showcaseId,
    width: 1200,
    height: 900,
    widths: [480, 1200],
    alt: 'Orange beside blue',
  });
  await seedShowcases([{ id: showcaseId, title, tags: [tag], images: [image] }]);
  // The image's bytes wait until the test has measured the card without them.
  const held = await holdMatchingRequests(new RegExp(image.id));
  await renderApp({ path: `/?tag=${tag}` });
  await expect.poll(() => cards().elements()).toHaveLength(1);
  await expect.poll(() => held.heldCount()).toBeGreaterThan(0);

  const frame = frameOf(title);
  const img = frame.querySelector('img')!;
  expect(img.getAttribute('srcset')).toBe(
    `${image.sizes[0]!.url} 480w, ${image.sizes[1]!.url} 1200w`,
  );
  expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
  expect(img.alt).toBe('Orange beside blue');
  expect(img.complete && img.naturalWidth > 0).toBe(false);
  // The ThumbHash is painted behind the image at once.
  expect(getComputedStyle(frame).backgroundImage).toMatch(/^url\("data:image\/png;base64,/u);
  const title1 = card(title).element().querySelector('h2')!;
  const before = { frame: rect(frame), img: rect(img), title: rect(title1) };
  expect(before.frame.width / before.frame.height).toBeCloseTo(1.6, 1);

  await held.release();
  await expect.poll(() => img.complete && img.naturalWidth > 0).toBe(true);
  expect({ frame: rect(frame), img: rect(img), title: rect(title1) }).toEqual(before);
  // At 1280 px a card is 276 px wide: the 480 w file is the one fetched.
  expect(img.currentSrc).toBe(image.sizes[0]!.url);
  expect(getComputedStyle(img).objectFit).toBe('cover');
});

test('an image gone from Storage leaves its placeholder and alt text, not a broken image', async () => {
  const tag = uniqueTag('gone');
  const showcaseId = uniqueId('s');
  const title = `Gone ${tag}`;
  const image = await seedImage({
    ownerUid: `owner-${tag}`,
    showcaseId,
    width: 800,
    height: 800,
    alt: 'A lamp that was deleted',
    missing: true,
  });
  await seedShowcases([{ id: showcaseId, title, tags: [tag], images: [image] }]);
  await renderApp({ path: `/?tag=${tag}` });
  await expect.element(card(title).getByText('A lamp that was deleted')).toBeVisible();
  const frame = frameOf(title);
  expect(frame.querySelector('img')).toBeNull();
  expect(getComputedStyle(frame).backgroundImage).toMatch(/^url\("data:image\/png;base64,/u);
  expect(frame.getBoundingClientRect().width / frame.getBoundingClientRect().height).toBeCloseTo(
    1.6,
    1,
  );
});

test('a showcase stored before uploads keeps its one image, drawn as before', async () => {
  const tag = uniqueTag('legacy');
  const title = `Legacy ${tag}`;
  const imageUrl = `${location.origin}/pwa-512.png`;
  await seedShowcases([{ title, tags: [tag], imageUrl, imageAlt: 'The app icon' }]);
  await renderApp({ path: `/?tag=${tag}` });
  await expect.poll(() => cards().elements()).toHaveLength(1);
  const img = frameOf(title).querySelector('img')!;
  expect(img.getAttribute('src')).toBe(imageUrl);
  expect(img.hasAttribute('srcset')).toBe(false);
  expect(img.alt).toBe('The app icon');
  await expect.poll(() => img.complete && img.naturalWidth > 0).toBe(true);
});
