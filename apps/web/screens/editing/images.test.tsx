// The editor's Images section against the real Storage emulator: pictures are prepared in the
// worker, uploaded width by width, reordered, described and removed, and the showcase document
// holds exactly the finished ones. Refusals, Cancel, Retry and offline waiting as a member sees
// them, and the objects as Storage holds them. Picked offline, a real reload served by the
// service worker and the upload and save exactly once after it: e2e/images/images.spec.ts.
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { getDocument, seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { transitionsSettled } from '../../src/testing/settled';
import { interceptRequests } from '../../src/testing/browser-commands-network';
import { screenHeading } from '../../src/testing/locators';
import { goOffline, holdMatchingRequests } from '../../src/testing/network';
import { openShowcaseId } from '../../src/testing/open-showcase';
import { newMember, renderApp } from '../../src/testing/render-app';
import { fillShowcaseForm } from '../../src/testing/showcase-form';
import { keepList, keptList } from '../../src/lib/images/device-store';
import { listObjects, objectMetadata } from '../../src/testing/storage-rest';

/** Resumable uploads to the Storage emulator (start, chunks, finish). */
const STORAGE_UPLOADS = /\/v0\/b\/[^/]+\/o\?.*name=/;

/** A PNG of `width` × `height` in one colour, as a picked file. */
async function pngFile(name: string, width: number, height: number, colour: string): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

const fileInput = () => page.getByTestId('add-images-input');
const imageRow = (name: string) => page.getByRole('listitem', { name, exact: true });
const rowNames = () =>
  [...document.querySelectorAll('ol[aria-label="Images"] > li')].map((li) =>
    li.getAttribute('aria-label'),
  );

async function startNewShowcase(title: string) {
  const rendered = await renderApp({ path: '/new', as: 'member' });
  await fillShowcaseForm({ title });
  return { uid: rendered.user!.uid, id: openShowcaseId() };
}

describe('Images section', () => {
  test('three images: progress then uploaded, reorder by keyboard, cover, descriptions, remove; the draft holds exactly them', async () => {
    const tag = uniqueTag('img');
    const { uid, id } = await startNewShowcase(`Lamp ${tag}`);
    await expect.element(page.getByRole('button', { name: 'Add images' })).toBeVisible();
    const files = await Promise.all([
      pngFile('red.png', 1200, 900, '#c00'),
      pngFile('green.png', 600, 600, '#0a0'),
      pngFile('blue.png', 300, 200, '#00c'),
    ]);
    await userEvent.upload(fileInput(), files);
    for (const name of ['red.png', 'green.png', 'blue.png'])
      await expect.element(imageRow(name).getByText('Uploaded')).toBeVisible();
    expect(rowNames()).toEqual(['red.png', 'green.png', 'blue.png']);
    await expect.element(imageRow('red.png').getByText('Cover')).toBeVisible();

    // Keyboard: focus red's Move later, press Enter; focus stays with it.
    const redLater = imageRow('red.png').getByRole('button', { name: 'Move later' });
    (redLater.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(rowNames).toEqual(['green.png', 'red.png', 'blue.png']);
    expect(document.activeElement).toBe(redLater.element());
    await expect.element(page.getByText('red.png moved to position 2 of 3.')).toBeInTheDocument();

    await imageRow('blue.png').getByRole('button', { name: 'Make cover' }).click();
    await expect.poll(rowNames).toEqual(['blue.png', 'green.png', 'red.png']);
    await imageRow('blue.png')
      .getByRole('textbox', { name: 'Image description' })
      .fill('A blue lamp shade');
    await imageRow('green.png').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(rowNames).toEqual(['blue.png', 'red.png']);
    await expect.poll(() => listObjects(`users/${uid}/showcases/${id}/`)).toHaveLength(3);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.element(screenHeading(`Lamp ${tag}`)).toBeVisible();
    await expect
      .poll(
        async () =>
          ((await getDocument(`showcases/${id}`))?.images as unknown[] | undefined)?.length,
      )
      .toBe(2);
    const stored = (await getDocument(`showcases/${id}`))!.images as {
      id: string;
      alt: string;
      width: number;
      height: number;
      placeholder: string;
      sizes: { width: number; url: string }[];
    }[];
    expect(stored.map(({ alt, width, height }) => ({ alt, width, height }))).toEqual([
      { alt: 'A blue lamp shade', width: 300, height: 200 },
      { alt: '', width: 960, height: 720 },
    ]);
    expect(stored[1]!.sizes.map((size) => size.width)).toEqual([480, 960]);
    expect(stored[0]!.placeholder.length).toBeGreaterThan(0);

    // Storage holds exactly those widths, as WebP, under the owner's path.
    const names = await listObjects(`users/${uid}/showcases/${id}/`);
    expect(names).toEqual(
      [
        `users/${uid}/showcases/${id}/${stored[0]!.id}/300.webp`,
        `users/${uid}/showcases/${id}/${stored[1]!.id}/480.webp`,
        `users/${uid}/showcases/${id}/${stored[1]!.id}/960.webp`,
      ].sort(),
    );
    for (const name of names)
      expect(await objectMetadata(name)).toMatchObject({ contentType: 'image/webp' });
  });

  test('refusals name each file before anything uploads', async () => {
    const { uid, id } = await startNewShowcase(`Refused ${uniqueTag('r')}`);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'], 'logo.png', {
      type: 'image/png',
    });
    const text = new File(['eggs, flour, milk'], 'holiday.jpg', { type: 'image/jpeg' });
    await userEvent.upload(fileInput(), [svg, text]);
    const alert = page.getByRole('alert');
    await expect.element(alert).toHaveTextContent('“logo.png” is an SVG drawing');
    await expect.element(alert).toHaveTextContent('“holiday.jpg” is not an image we can use');
    expect(rowNames()).toEqual([]);
    expect(await listObjects(`users/${uid}/showcases/${id}/`)).toEqual([]);
  });

  test('Cancel mid-upload takes the image out quietly and stores nothing', async () => {
    const { uid, id } = await startNewShowcase(`Cancelled ${uniqueTag('c')}`);
    const held = await holdMatchingRequests(STORAGE_UPLOADS);
    try {
      await userEvent.upload(fileInput(), [await pngFile('slow.png', 800, 600, '#999')]);
      await expect.element(imageRow('slow.png').getByText('Uploading 0%')).toBeVisible();
      await expect.poll(() => held.heldCount()).toBeGreaterThan(0);
      await imageRow('slow.png').getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(rowNames).toEqual([]);
      expect(document.querySelector('[role="alert"]')).toBeNull();
    } finally {
      await held.release();
    }
    expect(await listObjects(`users/${uid}/showcases/${id}/`)).toEqual([]);
  });

  test('a refused upload says it could not finish; Retry uploads it', async () => {
    const { uid, id } = await startNewShowcase(`Retried ${uniqueTag('f')}`);
    const refused = await interceptRequests(STORAGE_UPLOADS, { kind: 'status', status: 400 });
    await userEvent.upload(fileInput(), [await pngFile('flaky.png', 500, 500, '#f80')]);
    await expect
      .element(imageRow('flaky.png').getByText('The upload could not finish.', { exact: false }))
      .toBeVisible();
    await refused.release();
    await imageRow('flaky.png').getByRole('button', { name: 'Retry' }).click();
    await expect.element(imageRow('flaky.png').getByText('Uploaded')).toBeVisible();
    // 500 px wide: one width, 480 (never upscaled to 960).
    await expect
      .poll(() => listObjects(`users/${uid}/showcases/${id}/`))
      .toEqual([expect.stringMatching(/\/480\.webp$/)]);
  });

  test('a permission refusal says so and offers no Retry, only Remove; the rest still saves', async () => {
    const { uid, id } = await startNewShowcase(`Refused ${uniqueTag('u')}`);
    // What Storage answers when its rules refuse the write (the SDK's storage/unauthorized).
    const refused = await interceptRequests(STORAGE_UPLOADS, { kind: 'status', status: 403 });
    await userEvent.upload(fileInput(), [await pngFile('forbidden.png', 500, 500, '#808')]);
    await expect
      .element(imageRow('forbidden.png').getByRole('alert'))
      .toHaveTextContent(
        'You may not upload or open this image. Your form is kept. Remove it to save the rest.',
      );
    await expect
      .element(imageRow('forbidden.png').getByRole('button', { name: 'Remove' }))
      .toBeVisible();
    expect(imageRow('forbidden.png').getByRole('button', { name: 'Retry' }).query()).toBeNull();
    await refused.release();
    await imageRow('forbidden.png').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(rowNames).toEqual([]);
    expect(await listObjects(`users/${uid}/showcases/${id}/`)).toEqual([]);
  });
});

describe('Images section: drop, paste and drag', () => {
  /** A DataTransfer holding `files`, as the browser builds for a drop or a paste. */
  const transferOf = (files: File[]) => {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    return transfer;
  };

  test('files dropped on the section or pasted are added; dragging a row reorders', async () => {
    await startNewShowcase(`Dropped ${uniqueTag('d')}`);
    const section = page.getByRole('region', { name: 'Images' }).element();
    section.dispatchEvent(
      new DragEvent('drop', {
        bubbles: true,
        cancelable: true,
        dataTransfer: transferOf([await pngFile('dropped.png', 500, 400, '#a33')]),
      }),
    );
    await expect.element(imageRow('dropped.png').getByText('Uploaded')).toBeVisible();
    window.dispatchEvent(
      new ClipboardEvent('paste', {
        bubbles: true,
        cancelable: true,
        clipboardData: transferOf([await pngFile('pasted.png', 500, 400, '#3a3')]),
      }),
    );
    await expect.element(imageRow('pasted.png').getByText('Uploaded')).toBeVisible();
    expect(rowNames()).toEqual(['dropped.png', 'pasted.png']);

    // Drag the second row onto the first: it becomes the cover.
    const rows = document.querySelectorAll('ol[aria-label="Images"] > li');
    const rowDrag = new DataTransfer();
    rows[1]!.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: rowDrag }));
    rows[0]!.dispatchEvent(
      new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: rowDrag }),
    );
    await expect.poll(rowNames).toEqual(['pasted.png', 'dropped.png']);
    await expect.element(imageRow('pasted.png').getByText('Cover')).toBeVisible();
  });
});

describe('Images section offline', () => {
  test('My showcases marks a showcase whose picked images wait on the device', async () => {
    const member = await newMember();
    const title = `Waiting ${uniqueTag('w')}`;
    const [id] = await seedShowcases([{ title, ownerUid: member.uid, status: 'draft', url: '' }]);
    const { router } = await renderApp({ path: `/s/${id}/edit`, as: member });
    await expect.element(page.getByRole('button', { name: 'Add images' })).toBeVisible();
    await goOffline();
    await userEvent.upload(fileInput(), [await pngFile('later.png', 640, 480, '#753')]);
    await expect.element(imageRow('later.png').getByText('Waiting to upload')).toBeVisible();
    await router.navigate('/me/showcases');
    await expect
      .element(
        page.getByRole('list', { name: 'My showcases' }).getByText('1 image waiting to upload'),
      )
      .toBeVisible();
  });

  test('a reload before the device’s list caught up: a prepared picture comes back waiting, one cut while preparing is named and taken out', async () => {
    const member = await newMember();
    const title = `Reloaded ${uniqueTag('r')}`;
    const [id] = await seedShowcases([{ title, ownerUid: member.uid, status: 'draft', url: '' }]);
    await renderApp({ path: `/s/${id}/edit`, as: member });
    await expect.element(page.getByRole('button', { name: 'Add images' })).toBeVisible();
    await goOffline();
    await userEvent.upload(fileInput(), [await pngFile('kept.png', 640, 480, '#357')]);
    await expect.element(imageRow('kept.png').getByText('Waiting to upload')).toBeVisible();
    type Entry = { fileName: string; phase: string; info?: unknown };
    const kept = () => keptList<Entry[]>(member.uid, id!);
    await expect.poll(async () => (await kept())?.map((entry) => entry.phase)).toEqual(['waiting']);

    // The list as a reload can leave it: last written while the picture was being prepared,
    // and with one more the page closed on before its picture was ready.
    const [entry] = (await kept())!;
    await keepList(member.uid, id!, [
      { ...entry, phase: 'processing', info: undefined },
      {
        id: 'cut-short',
        fileName: 'cut.png',
        alt: '',
        phase: 'processing',
        progress: 0,
        stored: [],
      },
    ]);
    await renderApp({ path: `/s/${id}/edit`, as: member });
    await expect.element(imageRow('kept.png').getByText('Waiting to upload')).toBeVisible();
    await expect
      .element(
        page.getByText('“cut.png” was still being prepared when the page closed. Add it again.'),
      )
      .toBeVisible();
    await expect.element(imageRow('cut.png')).not.toBeInTheDocument();
    await expect
      .poll(async () => (await kept())?.map((entry) => entry.fileName))
      .toEqual(['kept.png']);
  });
});

describe.each(LAYOUTS)('Images section at $name', (layout) => {
  test('an uploaded image and a refusal fit the width and pass axe', async () => {
    await setLayout(layout);
    await startNewShowcase(`Layout ${uniqueTag('l')}`);
    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg"/>'],
      'a-very-long-file-name-for-a-narrow-phone-screen.svg',
    );
    await userEvent.upload(fileInput(), [await pngFile('wide.png', 900, 300, '#246'), svg]);
    await expect.element(imageRow('wide.png').getByText('Uploaded')).toBeVisible();
    await expect.element(page.getByRole('alert')).toHaveTextContent('is an SVG drawing');
    await transitionsSettled();
    expect(await seriousViolations()).toEqual([]);
    expect(fitsTheWidth()).toBe(true);
  });
});
