// Like on a gallery card while offline: kept on the device, shown as pending, sent once the
// network returns. Everything a card's Like does online, in one browser, is a screen test
// (screens/cards/like.test.tsx); another browser seeing a like: e2e/gallery/realtime.spec.ts.
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { getDocument } from '../support/firestore';
import { card, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';

const likeCount = async (id: string) => (await getDocument(`showcases/${id}`))?.data.likeCount;

test('offline, a card keeps its like on the device, says so, and sends it when back', async ({
  memberPage: page,
  member,
  context,
}) => {
  const tag = uniqueTag('ocard');
  const title = `Offline card ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag], likeCount: 1 }]);
  await page.goto(`/?tag=${tag}`);
  await expectConnection(page, 'Live');
  const target = card(page, title);
  await expect(target.getByRole('button', { name: `Like “${title}”` })).toBeEnabled();

  await context.setOffline(true);
  await expectConnection(page, 'Offline', 10_000);
  await target.getByRole('button', { name: `Like “${title}”` }).click();
  const unlike = target.getByRole('button', { name: `Unlike “${title}”` });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(target.getByTestId('like-count')).toHaveText('2 likes');
  await expect(target.getByRole('status')).toHaveText(
    'Not sent yet: your like is kept on this device.',
  );
  await expect(unlike).toHaveAccessibleDescription(
    'Not sent yet: your like is kept on this device.',
  );
  await expect(target.getByTestId('pending-chip')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await context.setOffline(false);
  await expect(target.getByTestId('pending-chip')).toHaveCount(0, { timeout: 30_000 });
  await expect(target.getByRole('status')).toHaveCount(0);
  await expect.poll(() => likeCount(id!), { timeout: 30_000 }).toBe(2);
  expect(await getDocument(`showcases/${id}/likes/${member.uid}`)).toBeDefined();
});
