// The gallery's Following feed as one member sees it: only the makers they follow, newest first,
// live; Most liked, a tag and a search within it, all in the URL that Back and a reload keep;
// more than 30 makers (Firestore's `in` limit) merged on the device; the empty states.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seedShowcases, uniqueTag, uniqueWord } from '../../src/testing/emulator-rest';
import { seriousViolations } from '../../src/testing/axe';
import { cardTitles, currentAddress, screenHeading, tagFilter } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';
import { seedFollows, seedMaker } from './support';

const feedToggle = () => page.getByRole('group', { name: 'Feed' });

test('Following shows the followed makers’ showcases newest first, and a new one live', async () => {
  const tag = uniqueTag('feed');
  const [followed, other] = await Promise.all([seedMaker('Fay Followed'), seedMaker('Otto Other')]);
  await seedShowcases([
    { title: `Newer ${tag}`, ownerUid: followed.uid, ownerName: followed.name },
    { title: `Not followed ${tag}`, ownerUid: other.uid, ownerName: other.name },
    { title: `Older ${tag}`, ownerUid: followed.uid, ownerName: followed.name },
    { title: `A draft ${tag}`, ownerUid: followed.uid, ownerName: followed.name, status: 'draft' },
  ]);
  const { user } = await renderApp({ path: '/', as: 'member' });
  await seedFollows(user!.uid, [followed.uid]);

  await feedToggle().getByRole('button', { name: 'Following' }).click();
  await expect.poll(currentAddress).toBe('/?feed=following');
  await expect.element(screenHeading('Following')).toBeVisible();
  await expect.poll(cardTitles).toEqual([`Newer ${tag}`, `Older ${tag}`]);
  await expect
    .element(feedToggle().getByRole('button', { name: 'Following' }))
    .toHaveAttribute('aria-pressed', 'true');
  await transitionsSettled();
  expect(await seriousViolations()).toEqual([]);

  await seedShowcases([
    {
      title: `Just published ${tag}`,
      ownerUid: followed.uid,
      ownerName: followed.name,
      createdAt: new Date(Date.now() + 1000),
    },
  ]);
  await expect.poll(cardTitles).toEqual([`Just published ${tag}`, `Newer ${tag}`, `Older ${tag}`]);

  // Back to everyone, and Back returns to the feed.
  await feedToggle().getByRole('button', { name: 'Everyone' }).click();
  await expect.element(screenHeading('Showcases')).toBeVisible();
  window.history.back();
  await expect.element(screenHeading('Following')).toBeVisible();
});

test('Following sorts by Most liked, filters by tag and searches, and Back and a reload keep all of it', async () => {
  const tag = uniqueTag('fsort');
  const word = uniqueWord('lamp');
  const [followed, other] = await Promise.all([seedMaker('Lia Liked'), seedMaker('Omar Other')]);
  const by = (maker: { uid: string; name: string }) => ({
    ownerUid: maker.uid,
    ownerName: maker.name,
  });
  const [chair, lamp, kite, stool] = [
    `Chair ${word}x`,
    `${word} desk`,
    `Kite ${tag}`,
    `Stool ${tag}`,
  ];
  // Newest first as listed; the most liked of all is by a maker the member does not follow.
  await seedShowcases([
    { title: chair, likeCount: 9, ...by(followed) },
    { title: lamp, tags: [tag], likeCount: 1, ...by(followed) },
    { title: kite, tags: [tag], likeCount: 5, ...by(followed) },
    { title: stool, tags: [tag], likeCount: 5, ...by(followed) },
    { title: `${word} shade`, tags: [tag], likeCount: 20, ...by(other) },
  ]);
  const { user } = await renderApp({ path: '/', as: 'member' });
  await seedFollows(user!.uid, [followed.uid]);

  await feedToggle().getByRole('button', { name: 'Following' }).click();
  await expect.poll(cardTitles).toEqual([chair, lamp, kite, stool]);

  // Most liked: likes first, then the newest of equal likes, as the Everyone gallery orders.
  await page.getByRole('button', { name: 'Most liked' }).click();
  await expect.poll(currentAddress).toBe('/?feed=following&sort=liked');
  await expect.poll(cardTitles).toEqual([chair, kite, stool, lamp]);

  await tagFilter().fill(tag);
  await userEvent.keyboard('{Enter}');
  await expect.poll(currentAddress).toBe(`/?feed=following&sort=liked&tag=${tag}`);
  await expect.element(screenHeading('Following')).toBeVisible();
  await expect.poll(cardTitles).toEqual([kite, stool, lamp]);
  await transitionsSettled();
  expect(await seriousViolations()).toEqual([]);

  // Back undoes the tag, not the feed or the sort; Forward brings it back.
  window.history.back();
  await expect.poll(currentAddress).toBe('/?feed=following&sort=liked');
  await expect.element(screenHeading('Following')).toBeVisible();
  await expect.poll(cardTitles).toEqual([chair, kite, stool, lamp]);
  window.history.forward();
  await expect.poll(cardTitles).toEqual([kite, stool, lamp]);

  // A link with all four, opened afresh (a reload): searching stays within Following, the
  // toggle stays to widen it, and the tag is checked on the results.
  const shared = `/?feed=following&sort=liked&tag=${tag}&q=${word}`;
  await renderApp({ path: shared, as: user!.account! });
  await expect.element(screenHeading(`Results for “${word}” tagged #${tag}`)).toBeVisible();
  await expect.poll(cardTitles).toEqual([lamp]);
  await expect
    .element(feedToggle().getByRole('button', { name: 'Following' }))
    .toHaveAttribute('aria-pressed', 'true');
  await expect
    .element(page.getByRole('button', { name: 'Most liked' }))
    .toHaveAttribute('aria-pressed', 'true');
  expect(currentAddress()).toBe(shared);

  // Everyone widens the same search and keeps the rest of the URL.
  await feedToggle().getByRole('button', { name: 'Everyone' }).click();
  await expect.poll(currentAddress).toBe(`/?sort=liked&tag=${tag}&q=${word}`);
  await expect.poll(cardTitles).toEqual([`${word} shade`, lamp]);
});

test('more than 30 followed makers are merged into one feed, newest first', async () => {
  const tag = uniqueTag('many');
  const makers = await Promise.all(
    Array.from({ length: 32 }, (_, index) => seedMaker(`Maker ${index} ${tag}`)),
  );
  // One showcase each, the newest by the last maker: it is in the second `in` chunk.
  await seedShowcases(
    makers
      .map((maker, index) => ({
        title: `Work ${index} ${tag}`,
        ownerUid: maker.uid,
        ownerName: maker.name,
      }))
      .reverse(),
  );
  const { user } = await renderApp({ path: '/', as: 'member' });
  await seedFollows(
    user!.uid,
    makers.map((maker) => maker.uid),
  );
  await renderApp({ path: '/?feed=following', as: user!.account! });
  await expect.poll(cardTitles).toHaveLength(24);
  expect(cardTitles().slice(0, 3)).toEqual([`Work 31 ${tag}`, `Work 30 ${tag}`, `Work 29 ${tag}`]);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(cardTitles).toHaveLength(32);
  expect(cardTitles().at(-1)).toBe(`Work 0 ${tag}`);
});

test('the feed says what to do when the member follows nobody; visitors have no feed', async () => {
  await renderApp({ path: '/?feed=following', as: 'member' });
  await expect
    .element(page.getByRole('heading', { name: "You don't follow anyone yet" }))
    .toBeVisible();
  await page.getByRole('link', { name: 'Browse everyone' }).click();
  await expect.element(screenHeading('Showcases')).toBeVisible();

  await renderApp({ path: '/?feed=following', as: 'visitor' });
  await expect.element(screenHeading('Showcases')).toBeVisible();
  await expect.element(feedToggle()).not.toBeInTheDocument();
});
