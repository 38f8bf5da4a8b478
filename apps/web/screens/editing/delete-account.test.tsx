// Deleting an account from /me's danger zone deletes what it owns first, while its sign-in still
// lets the rules allow it: its showcases with their likes, comments and images, its comments on
// others' showcases (with their counters), its profile photo, whom it follows (with both
// counters), its saves, its activity and its public profile; then the sign-in. What stays is
// said in the dialog.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { lookupAccount } from '../../src/testing/auth-emulator-rest';
import {
  createAccount,
  documentIds,
  getDocument,
  seedShowcases,
  setDocuments,
  uniqueId,
} from '../../src/testing/emulator-rest';
import { newMember, renderApp } from '../../src/testing/render-app';
import { seedImage } from '../../src/testing/storage-images';
import { listObjects } from '../../src/testing/storage-rest';

async function photoFile(): Promise<File> {
  const canvas = new OffscreenCanvas(400, 300);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#48a';
  context.fillRect(0, 0, 400, 300);
  return new File([await canvas.convertToBlob({ type: 'image/jpeg' })], 'me.jpg', {
    type: 'image/jpeg',
  });
}

test('Delete account deletes what the account owns, says what stays, then the sign-in', async () => {
  const member = await newMember();
  const maker = await createAccount();
  const uid = member.uid;
  const id = uniqueId('mine');
  const theirs = uniqueId('theirs');
  const image = await seedImage({ ownerUid: uid, showcaseId: id, width: 480, height: 300 });
  await seedShowcases([
    { id, title: `Mine ${id}`, ownerUid: uid, images: [image], likeCount: 1, commentCount: 1 },
    { id: theirs, title: `Theirs ${theirs}`, ownerUid: maker.uid, commentCount: 2 },
  ]);
  const createdAt = new Date();
  await setDocuments([
    { path: `showcases/${id}/likes/${maker.uid}`, data: { createdAt } },
    {
      path: `showcases/${id}/comments/c1`,
      data: { authorUid: maker.uid, authorName: 'Maker', text: 'Nice.', createdAt },
    },
    {
      path: `users/${uid}`,
      data: { displayName: member.displayName, createdAt, followingCount: 1 },
    },
    {
      path: `users/${maker.uid}`,
      data: { displayName: maker.displayName, createdAt, followerCount: 1 },
    },
    { path: `users/${uid}/following/${maker.uid}`, data: { createdAt } },
    { path: `users/${maker.uid}/followers/${uid}`, data: { createdAt } },
    { path: `users/${uid}/saved/${theirs}`, data: { createdAt } },
    {
      path: `showcases/${theirs}/comments/mine`,
      data: { authorUid: uid, authorName: 'Me', text: 'Lovely.', createdAt },
    },
    {
      path: `showcases/${theirs}/comments/maker`,
      data: { authorUid: maker.uid, authorName: 'Maker', text: 'Thanks!', createdAt },
    },
    {
      path: `users/${uid}/activity/like_${id}_${maker.uid}`,
      data: {
        type: 'like',
        actorUid: maker.uid,
        actorName: 'Maker',
        showcaseId: id,
        showcaseTitle: `Mine ${id}`,
        createdAt,
        read: false,
      },
    },
  ]);

  await renderApp({ path: '/me', as: member });
  await userEvent.upload(page.getByTestId('change-photo-input'), [await photoFile()]);
  await expect.element(page.getByText('Photo saved.')).toBeVisible();
  expect(await listObjects(`users/${uid}/`)).not.toEqual([]);

  const danger = page.getByRole('region', { name: 'Danger zone' });
  await danger.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect
    .element(dialog)
    .toHaveTextContent(
      'What stays: the likes you gave other members’ showcases, and other members’ follows of you until they unfollow.',
    );
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect.element(page.getByText('Your account was deleted.')).toBeVisible();

  expect(await lookupAccount({ uid })).toBeUndefined();
  expect(await listObjects(`users/${uid}/`)).toEqual([]);
  expect(await getDocument(`showcases/${id}`)).toBeUndefined();
  expect(await documentIds(`showcases/${id}/likes`)).toEqual([]);
  expect(await documentIds(`showcases/${id}/comments`)).toEqual([]);
  expect(await getDocument(`users/${uid}`)).toBeUndefined();
  for (const kind of ['following', 'saved', 'activity'])
    expect(await documentIds(`users/${uid}/${kind}`), kind).toEqual([]);
  expect(await documentIds(`users/${maker.uid}/followers`)).toEqual([]);
  expect((await getDocument(`users/${maker.uid}`))?.followerCount).toBe(0);
  // Someone else's showcase is theirs, less this account's comment and its count.
  expect(await documentIds(`showcases/${theirs}/comments`)).toEqual(['maker']);
  expect((await getDocument(`showcases/${theirs}`))?.commentCount).toBe(1);
});
