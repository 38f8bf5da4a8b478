import { expect, test } from '../support/fixtures';
import { getDocument, listDocuments } from '../support/firestore';
import {
  card,
  expectConnection,
  fillShowcaseForm,
  publishShowcase,
  uniqueTag,
} from '../support/gallery';

// Two independent browser contexts (own storage, own SDK instance, own cache), one emulator.
test.describe('two people, live', () => {
  // Two signed-in browsers and several screens each: more than the default budget on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  test('A publishes and B sees it without reloading; later ones wait behind "N new showcases"', async ({
    memberPage: a,
    otherMember: b,
  }) => {
    const tag = uniqueTag('live');
    await b.page.goto(`/?tag=${tag}`);
    await expectConnection(b.page, 'Live');
    await expect(
      b.page.getByRole('heading', { name: `No showcases tagged #${tag} yet` }),
    ).toBeVisible();

    const first = `First ${tag}`;
    await publishShowcase(a, { title: first, tags: tag });
    // Nothing was on B's screen, so nothing can jump: the first one appears at once.
    await expect(card(b.page, first)).toBeVisible();

    const second = `Second ${tag}`;
    const third = `Third ${tag}`;
    await publishShowcase(a, { title: second, tags: tag });
    await publishShowcase(a, { title: third, tags: tag });
    // B is reading: the newcomers wait behind one button instead of pushing the grid down.
    const newButton = b.page.getByRole('button', { name: '2 new showcases' });
    await expect(newButton).toBeVisible();
    await expect(card(b.page, second)).toHaveCount(0);
    await expect(b.page.getByRole('article')).toHaveCount(1);
    await newButton.click();
    await expect(b.page.getByRole('article')).toHaveCount(3);
    await expect(b.page.getByRole('article').first()).toHaveAccessibleName(third);
    await expect(newButton).toBeHidden();
  });

  test('B likes and A sees the count; the like and its counter move together on the server', async ({
    memberPage: a,
    otherMember: b,
  }) => {
    const title = `Likeable ${uniqueTag()}`;
    const id = await publishShowcase(a, { title });
    await expect(a.getByTestId('like-count')).toHaveText('0 likes');
    // The owner cannot like their own showcase (the rules say so): they see the count, no button.
    await expect(a.getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);

    await b.page.goto(`/s/${id}`);
    await b.page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(b.page.getByRole('button', { name: 'Unlike' })).toBeVisible();
    await expect(a.getByTestId('like-count')).toHaveText('1 like');
    await expect.poll(async () => (await getDocument(`showcases/${id}`))?.data.likeCount).toBe(1);
    expect(await getDocument(`showcases/${id}/likes/${b.account.uid}`)).toBeDefined();

    await b.page.getByRole('button', { name: 'Unlike' }).click();
    await expect(a.getByTestId('like-count')).toHaveText('0 likes');
    await expect.poll(async () => (await getDocument(`showcases/${id}`))?.data.likeCount).toBe(0);
    expect(await listDocuments(`showcases/${id}/likes`)).toEqual([]);
  });

  test('A edits and deletes; B follows on the detail page and in the gallery', async ({
    memberPage: a,
    otherMember: b,
  }) => {
    const tag = uniqueTag('edit');
    const title = `Before ${tag}`;
    const id = await publishShowcase(a, { title, tags: tag, description: 'First words.' });

    await b.page.goto(`/s/${id}`);
    await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await a.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(a.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    const renamed = `After ${tag}`;
    await fillShowcaseForm(a, { title: renamed, description: 'Second words.' });
    await a.getByRole('button', { name: 'Save changes' }).click();
    await expect(a.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    await expect(b.page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(b.page.getByText('Second words.')).toBeVisible();

    const gallery = await b.context.newPage();
    await gallery.goto(`/?tag=${tag}`);
    await expect(card(gallery, renamed)).toBeVisible();

    await a.getByRole('button', { name: 'Delete' }).click();
    const dialog = a.getByRole('dialog', { name: 'Delete this showcase?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(a).toHaveURL(/\/$/);

    await expect(b.page.getByRole('heading', { name: 'Showcase not found' })).toBeVisible();
    await expect(card(gallery, renamed)).toHaveCount(0);
    await expect.poll(async () => getDocument(`showcases/${id}`)).toBeUndefined();
  });
});
