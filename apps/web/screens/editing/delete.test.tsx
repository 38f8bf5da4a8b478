// Deleting a showcase takes its likes and comments (in its batch, and past 499 in batches after
// it) and every stored width of its images (from Storage) with it, as the owner sees it and as
// the servers then hold it.
import { buildShowcaseImage, showcaseImagePath } from '@showcase/schema';
import { expect, inject, test } from 'vitest';
import { page } from 'vitest/browser';
import {
  documentIds,
  getDocument,
  seedShowcases,
  setDocuments,
  uniqueId,
} from '../../src/testing/emulator-rest';
import { screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';

const BUCKET = 'demo-showcase.appspot.com';
const storageOrigin = () => `http://${inject('screenStack').storageHost}`;

/** Puts bytes at `path` through the emulator's GCS API (as the Admin SDK would). */
async function putObject(path: string): Promise<void> {
  const url = `${storageOrigin()}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${encodeURIComponent(path)}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'image/webp' },
    body: new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80]),
  });
  if (!response.ok) throw new Error(`Uploading ${path}: ${response.status}`);
}

async function objectExists(path: string): Promise<boolean> {
  const response = await fetch(
    `${storageOrigin()}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(path)}`,
  );
  return response.ok;
}

test('deleting a showcase removes its likes, its comments and every stored width of its images', async () => {
  const owner = await newMember();
  const id = uniqueId('del');
  const title = `Going away ${id}`;
  const images = [
    buildShowcaseImage(owner.uid, id, { id: 'cover', widths: [480, 960], origin: storageOrigin() }),
    buildShowcaseImage(owner.uid, id, { id: 'detail', widths: [480], origin: storageOrigin() }),
  ];
  const paths = images.flatMap((image) =>
    image.sizes.map((size) => showcaseImagePath(owner.uid, id, image.id, size.width)),
  );
  for (const path of paths) await putObject(path);
  await seedShowcases([{ id, title, images, ownerUid: owner.uid, likeCount: 2 }]);
  await setDocuments([
    { path: `showcases/${id}/likes/fan-1`, data: { createdAt: new Date() } },
    { path: `showcases/${id}/likes/fan-2`, data: { createdAt: new Date() } },
    {
      path: `showcases/${id}/comments/c1`,
      data: { authorUid: 'fan-1', authorName: 'Fan', text: 'Nice.', createdAt: new Date() },
    },
  ]);
  expect(await objectExists(paths[0]!)).toBe(true);

  await renderApp({ path: `/s/${id}`, as: owner });
  await expect.element(screenHeading(title)).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

  await expect.element(page.getByText('Showcase deleted.')).toBeVisible();
  expect(await getDocument(`showcases/${id}`)).toBeUndefined();
  expect(await getDocument(`showcases/${id}/likes/fan-1`)).toBeUndefined();
  expect(await getDocument(`showcases/${id}/likes/fan-2`)).toBeUndefined();
  expect(await getDocument(`showcases/${id}/comments/c1`)).toBeUndefined();
  for (const path of paths) expect(await objectExists(path), path).toBe(false);
});

test('a showcase with 450 likes and 150 comments: all go, in batches of 500, and no record stays', async () => {
  const owner = await newMember();
  const id = uniqueId('many');
  const title = `Popular ${id}`;
  await seedShowcases([{ id, title, ownerUid: owner.uid, likeCount: 450, commentCount: 150 }]);
  const createdAt = new Date();
  const children = [
    ...Array.from({ length: 450 }, (_, index) => ({
      path: `showcases/${id}/likes/fan-${index}`,
      data: { createdAt },
    })),
    ...Array.from({ length: 150 }, (_, index) => ({
      path: `showcases/${id}/comments/c-${index}`,
      data: { authorUid: `fan-${index}`, authorName: 'Fan', text: 'Nice.', createdAt },
    })),
  ];
  // Seeded 500 at a time: the emulator, like Firestore, refuses larger commits.
  for (let start = 0; start < children.length; start += 500)
    await setDocuments(children.slice(start, start + 500));

  await renderApp({ path: `/s/${id}`, as: owner });
  await expect.element(screenHeading(title)).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

  // Two batches of up to 500 deletes, each write checked by the rules: on a loaded machine this
  // takes longer than the usual wait for a screen to change.
  await expect
    .element(page.getByText('Showcase deleted.', { exact: true }), { timeout: 90_000 })
    .toBeVisible();
  expect(await getDocument(`showcases/${id}`)).toBeUndefined();
  expect(await documentIds(`showcases/${id}/likes`)).toEqual([]);
  expect(await documentIds(`showcases/${id}/comments`)).toEqual([]);
  expect(await getDocument(`showcaseDeletions/${id}`)).toBeUndefined();
}, 150_000);
