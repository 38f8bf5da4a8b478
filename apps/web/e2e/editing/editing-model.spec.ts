// The editing model: a new or draft showcase is published or kept as a draft (a draft needs only
// a title); a published one saves its changes and stays published, and is unpublished only after
// a confirmation. Nothing changes its status silently.
import { expect, test } from '../support/fixtures';
import { LAYOUTS, fitsTheWidth, seriousViolations } from '../support/axe';
import {
  card,
  expectConnection,
  fillShowcaseForm,
  seedShowcases,
  uniqueTag,
} from '../support/gallery';
import { getDocument } from '../support/firestore';

const statusOf = async (id: string) => (await getDocument(`showcases/${id}`))?.data.status;

test('a draft needs only a title, and publishing it needs a link', async ({ memberPage: page }) => {
  const tag = uniqueTag('draft-title');
  const title = `Just an idea ${tag}`;
  await page.goto('/new');
  await fillShowcaseForm(page, { title, tags: tag });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Draft: only you can see it')).toBeVisible();
  const id = new URL(page.url()).pathname.split('/')[2]!;
  await expect
    .poll(async () => (await getDocument(`showcases/${id}`))?.data)
    .toMatchObject({
      title,
      url: '',
      status: 'draft',
    });

  // Publishing is where the link is needed: the form says so on the field and saves nothing.
  await page.goto(`/s/${id}/edit`);
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const link = page.getByRole('textbox', { name: 'Link' });
  await expect(link).toHaveAccessibleDescription(/Add a link where people can see what you made/);
  await expect(link).toBeFocused();
  expect(await statusOf(id)).toBe('draft');

  await link.fill('https://example.com/idea');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Draft: only you can see it')).toHaveCount(0);
  await expect.poll(() => statusOf(id)).toBe('published');
  await page.goto(`/?tag=${tag}`);
  await expect(card(page, title)).toBeVisible();
});

test('a new showcase cannot be published without a link', async ({ memberPage: page }) => {
  await page.goto('/new');
  await fillShowcaseForm(page, { title: `No link ${uniqueTag('no-link')}` });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Link' })).toHaveAccessibleDescription(
    /Add a link/,
  );
  await expect(page).toHaveURL(/\/new\?id=/);
});

test('Save changes keeps a published showcase published and in the gallery', async ({
  memberPage: page,
  member,
}) => {
  const tag = uniqueTag('changes');
  const [id] = await seedShowcases([
    { title: `Before ${tag}`, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
  ]);
  await page.goto(`/s/${id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`Before ${tag}`);
  // A published showcase offers no Publish and no Save draft that could unpublish it.
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);

  await fillShowcaseForm(page, { title: `After ${tag}` });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `After ${tag}` })).toBeVisible();
  await expect(page.getByText('Draft: only you can see it')).toHaveCount(0);
  expect(await statusOf(id!)).toBe('published');
  await page.goto(`/?tag=${tag}`);
  await expect(card(page, `After ${tag}`)).toBeVisible();
});

for (const layout of LAYOUTS) {
  test.describe(`Unpublish (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('asks first: Cancel keeps it published, Unpublish takes it out of the gallery', async ({
      memberPage: page,
      member,
    }) => {
      const tag = uniqueTag('unpublish');
      const title = `Withdrawn ${tag}`;
      const [id] = await seedShowcases([
        { title, tags: [tag], ownerUid: member.uid, ownerName: member.displayName },
      ]);
      const gallery = await page.context().newPage();
      await gallery.goto(`/?tag=${tag}`);
      await expect(card(gallery, title)).toBeVisible();

      await page.goto(`/s/${id}/edit`);
      await expectConnection(page, 'Live');
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      await page.getByRole('button', { name: 'Unpublish' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unpublish this showcase?' });
      await expect(dialog).toContainText(`“${title}” leaves the gallery`);
      // Cancel has the focus: Enter on the dialog changes nothing.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
      expect(await statusOf(id!)).toBe('published');
      await expect(card(gallery, title)).toBeVisible();

      await page.getByRole('button', { name: 'Unpublish' }).click();
      await dialog.getByRole('button', { name: 'Unpublish' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Draft: only you can see it')).toBeVisible();
      await expect.poll(() => statusOf(id!)).toBe('draft');
      await expect(card(gallery, title)).toHaveCount(0);

      // Back in the form, the draft offers Publish and Save draft again.
      await page.goto(`/s/${id}/edit`);
      await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
    });
  });
}
