// Every screen names itself in the tab (`<what> · Showcase`), and navigating moves the focus to
// the new screen's heading, while sort and tag changes (the same screen) leave it where it is.
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { newMember, renderApp } from '../../src/testing/render-app';
import { signInWithForm } from '../../src/testing/sign-in-form';
import { seedShowcases, setDocuments, uniqueTag } from '../../src/testing/emulator-rest';
import { LAYOUTS, setLayout } from '../../src/testing/layout';
import {
  card,
  connectionIndicator,
  currentAddress,
  screenHeading,
  tagFilter,
} from '../../src/testing/locators';

test('visitor screens and the not-found page name themselves in the tab', async () => {
  const { router } = await renderApp({ path: '/welcome' });
  const screens: [path: string, title: string][] = [
    ['/welcome', 'Welcome · Showcase'],
    ['/signin', 'Sign in · Showcase'],
    ['/signup', 'Create account · Showcase'],
    ['/reset', 'Reset password · Showcase'],
    ['/no-such-page', 'Page not found · Showcase'],
  ];
  for (const [path, title] of screens) {
    await router.navigate(path);
    await expect.poll(() => document.title, { message: path }).toBe(title);
  }
});

test('after sign-in, each signed-in screen has its own title', async () => {
  const member = await newMember();
  const tag = uniqueTag('title');
  await setDocuments([
    { path: `users/owner-${tag}`, data: { displayName: 'Ada Tester', createdAt: new Date() } },
  ]);
  const [theirs, mine] = await seedShowcases([
    { title: `Lamp ${tag}`, tags: [tag], ownerUid: `owner-${tag}`, ownerName: 'Ada Tester' },
    { title: `Mine ${tag}`, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
  ]);
  const { router } = await renderApp({ path: '/signin' });
  await signInWithForm(member);
  // In-app navigation from the sign-in screen: the tab no longer says "Sign in".
  await expect.poll(() => window.location.pathname).toBe('/');
  await expect.poll(() => document.title).toBe('Showcases · Showcase');

  const screens: [path: string, title: string | RegExp][] = [
    [`/?tag=${tag}`, `Showcases tagged #${tag} · Showcase`],
    [`/s/${theirs}`, `Lamp ${tag} · Showcase`],
    ['/s/no-such-showcase', 'Showcase not found · Showcase'],
    [`/s/${mine}/edit`, 'Edit showcase · Showcase'],
    ['/new', 'New showcase · Showcase'],
    [`/u/owner-${tag}`, 'Ada Tester · Showcase'],
    ['/no-such-page', 'Page not found · Showcase'],
    ['/me', 'Your profile · Showcase'],
  ];
  for (const [path, title] of screens) {
    await router.navigate(path);
    await expect.poll(() => document.title, { message: path }).toBe(title);
  }
});

test('links and Back focus the new screen’s heading; sort and tag changes keep focus', async () => {
  const tag = uniqueTag('focus');
  const other = uniqueTag('other');
  await seedShowcases([
    { title: `Focus ${tag}`, tags: [tag, other] },
    { title: `Other ${tag}`, tags: [other] },
  ]);
  const { router } = await renderApp({ path: `/?tag=${tag}`, as: 'member' });
  await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
  const detailHeading = screenHeading(`Focus ${tag}`);
  const galleryHeading = screenHeading(`Showcases tagged #${tag}`);
  const mostLiked = page.getByRole('button', { name: 'Most liked' });

  // Focus does not depend on the colour scheme: each width once.
  for (const layout of LAYOUTS.filter(({ colorScheme }) => colorScheme === 'light')) {
    await setLayout(layout);
    await router.navigate(`/?tag=${tag}`);
    await expect.element(galleryHeading, { message: layout.name }).toBeVisible();

    await card(`Focus ${tag}`)
      .getByRole('heading', { name: `Focus ${tag}` })
      .click();
    await expect.element(detailHeading, { message: layout.name }).toHaveFocus();

    await page.getByRole('link', { name: 'Gallery' }).click();
    await expect.element(galleryHeading, { message: layout.name }).toHaveFocus();

    // Changing the sort or the tag is not a new screen: focus stays where the reader is.
    await mostLiked.click();
    await expect.poll(currentAddress, { message: layout.name }).toMatch(/sort=liked/);
    await expect.element(mostLiked, { message: layout.name }).toHaveFocus();
    await tagFilter().fill(other);
    await userEvent.keyboard('{Enter}');
    await expect.poll(currentAddress, { message: layout.name }).toMatch(`tag=${other}`);
    await expect.element(card(`Other ${tag}`), { message: layout.name }).toBeVisible();
    await expect.element(tagFilter(), { message: layout.name }).toHaveFocus();

    // Back through the query changes stays put; Back onto the showcase focuses its heading.
    window.history.back();
    await expect.poll(currentAddress, { message: layout.name }).toMatch(/sort=liked/);
    window.history.back();
    await expect.poll(currentAddress, { message: layout.name }).toBe(`/?tag=${tag}`);
    window.history.back();
    await expect.element(detailHeading, { message: layout.name }).toHaveFocus();
    // The heading takes focus from script only; it is not a Tab stop.
    await expect.element(detailHeading).toHaveAttribute('tabindex', '-1');
  }
});
