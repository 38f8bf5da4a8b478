// Images end to end, only what needs the real build, two browsers, a real offline reload with
// the service worker, or the stored objects read back through the Admin SDK. Everything one tab
// shows (progress, Cancel and Retry, refusals by name, reorder, cover, descriptions, the
// lightbox's keys and focus, offline waiting) is a screen test: screens/editing/images.test.tsx,
// screens/images/*, screens/editing/delete.test.tsx; the worker's output is
// src/lib/images/image-processor.browser.test.ts.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { getDocument, listDocuments, setDocuments } from '../support/firestore';
import { card, expectConnection, fillShowcaseForm, uniqueTag } from '../support/gallery';
import { stack } from '../support/env';
import {
  documentTimes,
  listObjectNames,
  objectOfDownloadUrl,
  readObject,
  webpInfo,
} from '../support/admin-sdk';

type Picked = { name: string; mimeType: string; buffer: Buffer };

/**
 * Files made by the page's canvas: with `sideways`, a 4000 × 3000 JPEG stored sideways as phone
 * cameras do (EXIF orientation 6) carrying a GPS position, spliced in after the JFIF header; and
 * small PNGs of one colour each.
 */
async function pictures(
  page: Page,
  pngs: { name: string; colour: string }[],
  sideways?: string,
): Promise<Picked[]> {
  const made = await page.evaluate(
    async ({ pngs, sideways }) => {
      const toBase64 = async (blob: Blob) => {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let at = 0; at < bytes.length; at += 0x8000)
          text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
        return btoa(text);
      };
      const exif = () => {
        const tiff = new DataView(new ArrayBuffer(92));
        tiff.setUint16(0, 0x4d4d);
        tiff.setUint16(2, 42);
        tiff.setUint32(4, 8);
        tiff.setUint16(8, 2);
        // Orientation (SHORT) = 6.
        tiff.setUint16(10, 0x0112);
        tiff.setUint16(12, 3);
        tiff.setUint32(14, 1);
        tiff.setUint16(18, 6);
        // GPSInfo (LONG): the GPS IFD at 38.
        tiff.setUint16(22, 0x8825);
        tiff.setUint16(24, 4);
        tiff.setUint32(26, 1);
        tiff.setUint32(30, 38);
        tiff.setUint32(34, 0);
        tiff.setUint16(38, 2);
        // GPSLatitudeRef 'N', GPSLatitude 51° 30' 12.34".
        tiff.setUint16(40, 0x0001);
        tiff.setUint16(42, 2);
        tiff.setUint32(44, 2);
        tiff.setUint8(48, 78);
        tiff.setUint16(52, 0x0002);
        tiff.setUint16(54, 5);
        tiff.setUint32(56, 3);
        tiff.setUint32(60, 68);
        tiff.setUint32(64, 0);
        [51, 1, 30, 1, 1234, 100].forEach((value, index) => tiff.setUint32(68 + index * 4, value));
        const payload = [69, 120, 105, 102, 0, 0, ...new Uint8Array(tiff.buffer)];
        const length = payload.length + 2;
        return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
      };
      const files: { name: string; mimeType: string; base64: string }[] = [];
      if (sideways) {
        // Top half red, bottom half blue, as the sensor saw it.
        const canvas = new OffscreenCanvas(4000, 3000);
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#ff0000';
        context.fillRect(0, 0, 4000, 1500);
        context.fillStyle = '#0000ff';
        context.fillRect(0, 1500, 4000, 1500);
        const jpeg = new Uint8Array(
          await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer(),
        );
        const app0End = jpeg[3] === 0xe0 ? 4 + ((jpeg[4]! << 8) | jpeg[5]!) : 2;
        const blob = new Blob([jpeg.slice(0, app0End), exif(), jpeg.slice(app0End)]);
        files.push({ name: sideways, mimeType: 'image/jpeg', base64: await toBase64(blob) });
      }
      for (const { name, colour } of pngs) {
        const canvas = new OffscreenCanvas(640, 480);
        const context = canvas.getContext('2d')!;
        context.fillStyle = colour;
        context.fillRect(0, 0, 640, 480);
        const blob = await canvas.convertToBlob({ type: 'image/png' });
        files.push({ name, mimeType: 'image/png', base64: await toBase64(blob) });
      }
      return files;
    },
    { pngs, sideways },
  );
  return made.map(({ name, mimeType, base64 }) => ({
    name,
    mimeType,
    buffer: Buffer.from(base64, 'base64'),
  }));
}

const imageRow = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/** The accessible names of the page's image openers, in order. */
const openers = (page: Page) =>
  page
    .locator('[data-image-open]')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));

function contains(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));
}

test.describe('images', () => {
  // A 12-megapixel photo through the worker and four uploads, two browsers, on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('a phone photo is stored upright and bare; a visitor sees the chosen order live and pages through it by keyboard; deleting leaves nothing', async ({
    memberPage: page,
    member,
    browser,
  }) => {
    const tag = uniqueTag('img');
    const title = `Three pictures ${tag}`;
    // The visitor watches the (empty) tag's gallery before anything is published.
    const visitorContext = await browser.newContext({ baseURL: stack().baseUrl });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/?tag=${tag}`);
    await expectConnection(visitor, 'Live');

    await page.goto('/new');
    await expect(page.getByRole('button', { name: 'Add images' })).toBeVisible();
    await page.getByTestId('add-images-input').setInputFiles(
      await pictures(
        page,
        [
          { name: 'field.png', colour: '#2a7' },
          { name: 'sky.png', colour: '#27c' },
        ],
        'IMG_0001.jpg',
      ),
    );
    for (const name of ['IMG_0001.jpg', 'field.png', 'sky.png'])
      await expect(imageRow(page, name).getByText('Uploaded')).toBeVisible({ timeout: 60_000 });

    // The field becomes the cover, the sky moves before the photo; each gets a description.
    await imageRow(page, 'field.png').getByRole('button', { name: 'Make cover' }).click();
    await imageRow(page, 'sky.png').getByRole('button', { name: 'Move earlier' }).click();
    const alts = {
      'field.png': 'A green field',
      'sky.png': 'A blue sky',
      'IMG_0001.jpg': 'Red over blue, upright',
    };
    for (const [name, alt] of Object.entries(alts))
      await imageRow(page, name).getByRole('textbox', { name: 'Image description' }).fill(alt);
    await fillShowcaseForm(page, { title, url: 'https://example.com/pictures', tags: tag });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const id = new URL(page.url()).pathname.split('/')[2]!;

    // The stored document and objects, as the server and the Admin SDK see them.
    const stored = await getDocument(`showcases/${id}`);
    const images = stored?.data.images as {
      alt: string;
      width: number;
      height: number;
      sizes: { width: number; url: string }[];
    }[];
    expect(images.map((image) => image.alt)).toEqual([
      'A green field',
      'A blue sky',
      'Red over blue, upright',
    ]);
    const photo = images[2]!;
    expect([photo.width, photo.height]).toEqual([2400, 3200]);
    const objects = images.flatMap((image) =>
      image.sizes.map((size) => objectOfDownloadUrl(size.url)),
    );
    const bucket = objects[0]!.bucket;
    const folder = `users/${member.uid}/showcases/${id}/`;
    // Each stored width once, nothing else.
    expect(await listObjectNames(bucket, folder)).toEqual(objects.map((o) => o.name).sort());
    for (const size of photo.sizes) {
      const bytes = await readObject(bucket, objectOfDownloadUrl(size.url).name);
      const info = webpInfo(bytes);
      expect(info.width, `${size.width}`).toBe(size.width);
      expect(info.height, `${size.width}`).toBeGreaterThan(info.width);
      expect(
        info.chunks.filter((chunk) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(chunk)),
      ).toEqual([]);
      for (const marker of ['Exif', 'EXIF', 'XMP ', 'ns.adobe.com/xap', 'ICCP'])
        expect(contains(bytes, marker), `${marker} in ${size.width}`).toBe(false);
    }

    // The visitor's gallery shows the new card at once, led by the chosen cover.
    const published = card(visitor, title);
    await expect(published.getByRole('img', { name: 'A green field' })).toBeVisible({
      timeout: 20_000,
    });
    await published.getByRole('link').first().click();
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect
      .poll(() => openers(visitor))
      .toEqual([
        'Open image 1 of 3: A green field',
        'Open image 2 of 3: A blue sky',
        'Open image 3 of 3: Red over blue, upright',
      ]);
    const cover = visitor.getByRole('button', { name: 'Open image 1 of 3: A green field' });
    await cover.focus();
    await visitor.keyboard.press('Enter');
    const lightbox = visitor.getByRole('dialog');
    await expect(lightbox.getByTestId('lightbox-counter')).toHaveText('1 of 3');
    await visitor.keyboard.press('ArrowRight');
    await expect(lightbox.getByTestId('lightbox-caption')).toHaveText('A blue sky');
    await visitor.keyboard.press('ArrowRight');
    await expect(lightbox.getByTestId('lightbox-counter')).toHaveText('3 of 3');
    await expect(lightbox.getByRole('img', { name: 'Red over blue, upright' })).toBeVisible();
    await visitor.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
    await expect(cover).toBeFocused();
    await visitorContext.close();

    // Someone liked it; the owner deletes it: no like, no object is left.
    await setDocuments([
      { path: `showcases/${id}/likes/fan-${tag}`, data: { createdAt: new Date() } },
    ]);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Showcase deleted.', { exact: true })).toBeVisible();
    expect(await getDocument(`showcases/${id}`)).toBeUndefined();
    expect(await listDocuments(`showcases/${id}/likes`)).toEqual([]);
    await expect.poll(() => listObjectNames(bucket, folder)).toEqual([]);
  });

  test.describe('with the service worker', () => {
    // Blocked in the other specs (playwright.config.ts).
    test.use({ serviceWorkers: 'allow' });

    test('pictures picked offline survive a reload served by the service worker, then upload and save exactly once', async ({
      memberPage: page,
      member,
      context,
    }) => {
      const tag = uniqueTag('offimg');
      const title = `Offline pictures ${tag}`;
      await page.goto('/new');
      await expect(page.getByRole('button', { name: 'Add images' })).toBeVisible();
      await expectConnection(page, 'Live');
      // The service worker has taken the page over: a reload offline comes from its cache.
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
        timeout: 20_000,
      });
      const id = new URL(page.url()).searchParams.get('id')!;
      const folder = `users/${member.uid}/showcases/${id}/`;

      await context.setOffline(true);
      await expectConnection(page, 'Offline');
      await page.getByTestId('add-images-input').setInputFiles(
        await pictures(page, [
          { name: 'train.png', colour: '#357' },
          { name: 'station.png', colour: '#a53' },
        ]),
      );
      for (const name of ['train.png', 'station.png'])
        await expect(imageRow(page, name).getByText('Waiting to upload')).toBeVisible();
      await expect(page.getByText(/You’re offline. Your pictures are kept/)).toBeVisible();

      await page.reload();
      for (const name of ['train.png', 'station.png'])
        await expect(imageRow(page, name).getByText('Waiting to upload')).toBeVisible({
          timeout: 20_000,
        });
      await fillShowcaseForm(page, { title, url: 'https://example.com/trains', tags: tag });
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(
        page.getByText('Your showcase is saved as soon as its images finish uploading.'),
      ).toBeVisible();
      expect(await getDocument(`showcases/${id}`)).toBeUndefined();

      await context.setOffline(false);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
        timeout: 30_000,
      });
      const stored = await getDocument(`showcases/${id}`);
      const images = stored?.data.images as { sizes: { url: string }[] }[];
      expect(images).toHaveLength(2);
      expect(stored?.data.status).toBe('published');
      // Written once: never updated after its create.
      const times = await documentTimes(`showcases/${id}`);
      expect(times?.updated).toBe(times?.created);
      // Each stored width once, and nothing else under the showcase's folder.
      const names = images.flatMap((image) =>
        image.sizes.map((size) => objectOfDownloadUrl(size.url).name),
      );
      const bucket = objectOfDownloadUrl(images[0]!.sizes[0]!.url).bucket;
      expect(await listObjectNames(bucket, folder)).toEqual(names.sort());
    });
  });
});
