// Comments on a showcase's page, as one browser sees them and the server holds them: posting
// (with the owner's activity in the same batch), deleting as the author and as the showcase's
// owner, the newest 20 first with older ones on demand, a visitor's way through sign-in back to
// the field with the draft kept, the field's validation, and a comment posted offline.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import {
  getDocument,
  listDocuments,
  seedShowcases,
  setDocuments,
  uniqueId,
  uniqueTag,
} from '../../src/testing/emulator-rest';
import { currentAddress, screenHeading } from '../../src/testing/locators';
import { FIRESTORE_STREAMS, failMatchingRequests } from '../../src/testing/network';
import { recordNotices } from '../../src/testing/notices';
import { newMember, renderApp, rerenderApp } from '../../src/testing/render-app';
import { signInWithForm } from '../../src/testing/sign-in-form';

const commentField = () => page.getByRole('textbox', { name: 'Add a comment' });
const postButton = () => page.getByRole('button', { name: 'Post', exact: true });
const commentList = () => page.getByRole('list', { name: 'Comments' });
const commentBy = (name: string) => page.getByRole('listitem', { name: `Comment by ${name}` });

/** Comments stored as the server would hold them, the first the newest (a minute apart). */
async function seedComments(
  showcaseId: string,
  comments: { authorUid: string; authorName: string; text: string }[],
): Promise<string[]> {
  const now = Date.now();
  const ids = comments.map(() => uniqueId('c'));
  await setDocuments(
    comments.map((comment, index) => ({
      path: `showcases/${showcaseId}/comments/${ids[index]}`,
      data: { ...comment, createdAt: new Date(now - index * 60_000) },
    })),
  );
  return ids;
}

test('a member posts a comment: shown with its link, counted, and the owner told in the same batch', async () => {
  const owner = await newMember('Owner Olga');
  const title = `Lamp ${uniqueTag('post')}`;
  const [id] = await seedShowcases([{ title, ownerUid: owner.uid, ownerName: 'Owner Olga' }]);
  const { user } = await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(screenHeading(title)).toBeVisible();
  await expect.element(page.getByText('No comments yet.')).toBeVisible();

  await commentField().fill('Lovely work, see https://example.com/notes.');
  await postButton().click();

  const mine = commentList().getByRole('listitem');
  await expect.element(mine).toHaveTextContent(/Lovely work, see https:\/\/example\.com\/notes\./);
  await expect
    .element(mine.getByRole('link', { name: 'https://example.com/notes' }))
    .toHaveAttribute('href', 'https://example.com/notes');
  await expect.element(mine.getByRole('time')).toBeVisible();
  await expect.element(commentField()).toHaveValue('');
  await expect.element(page.getByText('(1 comment)')).toBeVisible();

  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.commentCount).toBe(1);
  const [stored] = await listDocuments(`showcases/${id}/comments`);
  expect(stored).toMatchObject({
    authorUid: user!.uid,
    text: 'Lovely work, see https://example.com/notes.',
  });
  expect(await getDocument(`users/${owner.uid}/activity/comment_${stored!.id}`)).toMatchObject({
    type: 'comment',
    actorUid: user!.uid,
    showcaseId: id,
    showcaseTitle: title,
    read: false,
  });
  // Confirmed by the server: no longer marked as sending.
  await expect.element(mine.getByTestId('pending-chip')).not.toBeInTheDocument();
});

test('the author deletes their comment; the count goes back', async () => {
  const [id] = await seedShowcases([{ title: `Chair ${uniqueTag('own')}`, commentCount: 1 }]);
  const member = await newMember('Author Ada');
  await seedComments(id!, [{ authorUid: member.uid, authorName: 'Author Ada', text: 'Mine' }]);
  await renderApp({ path: `/s/${id}`, as: member });
  await expect.element(commentBy('Author Ada')).toBeVisible();
  // Their own comment: Delete, and no Report.
  await expect
    .element(commentBy('Author Ada').getByRole('button', { name: /^Report/ }))
    .not.toBeInTheDocument();
  await commentBy('Author Ada')
    .getByRole('button', { name: 'Delete comment by Author Ada' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this comment?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect.element(commentBy('Author Ada')).not.toBeInTheDocument();
  await expect.element(page.getByText('No comments yet.')).toBeVisible();
  await expect.poll(() => listDocuments(`showcases/${id}/comments`)).toEqual([]);
});

test("the showcase's owner deletes anyone's comment there; another member may only report it", async () => {
  const owner = await newMember('Owner Otto');
  const [id] = await seedShowcases([
    { title: `Desk ${uniqueTag('owner')}`, ownerUid: owner.uid, commentCount: 1 },
  ]);
  await seedComments(id!, [{ authorUid: 'someone-else', authorName: 'Troll Tim', text: 'Meh' }]);

  await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(commentBy('Troll Tim')).toBeVisible();
  await expect
    .element(commentBy('Troll Tim').getByRole('button', { name: 'Report comment by Troll Tim' }))
    .toBeVisible();
  await expect
    .element(commentBy('Troll Tim').getByRole('button', { name: /^Delete/ }))
    .not.toBeInTheDocument();

  await renderApp({ path: `/s/${id}`, as: owner });
  await commentBy('Troll Tim').getByRole('button', { name: 'Delete comment by Troll Tim' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this comment?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect.element(commentBy('Troll Tim')).not.toBeInTheDocument();
  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.commentCount).toBe(0);
});

test('the newest 20 comments come first, oldest of them at the top, and older ones on demand', async () => {
  const [id] = await seedShowcases([{ title: `Busy ${uniqueTag('page')}`, commentCount: 25 }]);
  // #1 is the newest, #25 the oldest.
  await seedComments(
    id!,
    Array.from({ length: 25 }, (_, index) => ({
      authorUid: `author-${index + 1}`,
      authorName: `Person ${index + 1}`,
      text: `Comment #${index + 1}`,
    })),
  );
  await renderApp({ path: `/s/${id}` });
  const items = commentList().getByRole('listitem');
  await expect.poll(() => items.elements().length).toBe(20);
  // A conversation reads down: the newest is last, next to the field.
  expect(items.first().element().textContent).toContain('Comment #20');
  expect(items.last().element().textContent).toContain('Comment #1');

  await page.getByRole('button', { name: 'Show older comments' }).click();
  await expect.poll(() => items.elements().length).toBe(25);
  expect(items.first().element().textContent).toContain('Comment #25');
  await expect
    .element(page.getByRole('button', { name: 'Show older comments' }))
    .not.toBeInTheDocument();
});

test('a visitor who types and presses Post signs in and comes back to the field with the text kept, and a reload keeps it', async () => {
  const [id] = await seedShowcases([{ title: `Vase ${uniqueTag('visitor')}` }]);
  const member = await newMember('Returning Rita');
  await renderApp({ path: `/s/${id}` });
  await expect.element(page.getByText('Sign in to comment. What you type is kept.')).toBeVisible();
  await commentField().fill('Typed before signing in');
  await postButton().click();
  await expect.poll(currentAddress).toBe('/signin');
  await signInWithForm(member);

  await expect.poll(currentAddress).toBe(`/s/${id}`);
  expect(window.location.hash).toBe('#add-comment');
  await expect.element(commentField()).toHaveValue('Typed before signing in');
  await expect.element(commentField()).toHaveFocus();

  rerenderApp();
  await expect.element(commentField()).toHaveValue('Typed before signing in');
  await postButton().click();
  await expect.element(commentBy('Returning Rita')).toHaveTextContent(/Typed before signing in/);
  rerenderApp();
  await expect.element(commentBy('Returning Rita')).toBeVisible();
  // Posted, so no longer a draft.
  await expect.element(commentField()).toHaveValue('');
});

test('an empty or over-long comment is explained under the field and nothing is sent', async () => {
  const [id] = await seedShowcases([{ title: `Bowl ${uniqueTag('valid')}` }]);
  await renderApp({ path: `/s/${id}`, as: 'member' });
  await commentField().fill('   ');
  await postButton().click();
  await expect.element(page.getByText('Write something first.')).toBeVisible();
  await commentField().fill('x'.repeat(1001));
  await postButton().click();
  await expect
    .element(page.getByText('Keep comments to 1,000 characters (now 1,001).'))
    .toBeVisible();
  expect(await listDocuments(`showcases/${id}/comments`)).toEqual([]);
});

test('a comment posted offline shows as sending, and reaches the server once when back', async () => {
  const [id] = await seedShowcases([{ title: `Stool ${uniqueTag('offline')}` }]);
  await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(page.getByText('No comments yet.')).toBeVisible();

  const network = await failMatchingRequests(FIRESTORE_STREAMS);
  await commentField().fill('Written on the train');
  await postButton().click();
  const item = commentList().getByRole('listitem');
  await expect.element(item).toHaveTextContent(/Written on the train/);
  await expect.element(item.getByTestId('pending-chip')).toBeVisible();

  await network.restore();
  await expect.element(item.getByTestId('pending-chip')).not.toBeInTheDocument();
  const stored = await listDocuments(`showcases/${id}/comments`);
  expect(stored.map((comment) => comment.text)).toEqual(['Written on the train']);
  expect((await getDocument(`showcases/${id}`))?.commentCount).toBe(1);
});

test('a comment the server refuses leaves the list, its text comes back, and the reason is said', async () => {
  // Hostile stored data the rules cannot count on: the +1 has no number to add to.
  const [id] = await seedShowcases([
    { title: `Odd ${uniqueTag('refused')}`, commentCount: 'many' as unknown as number },
  ]);
  await renderApp({ path: `/s/${id}`, as: 'member' });
  const notices = recordNotices();
  await commentField().fill('This will not be accepted');
  await postButton().click();
  await expect
    .poll(notices)
    .toContain("Your comment was not posted. You don't have permission to do that.");
  await expect.element(commentField()).toHaveValue('This will not be accepted');
  await expect.element(page.getByText('No comments yet.')).toBeVisible();
  expect(await listDocuments(`showcases/${id}/comments`)).toEqual([]);
});

test("a guest's Post offers an account (the guest session kept), with the text kept for the way back", async () => {
  const [id] = await seedShowcases([{ title: `Cup ${uniqueTag('guest')}` }]);
  await renderApp({ path: `/s/${id}`, as: 'guest' });
  await expect
    .element(
      page.getByText(
        'Create an account to comment: you keep this guest session and what you typed.',
      ),
    )
    .toBeVisible();
  await commentField().fill('Guest words');
  await postButton().click();
  await expect.poll(currentAddress).toBe('/signup');
  window.history.back();
  await expect.element(commentField()).toHaveValue('Guest words');
  expect(await listDocuments(`showcases/${id}/comments`)).toEqual([]);
});
