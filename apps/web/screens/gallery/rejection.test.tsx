// Writes the rules refuse: a publish, an edit and a like roll back with the designed message,
// keep what the person typed, and leave nothing behind on the screen or the server. The rules
// are swapped for the whole emulator meanwhile, so each edit is narrow (a marker title, one
// showcase) and the tests of this file run one after another.
import rulesFile from '../../../../firestore.rules?raw';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { getDocument, loadRules, seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { card, currentAddress, screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import { fillShowcaseForm } from '../../src/testing/showcase-form';

const MARKER = 'REJECTED-BY-RULES';

/** Runs `body` with the rules tightened by `tighten`, then puts the file's rules back. */
async function withStricterRules(tighten: (rules: string) => string, body: () => Promise<void>) {
  const stricter = tighten(rulesFile);
  if (stricter === rulesFile) throw new Error('The rules edit changed nothing.');
  await loadRules(stricter);
  try {
    await body();
  } finally {
    await loadRules(rulesFile);
  }
}

/** Refuses any showcase whose title carries the marker, on create and on update. */
function refuseMarkedTitles(rules: string): string {
  const start = rules.indexOf('match /showcases/{showcaseId}');
  const end = rules.indexOf('match /likes/{likerUid}');
  if (start < 0 || end < start)
    throw new Error('firestore.rules no longer has the expected blocks.');
  const showcaseRules = rules
    .slice(start, end)
    .replace(
      /allow (create|update): if isMember\(\)/g,
      `allow $1: if isMember() && !request.resource.data.title.matches('.*${MARKER}.*')`,
    );
  return rules.slice(0, start) + showcaseRules + rules.slice(end);
}

const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });

test('a publish the rules reject rolls back with the designed message and the input restored', async () => {
  const tag = uniqueTag('reject');
  const title = `Will be refused ${MARKER} ${tag}`;
  const input = {
    title,
    description: 'Every word of this\nshould still be here.',
    url: 'https://example.com/refused',
    tags: `${tag}, second`,
  };

  await withStricterRules(refuseMarkedTitles, async () => {
    const { router } = await renderApp({ path: '/new', as: 'member' });
    await expect.element(textbox('Title')).toBeVisible();
    await fillShowcaseForm(input);
    const formAddress = currentAddress();
    const id = new URLSearchParams(window.location.search).get('id');
    expect(id).toBeTruthy();
    await page.getByRole('button', { name: 'Publish' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Not published' });
    await expect.element(alert).toBeVisible();
    await expect.element(alert).toHaveTextContent("You don't have permission to do that.");
    await expect.element(alert).toHaveTextContent('Everything you typed is still here.');
    expect(currentAddress()).toBe(formAddress);
    await expect.element(textbox('Title')).toHaveValue(input.title);
    await expect.element(textbox('Description')).toHaveValue(input.description);
    await expect.element(textbox('Link')).toHaveValue(input.url);
    await expect.element(textbox('Tags')).toHaveValue(input.tags);
    await expect.element(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
    // Nothing reached the server.
    expect(await getDocument(`showcases/${id}`)).toBeUndefined();

    // Fixing the input and trying again succeeds with the same id.
    const fixed = `Accepted ${tag}`;
    await fillShowcaseForm({ title: fixed });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.element(screenHeading(fixed)).toBeVisible();
    expect(currentAddress()).toBe(`/s/${id}`);
    await expect.poll(async () => (await getDocument(`showcases/${id}`))?.title).toBe(fixed);

    // The optimistic copy of the refused one is gone from the gallery too.
    await router.navigate(`/?tag=${tag}`);
    await expect.element(card(fixed)).toBeVisible();
    expect(card(title).elements()).toEqual([]);
  });
});

test('an edit the rules reject keeps the edited text and the server copy unchanged', async () => {
  const member = await newMember();
  const tag = uniqueTag('reject-edit');
  const original = `Original ${tag}`;
  const [id] = await seedShowcases([
    { title: original, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
  ]);

  await withStricterRules(refuseMarkedTitles, async () => {
    const { router } = await renderApp({ path: `/s/${id}/edit`, as: member });
    await expect.element(textbox('Title')).toHaveValue(original);
    const refused = `Edited ${MARKER} ${tag}`;
    await fillShowcaseForm({ title: refused });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.element(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
    await expect.element(textbox('Title')).toHaveValue(refused);
    expect((await getDocument(`showcases/${id}`))?.title).toBe(original);

    // The showcase's page shows the server's copy, not the refused edit.
    await router.navigate(`/s/${id}`);
    await expect.element(screenHeading(original)).toBeVisible();
  });
});

test('a like the rules reject rolls back the count and says so', async () => {
  const tag = uniqueTag('reject-like');
  const [id] = await seedShowcases([{ title: `Unlikeable ${tag}`, tags: [tag], likeCount: 4 }]);
  const refuseLikesHere = (rules: string) => {
    const likes = 'match /likes/{likerUid} {';
    const at = rules.indexOf(likes);
    if (at < 0) throw new Error('firestore.rules no longer has the likes block.');
    const rest = rules
      .slice(at)
      .replace(
        'allow create: if isMember()',
        `allow create: if isMember() && showcaseId != '${id}'`,
      );
    return rules.slice(0, at) + rest;
  };

  await withStricterRules(refuseLikesHere, async () => {
    await renderApp({ path: `/s/${id}`, as: 'member' });
    await expect.element(page.getByTestId('like-count')).toHaveTextContent('4 likes');
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect
      .element(page.getByText("Your like was not saved. You don't have permission to do that."))
      .toBeVisible();
    await expect.element(page.getByTestId('like-count')).toHaveTextContent('4 likes');
    await expect.element(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
    await expect.poll(async () => (await getDocument(`showcases/${id}`))?.likeCount).toBe(4);
  });
});
