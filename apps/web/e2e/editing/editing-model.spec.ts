// Unpublish asks first, with Cancel focused so that Enter changes nothing. Where the focus lands
// needs the built app: in development, React's StrictMode runs the dialog's focus trap twice
// and the dialog itself ends up focused. The rest of the editing model (drafts, publishing,
// Save changes, Unpublish in every layout) is screens/editing/editing-model.test.tsx's.
import { expect, test } from '../support/fixtures';
import { getDocument } from '../support/firestore';
import { seedShowcases, uniqueTag } from '../support/gallery';

test('the Unpublish dialog opens on Cancel: Enter keeps the showcase published', async ({
  memberPage: page,
  member,
}) => {
  const tag = uniqueTag('unpub');
  const title = `Kept ${tag}`;
  const [id] = await seedShowcases([
    { title, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
  ]);
  await page.goto(`/s/${id}/edit`);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish this showcase?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect((await getDocument(`showcases/${id}`))?.data.status).toBe('published');
});
