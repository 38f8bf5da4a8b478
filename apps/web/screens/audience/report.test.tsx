// Report on a showcase and on a comment: a reason from the short list and an optional note make
// a report document only moderators read; a visitor is asked to sign in first.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import {
  listDocuments,
  seedShowcases,
  setDocuments,
  uniqueId,
  uniqueTag,
} from '../../src/testing/emulator-rest';
import { currentAddress, screenHeading } from '../../src/testing/locators';
import { recordNotices } from '../../src/testing/notices';
import { newMember, renderApp } from '../../src/testing/render-app';

/** The reports about `target` on the server (read as the owner: no client may). */
const reportsAbout = async (target: string) =>
  (await listDocuments('reports')).filter((report) => report.target === target);

test('a member reports a showcase with a reason and a note; the reason is required', async () => {
  const title = `Fake ${uniqueTag('report')}`;
  const [id] = await seedShowcases([{ title }]);
  const { user } = await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(screenHeading(title)).toBeVisible();
  const notices = recordNotices();

  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this showcase' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect.element(dialog.getByText('Choose a reason.')).toBeVisible();

  await dialog.getByRole('radio', { name: 'Spam or advertising' }).click();
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('  Same post every day  ');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect.element(dialog).not.toBeInTheDocument();
  await expect.poll(notices).toContain('Thanks for reporting. A moderator will look at it.');
  await expect.poll(() => reportsAbout(`showcases/${id}`)).toHaveLength(1);
  expect((await reportsAbout(`showcases/${id}`))[0]).toMatchObject({
    reporterUid: user!.uid,
    reason: 'spam',
    note: 'Same post every day',
  });
});

test("a member reports someone's comment without a note", async () => {
  const [id] = await seedShowcases([{ title: `Thread ${uniqueTag('rc')}`, commentCount: 1 }]);
  const commentId = uniqueId('c');
  await setDocuments([
    {
      path: `showcases/${id}/comments/${commentId}`,
      data: { authorUid: 'rude', authorName: 'Rude Rob', text: 'Go away', createdAt: new Date() },
    },
  ]);
  await renderApp({ path: `/s/${id}`, as: 'member' });
  await page.getByRole('button', { name: 'Report comment by Rude Rob' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByRole('radio', { name: 'Harassment or hate' }).click();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const target = `showcases/${id}/comments/${commentId}`;
  await expect.poll(() => reportsAbout(target)).toHaveLength(1);
  const [report] = await reportsAbout(target);
  expect(report).toMatchObject({ reason: 'harassment' });
  expect(report).not.toHaveProperty('note');
});

test("a visitor's Report asks them to sign in first; the owner has none on their own showcase", async () => {
  const owner = await newMember();
  const title = `Open ${uniqueTag('rv')}`;
  const [id] = await seedShowcases([{ title, ownerUid: owner.uid }]);
  await renderApp({ path: `/s/${id}` });
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect.poll(currentAddress).toBe('/signin');

  await renderApp({ path: `/s/${id}`, as: owner });
  await expect.element(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await expect
    .element(page.getByRole('button', { name: 'Report', exact: true }))
    .not.toBeInTheDocument();
});
