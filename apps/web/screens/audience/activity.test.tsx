// Activity: a like writes the owner's activity in its batch; the app bar's Activity says how
// much is unread, live, up to 99+; /activity groups what happened, opening it marks what it
// showed read, and Show older activity reads past its first page.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import {
  getDocument,
  seedShowcases,
  setDocuments,
  uniqueTag,
} from '../../src/testing/emulator-rest';
import { screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';

const activityButton = () => page.getByRole('link', { name: 'Activity', exact: true });

test("a member's like tells the showcase's owner, in the same batch", async () => {
  const owner = await newMember('Owner Lena');
  const title = `Lamp ${uniqueTag('likeact')}`;
  const [id] = await seedShowcases([{ title, ownerUid: owner.uid, ownerName: 'Owner Lena' }]);
  const { user } = await renderApp({ path: `/s/${id}`, as: 'member' });
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect.element(page.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
  await expect
    .poll(() => getDocument(`users/${owner.uid}/activity/like_${id}_${user!.uid}`))
    .toMatchObject({ type: 'like', actorUid: user!.uid, showcaseTitle: title, read: false });
  expect((await getDocument(`showcases/${id}`))?.likeCount).toBe(1);
});

test('Activity shows the unread count live; the screen groups it and marks what it showed read', async () => {
  const owner = await newMember('Owner Mira');
  const title = `Chair ${uniqueTag('group')}`;
  const [id] = await seedShowcases([{ title, ownerUid: owner.uid, ownerName: 'Owner Mira' }]);
  const now = Date.now();
  const likers = ['Maya', 'Ben', 'Cleo', 'Dev'];
  const activity = (activityId: string, data: Record<string, unknown>, minutesAgo: number) => ({
    path: `users/${owner.uid}/activity/${activityId}`,
    data: {
      showcaseId: id!,
      showcaseTitle: title,
      read: false,
      createdAt: new Date(now - minutesAgo * 60_000),
      ...data,
    } as Record<string, string | boolean | Date>,
  });
  await setDocuments(
    likers.map((name, index) =>
      activity(`like_${id}_${name}`, { type: 'like', actorUid: name, actorName: name }, index + 1),
    ),
  );

  await renderApp({ path: '/', as: owner });
  await expect.element(activityButton()).toHaveAccessibleDescription('4 unread');

  // Live: another comment arrives while the member looks at the gallery.
  await setDocuments([
    activity('comment_c1', { type: 'comment', actorUid: 'sam', actorName: 'Sam' }, 0),
  ]);
  await expect.element(activityButton()).toHaveAccessibleDescription('5 unread');

  await activityButton().click();
  await expect.element(screenHeading('Activity')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
  await expect.poll(() => rows.elements().length).toBe(2);
  expect(rows.first().element().textContent).toContain(`Sam commented on ${title}`);
  expect(rows.last().element().textContent).toContain(`Maya and 3 others liked ${title}`);
  // Still marked new while the reader looks, though already read on the server.
  await expect.element(rows.first().getByText('New', { exact: true })).toBeVisible();
  await expect.element(activityButton()).toHaveAccessibleDescription('Nothing new');
  await expect
    .poll(async () => (await getDocument(`users/${owner.uid}/activity/like_${id}_Dev`))?.read)
    .toBe(true);
  await expect
    .element(rows.last().getByRole('link'))
    .toHaveAttribute('href', `/s/${encodeURIComponent(id!)}`);
});

test('a member with no activity is told what will show there; a guest is offered an account', async () => {
  await renderApp({ path: '/activity', as: 'member' });
  await expect.element(page.getByRole('heading', { name: 'No activity yet' })).toBeVisible();
  await expect.element(activityButton()).toHaveAccessibleDescription('Nothing new');

  await renderApp({ path: '/activity', as: 'guest' });
  await expect
    .element(page.getByRole('heading', { name: 'Create an account to hear back' }))
    .toBeVisible();
  // Guests have no Activity button: nothing can happen to their work.
  await expect.element(activityButton()).not.toBeInTheDocument();
});

/** `count` likes of as many showcases (one line each), newest first from `now`, as seeded. */
function likesOfDistinctShowcases(ownerUid: string, count: number, read: boolean, tag: string) {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => ({
    path: `users/${ownerUid}/activity/like_${tag}_${index}`,
    data: {
      type: 'like',
      actorUid: `fan-${index}`,
      actorName: `Fan ${index}`,
      showcaseId: `${tag}-${index}`,
      showcaseTitle: `Work ${index} ${tag}`,
      read,
      createdAt: new Date(now - index * 60_000),
    } as Record<string, string | boolean | Date>,
  }));
}

test('the app bar caps the unread count at 99+, live', async () => {
  const owner = await newMember('Owner Busy');
  const tag = uniqueTag('busy');
  await setDocuments(likesOfDistinctShowcases(owner.uid, 99, false, tag));
  await renderApp({ path: '/', as: owner });
  await expect.element(activityButton()).toHaveAccessibleDescription('99 unread');
  await expect.element(page.getByTestId('activity-badge')).toHaveTextContent(/^99$/);

  // Two more arrive: past 99 the badge and the description say 99+.
  await setDocuments(
    likesOfDistinctShowcases(owner.uid, 2, false, `${tag}-more`).map((item) => ({
      ...item,
      data: { ...item.data, createdAt: new Date(Date.now() + 60_000) },
    })),
  );
  await expect.element(activityButton()).toHaveAccessibleDescription('99+ unread');
  await expect.element(page.getByTestId('activity-badge')).toHaveTextContent(/^99\+$/);
});

test('Show older activity reads the lines past the first page', async () => {
  const owner = await newMember('Owner Long');
  const tag = uniqueTag('older');
  // One more line than the first page holds (50), and one more to be sure of the order.
  await setDocuments(likesOfDistinctShowcases(owner.uid, 52, true, tag));
  await renderApp({ path: '/activity', as: owner });
  await expect.element(screenHeading('Activity')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
  await expect.poll(() => rows.elements().length).toBe(50);
  expect(rows.first().element().textContent).toContain(`Fan 0 liked Work 0 ${tag}`);
  expect(rows.last().element().textContent).toContain(`Fan 49 liked Work 49 ${tag}`);

  await page.getByRole('button', { name: 'Show older activity' }).click();
  await expect.poll(() => rows.elements().length).toBe(52);
  expect(rows.last().element().textContent).toContain(`Fan 51 liked Work 51 ${tag}`);
  // Nothing older is left: the button goes.
  await expect
    .element(page.getByRole('button', { name: 'Show older activity' }))
    .not.toBeInTheDocument();
});
