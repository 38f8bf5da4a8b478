// Like on a gallery card, as one browser sees it: the same like as the showcase's page (one like
// document and its counter on the server), the owner's own card, a visitor sent to sign in and
// back, the keyboard, and which like documents the cards listen to. Another browser seeing the
// count move: e2e/gallery/realtime.spec.ts.
import { describe, expect, test } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import {
  getDocument,
  seedShowcases,
  setDocuments,
  uniqueTag,
} from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import {
  card,
  connectionIndicator,
  currentAddress,
  screenHeading,
} from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import { signInWithForm } from '../../src/testing/sign-in-form';

const likeCount = async (id: string) => (await getDocument(`showcases/${id}`))?.likeCount;
const likeButton = (title: string) =>
  card(title).getByRole('button', { name: `Like “${title}”`, exact: true });
const unlikeButton = (title: string) =>
  card(title).getByRole('button', { name: `Unlike “${title}”`, exact: true });

test('a like from a card shows at once and reaches the server with its count; an unlike takes both back', async () => {
  const member = await newMember();
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
  await renderApp({ path: gallery, as: member });
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  await expect.element(likeButton(title)).toBeEnabled();
  await expect.element(likeButton(title)).toHaveAttribute('aria-pressed', 'false');

  // The owner's own card shows its count and offers no Like.
  await expect.element(card(`Own card ${tag}`).getByRole('img', { name: '5 likes' })).toBeVisible();
  expect(card(`Own card ${tag}`).getByRole('button').elements()).toEqual([]);

  await likeButton(title).click();
  await expect.element(unlikeButton(title)).toHaveAttribute('aria-pressed', 'true');
  await expect.element(card(title).getByTestId('like-count')).toHaveTextContent('3 likes');
  // The button sits outside the card's link: pressing it stays on the gallery.
  expect(currentAddress()).toBe(gallery);
  await expect.poll(() => likeCount(id!)).toBe(3);
  expect(await getDocument(`showcases/${id}/likes/${member.uid}`)).toBeDefined();
  await expect.element(unlikeButton(title)).toBeEnabled();

  // The showcase's page agrees: it is the same like.
  await card(title).getByRole('heading', { name: title }).click();
  await expect.element(page.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
  window.history.back();

  await unlikeButton(title).click();
  await expect.element(likeButton(title)).toBeVisible();
  await expect.element(card(title).getByTestId('like-count')).toHaveTextContent('2 likes');
  await expect.poll(() => likeCount(id!)).toBe(2);
  await expect.poll(() => getDocument(`showcases/${id}/likes/${member.uid}`)).toBeUndefined();
});

test('a count that changes on the server shows on the card without a reload', async () => {
  const tag = uniqueTag('live');
  const title = `Live count ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag], likeCount: 2 }]);
  await renderApp({ path: `/?tag=${tag}`, as: 'member' });
  await expect.element(card(title).getByTestId('like-count')).toHaveTextContent('2 likes');
  await seedShowcases([{ id, title, tags: [tag], likeCount: 3 }]);
  await expect.element(card(title).getByTestId('like-count')).toHaveTextContent('3 likes');
});

test("a visitor's Like on a card goes to sign in, comes back, and the like counts", async () => {
  const member = await newMember();
  const tag = uniqueTag('vcard');
  const title = `Visitor card ${tag}`;
  const gallery = `/?tag=${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag], likeCount: 4 }]);

  await renderApp({ path: gallery });
  await expect.element(card(title).getByTestId('like-count')).toHaveTextContent('4 likes');
  await expect.element(likeButton(title)).toHaveAccessibleDescription('Sign in to like showcases.');
  await likeButton(title).click();
  await expect.poll(currentAddress).toBe('/signin');
  await signInWithForm(member);
  await expect.poll(currentAddress).toBe(gallery);

  await likeButton(title).click();
  await expect.element(unlikeButton(title)).toBeVisible();
  await expect.element(card(title).getByTestId('like-count')).toHaveTextContent('5 likes');
  await expect.poll(() => likeCount(id!)).toBe(5);
  expect(await getDocument(`showcases/${id}/likes/${member.uid}`)).toBeDefined();
});

test('keyboard: the card link, then its Like; its tag chips are no tab stops', async () => {
  const tag = uniqueTag('kcard');
  const title = `Keyboard card ${tag}`;
  await seedShowcases([{ title, tags: [tag, 'second', 'third'] }]);
  await renderApp({ path: `/?tag=${tag}`, as: 'member' });
  await expect.element(likeButton(title)).toBeEnabled();

  card(title)
    .getByRole('link', { name: new RegExp(title) })
    .element()
    .focus();
  await userEvent.tab();
  await expect.element(likeButton(title)).toHaveFocus();
  // The chips are still links for a pointer and for a screen reader's reading order.
  await expect.element(card(title).getByRole('link', { name: `#${tag}` })).toBeVisible();
  await userEvent.keyboard('{Enter}');
  await expect.element(unlikeButton(title)).toHaveFocus();
  expect(window.location.pathname).toBe('/');
  await userEvent.tab({ shift: true });
  await expect.element(card(title).getByRole('link', { name: new RegExp(title) })).toHaveFocus();
});

/**
 * What the page asks the server to listen to, from its Listen requests: the documents of each
 * document target and of each query of one document id (how the app listens to documents that
 * are often missing, such as a like), and how many collection-group queries on likes it sends.
 */
async function listenTargets() {
  const bodies = (await commands.recordedRequests()).map((body) => decodeURIComponent(body));
  const documents = bodies.flatMap((body) =>
    [
      ...body.matchAll(/"documents":\{"documents":\["[^"]*?\/documents\/([^"]+)"/g),
      ...body.matchAll(
        /"fieldPath":"__name__"\},"op":"EQUAL","value":\{"referenceValue":"[^"]*?\/documents\/([^"]+)"/g,
      ),
    ].map((match) => match[1]!),
  );
  return {
    documents,
    // Each once: in development React mounts effects twice, so a listener is added, removed and
    // added again.
    likeDocuments: [...new Set(documents.filter((name) => name.includes('/likes/')))].sort(),
    likesGroupQueries: bodies.reduce(
      (count, body) =>
        count + (body.match(/"collectionId":"likes","allDescendants":true/g)?.length ?? 0),
      0,
    ),
  };
}

const LISTEN_REQUESTS = '/Listen/channel';

test("each of a member's likeable cards listens to its own like, and the liked one says so", async () => {
  const member = await newMember();
  const tag = uniqueTag('rcard');
  const titles = [`Liked ${tag}`, `Not liked ${tag}`];
  const ids = await seedShowcases([
    ...titles.map((title) => ({ title, tags: [tag] })),
    { title: `Own ${tag}`, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
  ]);
  // Liked before this page opened: only the card's own listener can tell it.
  await setDocuments([
    { path: `showcases/${ids[0]}/likes/${member.uid}`, data: { createdAt: new Date() } },
  ]);
  await commands.recordRequests(LISTEN_REQUESTS);
  await renderApp({ path: `/?tag=${tag}`, as: member });
  await expect.element(unlikeButton(titles[0]!)).toHaveAttribute('aria-pressed', 'true');
  // Enabled: its own listener has answered (a card still waiting for it shows the same
  // unpressed button, disabled), so its listen request has gone out.
  await expect.element(likeButton(titles[1]!)).toBeEnabled();
  await expect.element(likeButton(titles[1]!)).toHaveAttribute('aria-pressed', 'false');
  expect(card(`Own ${tag}`).getByRole('button').elements()).toEqual([]);
  // One like document per likeable card, none for the member's own; no collection-group query,
  // which production rules written per showcase would refuse.
  const targets = await listenTargets();
  expect(targets.likeDocuments).toEqual(
    [ids[0], ids[1]].map((id) => `showcases/${id}/likes/${member.uid}`).sort(),
  );
  expect(targets.likesGroupQueries).toBe(0);
});

test("a visitor's cards and showcase page open no like listener", async () => {
  const tag = uniqueTag('vtarget');
  const title = `Visited ${tag}`;
  const [id] = await seedShowcases([
    { title, tags: [tag] },
    { title: `Also visited ${tag}`, tags: [tag] },
  ]);
  await commands.recordRequests(LISTEN_REQUESTS);
  await renderApp({ path: `/?tag=${tag}` });
  await expect.element(likeButton(title)).toBeVisible();
  await expect.element(likeButton(`Also visited ${tag}`)).toBeVisible();

  // The showcase's page listens to its document after the cards mounted: once that listen has
  // gone out, any listener the cards opened has gone out before it.
  await card(title).getByRole('heading', { name: title }).click();
  await expect.element(page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
  await expect.poll(async () => (await listenTargets()).documents).toContain(`showcases/${id}`);
  const targets = await listenTargets();
  expect(targets.likeDocuments).toEqual([]);
  expect(targets.likesGroupQueries).toBe(0);
});

describe.each(LAYOUTS)('cards with Like at $name', (layout) => {
  test('a visitor’s card and a liked card pass axe and fit the width', async () => {
    await setLayout(layout);
    const tag = uniqueTag('look');
    const title = `Looked at ${tag}`;
    await seedShowcases([
      { title, tags: [tag, 'design'], likeCount: 2, description: 'Cards wrap on a phone.' },
      { title: `Next to it ${tag}`, tags: [tag], likeCount: 12 },
    ]);
    await renderApp({ path: `/?tag=${tag}` });
    await expect.element(screenHeading(`Showcases tagged #${tag}`)).toBeVisible();
    await expect
      .element(likeButton(title))
      .toHaveAccessibleDescription('Sign in to like showcases.');
    expect(await seriousViolations()).toEqual([]);
    expect(fitsTheWidth()).toBe(true);

    // The same cards for a member, one of them liked.
    await renderApp({ path: `/?tag=${tag}`, as: 'member' });
    await likeButton(title).click();
    await expect.element(unlikeButton(title)).toBeEnabled();
    await expect.element(card(title).getByTestId('like-count')).toHaveTextContent('3 likes');
    expect(await seriousViolations()).toEqual([]);
    expect(fitsTheWidth()).toBe(true);
  });
});
