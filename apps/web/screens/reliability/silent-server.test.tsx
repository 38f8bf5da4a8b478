// A server that does not answer: the connection indicator stops saying Live once a write or a
// new listen has had no answer for 10 s, and a like made while the server cannot be reached is
// kept (counted, pending, said so) until it answers, or reported plainly if it then refuses.
// The requests are held or dropped on purpose, and the tests wait for the screen to change;
// the exact 10 s window is the connection machine's (connection-machine.test.ts, fake time).
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { FIRESTORE_CHANNELS, interceptRequests } from '../../src/testing/browser-commands-network';
import { getDocument, seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { deleteDocuments } from '../../src/testing/firestore-delete';
import { connectionStore } from '../../src/lib/firebase/connection-store';
import { connectionIndicator } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

/** Long enough for the SDK's own 10 s windows on a loaded machine, and for it to reconnect. */
const PATIENT = { timeout: 40_000 };

const likeButton = () => page.getByRole('button', { name: 'Like', exact: true });
const likeCount = () => page.getByTestId('like-count');
const unreachable = () => page.getByText('The server could not be reached.', { exact: false });

/**
 * Nothing is waiting for the server: every open listener has had its first answer and no write
 * is unanswered. Live only says none has waited 10 s: on a loaded machine a listener opened with
 * the screen, or a write made at sign-in, can still be waiting when the test holds requests, and
 * its window (not the like's) would then end first.
 */
async function nothingWaiting() {
  await expect
    .poll(() => {
      const { listeners, writes } = connectionStore().getState();
      return writes.size === 0 && [...listeners.values()].every((listener) => listener.synced);
    })
    .toBe(true);
}

async function openLive(id: string) {
  const rendered = await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  await expect.element(likeButton()).toBeEnabled();
  return rendered;
}

test('the indicator stops saying Live when a write has had no answer for 10 s', async () => {
  const [id] = await seedShowcases([{ title: `Frozen ${uniqueTag('frozen')}`, likeCount: 2 }]);
  await openLive(id!);
  await expect.element(likeCount()).toHaveTextContent('2 likes');
  await nothingWaiting();

  const frozen = await interceptRequests(FIRESTORE_CHANNELS, { kind: 'hold' });
  try {
    const beforeClick = performance.now();
    await likeButton().click();
    // The like shows at once (the local cache); the listeners opened earlier still look healthy.
    await expect.element(likeCount()).toHaveTextContent('3 likes');
    await expect
      .element(connectionIndicator(), PATIENT)
      .toHaveAccessibleName('Connection: Waiting for server…');
    // After a wait, not at once. The window's exact length is the connection machine's, tested
    // on fake time (connection-machine.test.ts): here the machine's clock (Date) and this one
    // (performance) have read up to 66 ms apart on a loaded machine.
    expect(performance.now() - beforeClick).toBeGreaterThan(9_000);
  } finally {
    await frozen.release();
  }
  await expect.element(connectionIndicator(), PATIENT).toHaveAccessibleName('Connection: Live');
  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.likeCount, PATIENT).toBe(3);
});

test('the indicator stops saying Live when a new listen has had no answer for 10 s', async () => {
  const tag = uniqueTag('listen');
  const [id] = await seedShowcases([{ title: `Frozen listen ${tag}`, tags: [tag] }]);
  const { router } = await openLive(id!);

  const frozen = await interceptRequests(FIRESTORE_CHANNELS, { kind: 'hold' });
  try {
    // In-app navigation: the gallery's query is a new listen on the open stream, while the
    // session's own listener keeps its last server snapshot.
    await router.navigate(`/?tag=${tag}`);
    await expect
      .element(connectionIndicator(), PATIENT)
      .toHaveAccessibleName('Connection: Waiting for server…');
  } finally {
    await frozen.release();
  }
  await expect.element(connectionIndicator(), PATIENT).toHaveAccessibleName('Connection: Live');
});

test('a like made while the server cannot be reached stays queued and says so', async () => {
  const [id] = await seedShowcases([{ title: `Unreachable ${uniqueTag('down')}`, likeCount: 5 }]);
  await openLive(id!);
  await expect.element(likeCount()).toHaveTextContent('5 likes');

  // The server is down: every new request to it fails.
  const down = await interceptRequests(FIRESTORE_CHANNELS, { kind: 'fail' });
  try {
    await likeButton().click();
    await expect.element(likeCount()).toHaveTextContent('6 likes');
    await expect.element(unreachable(), PATIENT).toBeVisible();
    await expect.element(page.getByText(/permission/i)).not.toBeInTheDocument();
    // Kept, not rolled back: still counted and still pending.
    await expect.element(likeCount()).toHaveTextContent('6 likes');
    await expect.element(page.getByTestId('pending-chip').first()).toBeVisible();
  } finally {
    await down.release();
  }
  await expect.element(page.getByTestId('pending-chip').first(), PATIENT).not.toBeInTheDocument();
  await expect.element(unreachable()).not.toBeInTheDocument();
  await expect.poll(async () => (await getDocument(`showcases/${id}`))?.likeCount, PATIENT).toBe(6);
});

test('a like refused after the outage says the server could not be reached, not "permission"', async () => {
  const [id] = await seedShowcases([{ title: `Restarted ${uniqueTag('restart')}`, likeCount: 1 }]);
  const { user } = await openLive(id!);

  const down = await interceptRequests(FIRESTORE_CHANNELS, { kind: 'fail' });
  try {
    await likeButton().click();
    await expect.element(likeCount()).toHaveTextContent('2 likes');
    await expect.element(unreachable(), PATIENT).toBeVisible();
    // Meanwhile the server restarted without the showcase (the emulator keeps data in memory).
    await deleteDocuments([`showcases/${id}`]);
  } finally {
    await down.release();
  }
  await expect
    .element(
      page.getByText(
        'Your like was not saved. The server could not be reached when you made it, and refused it once it answered.',
      ),
      PATIENT,
    )
    .toBeVisible();
  await expect.element(page.getByText(/permission/i)).not.toBeInTheDocument();
  expect(await getDocument(`showcases/${id}/likes/${user!.uid}`)).toBeUndefined();
});
