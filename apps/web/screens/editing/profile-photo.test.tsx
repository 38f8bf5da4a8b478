// /me's photo: Change photo runs the image pipeline and uploads the profile widths to Storage;
// the 320 px URL becomes the account's photoURL and the public profile's; Remove photo clears it.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { getDocument } from '../../src/testing/emulator-rest';
import { lookupAccount } from '../../src/testing/auth-emulator-rest';
import { newMember, renderApp } from '../../src/testing/render-app';
import { listObjects, objectMetadata } from '../../src/testing/storage-rest';

async function photoFile(name: string, width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#8a4';
  context.fillRect(0, 0, width, height);
  return new File([await canvas.convertToBlob({ type: 'image/jpeg' })], name, {
    type: 'image/jpeg',
  });
}

test('Change photo stores the profile widths and sets the 320 px URL; Remove photo clears it', async () => {
  const member = await newMember();
  await renderApp({ path: '/me', as: member });
  await expect.element(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

  await userEvent.upload(page.getByTestId('change-photo-input'), [
    await photoFile('me.jpg', 800, 600),
  ]);
  await expect.element(page.getByText('Photo saved.')).toBeVisible();
  const names = await listObjects(`users/${member.uid}/profile/`);
  expect(names.map((name) => name.split('/').pop())).toEqual(['320.webp', '96.webp']);
  for (const name of names)
    expect(await objectMetadata(name)).toMatchObject({ contentType: 'image/webp' });
  const photo320 = names.find((name) => name.endsWith('/320.webp'))!;
  await expect
    .poll(async () => (await getDocument(`users/${member.uid}`))?.photoURL)
    .toContain(encodeURIComponent(photo320));
  expect((await lookupAccount({ uid: member.uid }))?.photoUrl).toContain(
    encodeURIComponent(photo320),
  );
  await expect.element(page.getByRole('img', { name: 'Your photo' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect.element(page.getByText('Photo removed.')).toBeVisible();
  await expect
    .poll(async () => (await getDocument(`users/${member.uid}`))?.photoURL ?? null)
    .toBe(null);
  await expect.element(page.getByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  // Nothing points at the old photo any more: its objects are gone.
  await expect.poll(() => listObjects(`users/${member.uid}/profile/`)).toEqual([]);
});

test('Change photo refuses a file that is not an image, by name', async () => {
  const member = await newMember();
  await renderApp({ path: '/me', as: member });
  await userEvent.upload(page.getByTestId('change-photo-input'), [
    new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.png', { type: 'image/png' }),
  ]);
  await expect.element(page.getByRole('alert')).toHaveTextContent('“me.png” is an SVG drawing');
  expect(await listObjects(`users/${member.uid}/profile/`)).toEqual([]);
});
