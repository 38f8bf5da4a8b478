import { expect, test } from '../support/fixtures';
import { getDocument, listDocuments } from '../support/firestore';
import {
  card,
  fillShowcaseForm,
  seedShowcases,
  uniqueTag,
  withStricterRules,
} from '../support/gallery';

// Rules are swapped for the whole emulator while these run: keep them one at a time, and keep
// each edit narrow (a marker in the title) so specs in the other worker are unaffected.
test.describe.configure({ mode: 'serial' });

const MARKER = 'REJECTED-BY-RULES';

/**
 * Refuses any showcase whose title carries the marker, on create and on update. Only the
 * showcase rules change; likes and profiles keep theirs.
 */
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

test('a publish the rules reject rolls back with the designed message and the input restored', async ({
  memberPage: page,
}) => {
  const tag = uniqueTag('reject');
  const title = `Will be refused ${MARKER} ${tag}`;
  const input = {
    title,
    description: 'Every word of this\nshould still be here.',
    url: 'https://example.com/refused',
    imageUrl: 'https://example.com/refused.png',
    tags: `${tag}, second`,
  };

  await withStricterRules(refuseMarkedTitles, async () => {
    const gallery = await page.context().newPage();
    await gallery.goto(`/?tag=${tag}`);
    await expect(
      gallery.getByRole('heading', { name: `No showcases tagged #${tag} yet` }),
    ).toBeVisible();

    await page.goto('/new');
    await fillShowcaseForm(page, input);
    const formUrl = page.url();
    await page.getByRole('button', { name: 'Publish' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Not published' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("You don't have permission to do that.");
    await expect(alert).toContainText('Everything you typed is still here.');
    await expect(page).toHaveURL(formUrl);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(input.title);
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
      input.description,
    );
    await expect(page.getByRole('textbox', { name: 'Link' })).toHaveValue(input.url);
    await expect(page.getByRole('textbox', { name: 'Image URL' })).toHaveValue(input.imageUrl);
    await expect(page.getByRole('textbox', { name: 'Tags' })).toHaveValue(input.tags);
    await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();

    // The optimistic copy is gone everywhere: nothing of it is left behind.
    await expect(card(gallery, title)).toHaveCount(0);
    expect((await listDocuments('showcases')).filter((doc) => doc.data.title === title)).toEqual(
      [],
    );

    // Fixing the input and trying again succeeds with the same id.
    const fixed = `Accepted ${tag}`;
    await fillShowcaseForm(page, { title: fixed });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: fixed })).toBeVisible();
    const id = new URL(formUrl).searchParams.get('id');
    expect(page.url()).toContain(`/s/${id}`);
    await expect(card(gallery, fixed)).toBeVisible();
  });
});

test('an edit the rules reject keeps the edited text and the server copy unchanged', async ({
  memberPage: page,
  member,
}) => {
  const tag = uniqueTag('reject-edit');
  const original = `Original ${tag}`;
  const [id] = await seedShowcases([
    { title: original, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
  ]);

  await withStricterRules(refuseMarkedTitles, async () => {
    await page.goto(`/s/${id}/edit`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(original);
    const refused = `Edited ${MARKER} ${tag}`;
    await fillShowcaseForm(page, { title: refused });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(refused);

    const detail = await page.context().newPage();
    await detail.goto(`/s/${id}`);
    await expect(detail.getByRole('heading', { level: 1, name: original })).toBeVisible();
  });
});

test('a like the rules reject rolls back the count and says so', async ({ memberPage: page }) => {
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
    await page.goto(`/s/${id}`);
    await expect(page.getByTestId('like-count')).toHaveText('4 likes');
    await page.getByRole('button', { name: 'Like' }).click();
    await expect(
      page.getByText("Your like was not saved. You don't have permission to do that."),
    ).toBeVisible();
    await expect(page.getByTestId('like-count')).toHaveText('4 likes');
    await expect(page.getByRole('button', { name: 'Like' })).toBeEnabled();
    await expect.poll(async () => (await getDocument(`showcases/${id}`))?.data.likeCount).toBe(4);
  });
});
