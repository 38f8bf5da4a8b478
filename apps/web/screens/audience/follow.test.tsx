// Following makers as one member sees it: Follow / Following on a profile and on a showcase's
// maker line (both edges and both counters on the server), the profile's counts, bio, links and
// owner actions, a visitor's way in, and leaving a maker whose profile was deleted.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import {
  deleteDocuments,
  getDocument,
  seedShowcases,
  setDocuments,
  uniqueTag,
} from '../../src/testing/emulator-rest';
import { seriousViolations } from '../../src/testing/axe';
import { screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';
import { seedFollows, seedMaker } from './support';

const followButton = () => page.getByRole('button', { name: 'Follow', exact: true });
const followingButton = () => page.getByRole('button', { name: 'Following', exact: true });
const count = (label: string) => page.getByTestId(`count-${label}`);

test('a member follows a maker on their profile and unfollows again', async () => {
  const maker = await seedMaker('Maya Follows', {
    bio: 'I make lamps from driftwood.',
    links: ['https://example.com/maya', 'https://example.com/shop'],
  });
  const tag = uniqueTag('fol');
  await seedShowcases([
    { title: `Driftwood lamp ${tag}`, ownerUid: maker.uid, ownerName: maker.name, tags: [tag] },
  ]);
  const { user } = await renderApp({ path: `/u/${maker.uid}`, as: 'member' });
  const uid = user!.uid;

  await expect.element(screenHeading(maker.name)).toBeVisible();
  await expect.element(page.getByText('I make lamps from driftwood.')).toBeVisible();
  await expect
    .element(
      page
        .getByRole('list', { name: 'Links' })
        .getByRole('link', { name: 'https://example.com/shop' }),
    )
    .toHaveAttribute('href', 'https://example.com/shop');
  await expect.element(count('showcase')).toHaveTextContent('1');
  await expect.element(count('followers')).toHaveTextContent('0');
  await expect.element(page.getByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();

  await followButton().click();
  await expect.element(followingButton()).toHaveAttribute('aria-pressed', 'true');
  await expect.element(count('follower')).toHaveTextContent('1');
  await expect.poll(() => getDocument(`users/${uid}/following/${maker.uid}`)).toBeDefined();
  await expect.poll(() => getDocument(`users/${maker.uid}/followers/${uid}`)).toBeDefined();
  await expect.poll(async () => (await getDocument(`users/${maker.uid}`))?.followerCount).toBe(1);
  await expect.poll(async () => (await getDocument(`users/${uid}`))?.followingCount).toBe(1);
  // The followed maker hears of it (their activity, written in the same batch).
  await expect
    .poll(async () => (await getDocument(`users/${maker.uid}/activity/follow_${uid}`))?.type)
    .toBe('follow');
  await transitionsSettled();
  expect(await seriousViolations()).toEqual([]);

  await followingButton().click();
  await expect.element(followButton()).toHaveAttribute('aria-pressed', 'false');
  await expect.element(count('followers')).toHaveTextContent('0');
  await expect.poll(() => getDocument(`users/${uid}/following/${maker.uid}`)).toBeUndefined();
  await expect.poll(async () => (await getDocument(`users/${maker.uid}`))?.followerCount).toBe(0);
  await expect.poll(async () => (await getDocument(`users/${uid}`))?.followingCount).toBe(0);
});

test("a showcase's maker line offers Follow, and it is the same follow as on the profile", async () => {
  const maker = await seedMaker('Pia Lines');
  const title = `Line ${uniqueTag('line')}`;
  const [id] = await seedShowcases([{ title, ownerUid: maker.uid, ownerName: maker.name }]);
  const { user } = await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(screenHeading(title)).toBeVisible();
  await followButton().click();
  await expect.element(followingButton()).toBeVisible();
  await expect.poll(() => getDocument(`users/${user!.uid}/following/${maker.uid}`)).toBeDefined();

  await page.getByRole('link', { name: maker.name, exact: true }).click();
  await expect.element(screenHeading(maker.name)).toBeVisible();
  await expect.element(followingButton()).toHaveAttribute('aria-pressed', 'true');
  await expect.element(count('follower')).toHaveTextContent('1');
});

test("a visitor's Follow goes to sign in; a maker sees Edit profile, and New showcase when empty", async () => {
  const { user } = await renderApp({ path: '/', as: 'member' });
  const uid = user!.uid;
  await renderApp({ path: `/u/${uid}`, as: user!.account! });
  await expect
    .element(page.getByRole('link', { name: 'Edit profile' }))
    .toHaveAttribute('href', '/me');
  await expect.element(followButton()).not.toBeInTheDocument();
  await expect.element(page.getByRole('heading', { name: 'Nothing published yet' })).toBeVisible();
  await expect
    .element(page.getByRole('link', { name: 'New showcase' }))
    .toHaveAttribute('href', '/new');

  await renderApp({ path: `/u/${uid}`, as: 'visitor' });
  await expect.element(page.getByText('Nothing published yet.')).toBeVisible();
  await expect.element(page.getByRole('link', { name: 'New showcase' })).not.toBeInTheDocument();
  await followButton().click();
  await expect.poll(() => window.location.pathname).toBe('/signin');
});

test('a member can leave a maker whose profile was deleted', async () => {
  const maker = await seedMaker('Gone Maker');
  const title = `Left behind ${uniqueTag('gone')}`;
  const [id] = await seedShowcases([{ title, ownerUid: maker.uid, ownerName: maker.name }]);
  const { user } = await renderApp({ path: '/', as: 'member' });
  const uid = user!.uid;
  await seedFollows(uid, [maker.uid]);
  await setDocuments([
    {
      path: `users/${uid}`,
      data: {
        ...(await getDocument(`users/${uid}`)),
        followingCount: 1,
        lastFollowingWrite: maker.uid,
      } as never,
    },
  ]);
  // The maker's account went; the follower's edges stay behind.
  await deleteDocuments([`users/${maker.uid}`]);

  await renderApp({ path: `/s/${id}`, as: user!.account! });
  await expect.element(followingButton()).toBeEnabled();
  await followingButton().click();
  await expect.poll(() => getDocument(`users/${uid}/following/${maker.uid}`)).toBeUndefined();
  await expect.poll(async () => (await getDocument(`users/${uid}`))?.followingCount).toBe(0);
  // Nothing to follow again: the maker has no profile.
  await expect.element(followButton()).not.toBeInTheDocument();
  await expect.element(followingButton()).not.toBeInTheDocument();
});
