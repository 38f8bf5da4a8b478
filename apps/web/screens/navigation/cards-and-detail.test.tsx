// Cards and the showcase page: one media shape for every card, skeletons while a grid loads,
// dates that read relative with the exact date on hover, and the owner's actions by the title.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, setDocuments, uniqueTag } from '../../src/testing/emulator-rest';
import { DESKTOP, fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { card, cards, connectionIndicator, screenHeading } from '../../src/testing/locators';
import { FIRESTORE_STREAMS, holdMatchingRequests } from '../../src/testing/network';
import { newMember, renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';

function box(element: Element | null | undefined): DOMRect {
  if (!element) throw new Error('No such element.');
  return element.getBoundingClientRect();
}

test('every card’s media box has the same 16:10 ratio, image or placeholder, cropped by cover', async () => {
  const tag = uniqueTag('ratio');
  const { origin } = window.location;
  const titles = [`Square image ${tag}`, `Wide image ${tag}`, `No image ${tag}`];
  await seedShowcases([
    { title: titles[0]!, tags: [tag], imageUrl: `${origin}/pwa-512.png` },
    { title: titles[1]!, tags: [tag], imageUrl: `${origin}/demo/tide-charts.svg` },
    { title: titles[2]!, tags: [tag] },
  ]);
  await renderApp({ path: `/?tag=${tag}`, as: 'member' });
  await expect.poll(() => cards().elements()).toHaveLength(3);
  const image = card(titles[0]!).element().querySelector('img');
  expect(image && getComputedStyle(image).objectFit).toBe('cover');

  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.poll(() => window.innerWidth, { message: layout.name }).toBe(layout.width);
    for (const title of titles) {
      const media = card(title).getByRole('link').first().element().querySelector(':scope > div');
      const { width, height } = box(media);
      // One column on a phone: the card takes the width.
      if (layout.width < 600) expect(width, `${layout.name}: ${title}`).toBeGreaterThan(300);
      expect(width / height, `${layout.name}: ${title}`).toBeCloseTo(1.6, 1);
    }
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
});

test('skeleton cards stand in while the gallery and a profile load', async () => {
  const tag = uniqueTag('skeleton');
  const owner = `owner-${tag}`;
  await setDocuments([
    { path: `users/${owner}`, data: { displayName: 'Sam Late', createdAt: new Date() } },
  ]);
  await seedShowcases([
    { title: `Late ${tag}`, tags: [tag], ownerUid: owner, ownerName: 'Sam Late' },
  ]);
  const member = await newMember();

  const gallery = await holdMatchingRequests(FIRESTORE_STREAMS);
  const { router } = await renderApp({ path: `/?tag=${tag}`, as: member });
  const skeleton = page.getByRole('progressbar', { name: 'Loading showcases' });
  await expect.element(skeleton).toBeVisible();
  // The server has been asked and has not answered: what shows now is the waiting state.
  await expect.poll(gallery.heldCount).toBeGreaterThan(0);
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.element(skeleton, { message: layout.name }).toBeVisible();
    expect(cards().elements(), layout.name).toHaveLength(0);
    expect(
      page.getByTestId('grid-skeleton').element().children.length,
      layout.name,
    ).toBeGreaterThan(1);
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
  }
  await setLayout(DESKTOP);
  await gallery.release();
  await expect.element(card(`Late ${tag}`)).toBeVisible();
  await expect.element(skeleton).not.toBeInTheDocument();

  const profile = await holdMatchingRequests(FIRESTORE_STREAMS);
  await router.navigate(`/u/${owner}`);
  await expect.element(page.getByRole('progressbar', { name: 'Loading profile' })).toBeVisible();
  await expect.poll(profile.heldCount).toBeGreaterThan(0);
  await profile.release();
  await expect.element(screenHeading('Sam Late')).toBeVisible();
  await expect.element(card(`Late ${tag}`)).toBeVisible();
});

test('recent dates read relative, with the exact date on hover', async () => {
  const tag = uniqueTag('date');
  const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
  const lastYear = new Date(Date.UTC(2025, 2, 14, 9, 30));
  const [recent] = await seedShowcases([
    { title: `Recent ${tag}`, tags: [tag], createdAt: fiveMinutesAgo },
    { title: `Old ${tag}`, tags: [tag], createdAt: lastYear },
  ]);
  // In the browser's own time zone, as the app shows it.
  const exact = (date: Date) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);

  const { router } = await renderApp({ path: `/?tag=${tag}`, as: 'member' });
  const recentDate = card(`Recent ${tag}`).getByText(/min\. ago$/);
  // Minutes pass while the test runs; the words stay relative.
  await expect.element(recentDate).toHaveTextContent(/^(5|6|7) min\. ago$/);
  const recentTime = recentDate.element().closest('time');
  expect(recentTime).toHaveAttribute('title', exact(fiveMinutesAgo));
  expect(recentTime).toHaveAttribute('datetime', fiveMinutesAgo.toISOString());
  const oldTime = card(`Old ${tag}`).element().querySelector('time');
  expect(oldTime).toHaveTextContent(/^Mar 14, 2025$/);
  expect(oldTime).toHaveAttribute('title', exact(lastYear));

  await router.navigate(`/s/${recent}`);
  await expect.element(page.getByText(/^Published/)).toBeVisible();
  const published = page
    .getByText(/^Published/)
    .element()
    .querySelector('time');
  expect(published).toHaveTextContent(/^(5|6|7) min\. ago$/);
  expect(published).toHaveAttribute('title', exact(fiveMinutesAgo));
});

test('the owner sees the like count, and Edit and Delete beside the title', async () => {
  const member = await newMember();
  const tag = uniqueTag('owner');
  const [mine, theirs] = await seedShowcases([
    {
      title: `Owned ${tag}`,
      tags: [tag],
      likeCount: 3,
      ownerUid: member.uid,
      ownerName: member.displayName,
    },
    { title: `Theirs ${tag}`, tags: [tag], likeCount: 2 },
  ]);
  const { router } = await renderApp({ path: `/s/${mine}`, as: member });
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  const heading = screenHeading(`Owned ${tag}`);
  await expect.element(heading).toBeVisible();
  await expect.element(page.getByTestId('like-count')).toHaveTextContent('3 likes');
  await expect
    .element(page.getByRole('button', { name: 'Like', exact: true }))
    .not.toBeInTheDocument();
  const edit = page.getByRole('link', { name: 'Edit' });
  const remove = page.getByRole('button', { name: 'Delete', exact: true });
  await expect.element(edit).toBeVisible();
  await expect.element(remove).toBeVisible();

  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.poll(() => window.innerWidth, { message: layout.name }).toBe(layout.width);
    // Beside the title (wide) or right under it (phone), and above the image and the text.
    const title = box(heading.element());
    for (const action of [box(edit.element()), box(remove.element())]) {
      expect(action.top, layout.name).toBeLessThan(title.bottom + 24);
      expect(action.bottom, layout.name).toBeGreaterThan(title.top);
    }
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }

  await edit.click();
  await expect.poll(() => window.location.pathname).toBe(`/s/${mine}/edit`);

  await router.navigate(`/s/${theirs}`);
  await expect.element(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
  await expect.element(page.getByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  await expect
    .element(page.getByRole('button', { name: 'Delete', exact: true }))
    .not.toBeInTheDocument();
});
