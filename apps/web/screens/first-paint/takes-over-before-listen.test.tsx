// The app takes over from a first paint with the showcases that paint drew, before its own
// listener has answered: Firestore's channels are held on purpose, and the screen must still
// respond (a card's link, a showcase's Like) and say Live (the first paint's read was the
// server's answer). Once the channels are released, the listener's answer takes over.
import { afterEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { FIRESTORE_CHANNELS, interceptRequests } from '../../src/testing/browser-commands-network';
import { seedProfile, seedShowcases, uniqueId, uniqueTag } from '../../src/testing/emulator-rest';
import { cards, connectionIndicator, screenHeading } from '../../src/testing/locators';
import { becomeViewer, cleanUpApp, renderApp } from '../../src/testing/render-app';
import { firstPaintShown } from '../../src/lib/first-paint-hand-over';
import { FIRST_PAINT_CARDS } from '../../src/first-paint/rest';
import { drawFirstPaint, takeFirstPaintDown } from './support';

afterEach(() => {
  cleanUpApp();
  takeFirstPaintDown();
});

const MINUTE = 60_000;

/**
 * Draws the first paint at `path` for a visitor, then renders the app there with Firestore's
 * channels held: the app must take over from the paint's read alone, and `check` what it shows
 * then. The channels are released afterwards, whatever happened.
 */
async function takeOverWithChannelsHeld(path: string, check: () => Promise<void>): Promise<void> {
  await becomeViewer('visitor');
  await drawFirstPaint(path);
  const held = await interceptRequests(FIRESTORE_CHANNELS, { kind: 'hold' });
  try {
    await renderApp({ path });
    await expect.poll(firstPaintShown).toBe(false);
    await check();
  } finally {
    await held.release();
  }
}

test('the gallery responds with the first paint’s cards while its listener has not answered', async () => {
  const tag = uniqueTag('handover');
  const count = FIRST_PAINT_CARDS + 2;
  const ids = await seedShowcases(
    Array.from({ length: count }, (_, index) => ({
      title: `Handover ${index} ${tag}`,
      tags: [tag],
      createdAt: new Date(Date.now() - (index + 1) * MINUTE),
    })),
  );
  await takeOverWithChannelsHeld(`/?tag=${tag}`, async () => {
    await expect.poll(() => cards().elements()).toHaveLength(FIRST_PAINT_CARDS);
    await expect
      .element(
        cards()
          .first()
          .getByRole('link', { name: `Handover 0 ${tag}` }),
      )
      .toHaveAttribute('href', `/s/${ids[0]}`);
    await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  });
  // The listener's answer: every showcase with the tag, not only the first paint's.
  await expect.poll(() => cards().elements()).toHaveLength(count);
});

test('a showcase’s Like responds while its listener has not answered', async () => {
  const title = `Handover page ${uniqueTag('handover')}`;
  const [id] = await seedShowcases([{ title, likeCount: 4 }]);
  await takeOverWithChannelsHeld(`/s/${id}`, async () => {
    await expect.element(screenHeading(title)).toBeVisible();
    const like = page.getByRole('button', { name: 'Like', exact: true });
    await expect.element(like).toBeEnabled();
    await expect.element(page.getByTestId('like-count')).toHaveTextContent('4 likes');
  });
});

test('a profile responds with the first paint’s header and cards while its listeners have not answered', async () => {
  const maker = uniqueId('maker');
  const count = FIRST_PAINT_CARDS + 3;
  await seedProfile(maker, 'Robin Fieldnotes', { followerCount: 2 });
  const ids = await seedShowcases(
    Array.from({ length: count }, (_, index) => ({
      title: `Notes ${index} ${maker}`,
      ownerUid: maker,
      ownerName: 'Robin Fieldnotes',
      createdAt: new Date(Date.now() - (index + 1) * MINUTE),
    })),
  );
  await takeOverWithChannelsHeld(`/u/${maker}`, async () => {
    await expect.element(screenHeading('Robin Fieldnotes')).toBeVisible();
    // The count the first paint read, not the first cards' eight.
    await expect.element(page.getByTestId('count-showcases')).toHaveTextContent(String(count));
    await expect.poll(() => cards().elements()).toHaveLength(FIRST_PAINT_CARDS);
    await expect
      .element(
        cards()
          .first()
          .getByRole('link', { name: `Notes 0 ${maker}` }),
      )
      .toHaveAttribute('href', `/s/${ids[0]}`);
    await expect.element(page.getByRole('button', { name: 'Follow' })).toBeEnabled();
  });
  await expect.poll(() => cards().elements()).toHaveLength(count);
  await expect.element(page.getByTestId('count-showcases')).toHaveTextContent(String(count));
});
