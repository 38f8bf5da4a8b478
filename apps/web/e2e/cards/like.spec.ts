// Like on a gallery card: the same batch and optimistic update as the showcase's page, seen live
// in another browser; a visitor's Like goes through sign-in and back; the owner's own card and
// the card's link; the layout at a phone's width.
import type { Page } from '@playwright/test';
import { fitsTheWidth, LAYOUTS, seriousViolations } from '../support/axe';
import { expect, signInAs, test } from '../support/fixtures';
import { getDocument } from '../support/firestore';
import { card, expectConnection, seedShowcases, uniqueTag } from '../support/gallery';

const likeCount = async (id: string) => (await getDocument(`showcases/${id}`))?.data.likeCount;

for (const layout of LAYOUTS) {
  test.describe(`Like on cards (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('a like from a card moves the count in another browser, and an unlike moves it back', async ({
      memberPage: page,
      member,
      otherMember: other,
    }) => {
      const tag = uniqueTag('card');
      const title = `Card like ${tag}`;
      const gallery = `/?tag=${tag}`;
      const [id] = await seedShowcases([
        { title, tags: [tag], likeCount: 2 },
        {
          title: `Own card ${tag}`,
          tags: [tag],
          likeCount: 5,
          ownerUid: member.uid,
          ownerName: member.displayName,
        },
      ]);
      await other.page.goto(gallery);
      await expect(card(other.page, title).getByTestId('like-count')).toHaveText('2 likes');

      await page.goto(gallery);
      await expectConnection(page, 'Live');
      const mine = card(page, title);
      const like = mine.getByRole('button', { name: `Like “${title}”`, exact: true });
      await expect(like).toBeEnabled();
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      // The owner's own card shows its count and offers no Like.
      const own = card(page, `Own card ${tag}`);
      await expect(own.getByRole('img', { name: '5 likes' })).toBeVisible();
      await expect(own.getByRole('button')).toHaveCount(0);

      await like.click();
      const unlike = mine.getByRole('button', { name: `Unlike “${title}”`, exact: true });
      await expect(unlike).toHaveAttribute('aria-pressed', 'true');
      await expect(mine.getByTestId('like-count')).toHaveText('3 likes');
      // The button sits outside the card's link: pressing it stays on the gallery.
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === gallery);
      await expect(card(other.page, title).getByTestId('like-count')).toHaveText('3 likes');
      await expect.poll(() => likeCount(id!)).toBe(3);
      expect(await getDocument(`showcases/${id}/likes/${member.uid}`)).toBeDefined();
      await expect(unlike).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      // The showcase's page agrees: it is the same like.
      await mine.getByRole('heading', { name: title }).click();
      await expect(page.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
      await page.goBack();

      await card(page, title)
        .getByRole('button', { name: `Unlike “${title}”`, exact: true })
        .click();
      await expect(
        mine.getByRole('button', { name: `Like “${title}”`, exact: true }),
      ).toBeVisible();
      await expect(card(other.page, title).getByTestId('like-count')).toHaveText('2 likes');
      await expect.poll(() => likeCount(id!)).toBe(2);
      await expect.poll(() => getDocument(`showcases/${id}/likes/${member.uid}`)).toBeUndefined();
    });

    test("a visitor's Like on a card goes to sign in, comes back, and the like counts", async ({
      page,
      member,
    }) => {
      const tag = uniqueTag('vcard');
      const title = `Visitor card ${tag}`;
      const gallery = `/?tag=${tag}`;
      const [id] = await seedShowcases([{ title, tags: [tag], likeCount: 4 }]);

      await page.goto(gallery);
      const visitorCard = card(page, title);
      await expect(visitorCard.getByTestId('like-count')).toHaveText('4 likes');
      const like = visitorCard.getByRole('button', { name: `Like “${title}”`, exact: true });
      await expect(like).toHaveAccessibleDescription('Sign in to like showcases.');
      expect(await seriousViolations(page)).toEqual([]);
      await like.click();
      await expect(page).toHaveURL(/\/signin$/);
      await signInAs(page, member);
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === gallery);

      await card(page, title)
        .getByRole('button', { name: `Like “${title}”`, exact: true })
        .click();
      await expect(
        card(page, title).getByRole('button', { name: `Unlike “${title}”`, exact: true }),
      ).toBeVisible();
      await expect(card(page, title).getByTestId('like-count')).toHaveText('5 likes');
      await expect.poll(() => likeCount(id!)).toBe(5);
      expect(await getDocument(`showcases/${id}/likes/${member.uid}`)).toBeDefined();
    });
  });
}

test('keyboard: the card link, then its tags, then its Like', async ({ memberPage: page }) => {
  const tag = uniqueTag('kcard');
  const title = `Keyboard card ${tag}`;
  await seedShowcases([{ title, tags: [tag] }]);
  await page.goto(`/?tag=${tag}`);
  const target = card(page, title);
  await expect(target.getByRole('button', { name: `Like “${title}”` })).toBeEnabled();

  await target.getByRole('link', { name: new RegExp(title) }).focus();
  await page.keyboard.press('Tab');
  await expect(target.getByRole('link', { name: `#${tag}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(target.getByRole('button', { name: `Like “${title}”` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(target.getByRole('button', { name: `Unlike “${title}”` })).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

/**
 * What a page asks the server to listen to, from its Listen requests: the documents of each
 * document target (paths under the database's `documents/`) and how many collection-group
 * queries on likes it sends.
 */
function recordListenTargets(page: Page) {
  const recorded = { documents: [] as string[], likesGroupQueries: 0 };
  page.on('request', (request) => {
    if (!request.url().includes('/Listen/channel')) return;
    const body = decodeURIComponent(request.postData() ?? '');
    for (const match of body.matchAll(
      /"documents":\{"documents":\["[^"]*?\/documents\/([^"]+)"/g,
    )) {
      recorded.documents.push(match[1]!);
    }
    recorded.likesGroupQueries +=
      body.match(/"collectionId":"likes","allDescendants":true/g)?.length ?? 0;
  });
  return {
    likeDocuments: () => recorded.documents.filter((name) => name.includes('/likes/')).sort(),
    documents: () => [...recorded.documents],
    likesGroupQueries: () => recorded.likesGroupQueries,
  };
}

test("after a reload each of a member's likeable cards listens to its own like, and the liked one says so", async ({
  memberPage: page,
  member,
}) => {
  const tag = uniqueTag('rcard');
  const titles = [`Liked ${tag}`, `Not liked ${tag}`];
  const ids = await seedShowcases([
    ...titles.map((title) => ({ title, tags: [tag] })),
    { title: `Own ${tag}`, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
  ]);
  await page.goto(`/?tag=${tag}`);
  await card(page, titles[0]!)
    .getByRole('button', { name: `Like “${titles[0]}”` })
    .click();
  await expect.poll(() => getDocument(`showcases/${ids[0]}/likes/${member.uid}`)).toBeDefined();

  const targets = recordListenTargets(page);
  await page.reload();
  // Each state needs its card's own listener to have answered.
  await expect(
    card(page, titles[0]!).getByRole('button', { name: `Unlike “${titles[0]}”` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    card(page, titles[1]!).getByRole('button', { name: `Like “${titles[1]}”` }),
  ).toHaveAttribute('aria-pressed', 'false');
  await expect(card(page, `Own ${tag}`).getByRole('button')).toHaveCount(0);
  // One like document per likeable card, none for the member's own; no collection-group query,
  // which production rules written per showcase would refuse.
  expect(targets.likeDocuments()).toEqual(
    [ids[0], ids[1]].map((id) => `showcases/${id}/likes/${member.uid}`).sort(),
  );
  expect(targets.likesGroupQueries()).toBe(0);
});

test("a visitor's cards and showcase page open no like listener", async ({ page }) => {
  const tag = uniqueTag('vtarget');
  const title = `Visited ${tag}`;
  const [id] = await seedShowcases([
    { title, tags: [tag] },
    { title: `Also visited ${tag}`, tags: [tag] },
  ]);
  const targets = recordListenTargets(page);
  await page.goto(`/?tag=${tag}`);
  await expect(card(page, title).getByRole('button', { name: `Like “${title}”` })).toBeVisible();
  await expect(
    card(page, `Also visited ${tag}`).getByRole('button', { name: `Like “Also visited ${tag}”` }),
  ).toBeVisible();

  // The showcase's page listens to its document after the cards mounted: once that listen has
  // gone out, any listener the cards opened has gone out before it.
  await card(page, title).getByRole('heading', { name: title }).click();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
  await expect.poll(() => targets.documents()).toContain(`showcases/${id}`);
  expect(targets.likeDocuments()).toEqual([]);
  expect(targets.likesGroupQueries()).toBe(0);
});

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
