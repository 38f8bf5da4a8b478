import type { BrowserContext, Page } from '@playwright/test';
import type { Account } from '../support/auth-emulator';
import { expect, test } from '../support/fixtures';
import { getDocument } from '../support/firestore';
import { expectConnection, fillShowcaseForm, seedShowcases, uniqueTag } from '../support/gallery';

const SAVED_OFFLINE = "Saved on this device, will publish when you're back online.";

/** Opens the edit form of showcase `id` and waits until it shows the stored title. */
async function openEditor(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`/s/${id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
}

/**
 * Keeps this page from ever hearing of another tab's queued writes: the SDK's tabs tell each
 * other of a write through a `storage` event for a `firestore_mutations_…` key, which a busy
 * machine can deliver after the user of this tab has pressed Save. Here it never arrives, so
 * only what this tab reads from the shared cache can know of the other tab's write.
 */
function neverHearOtherTabsWrites(): void {
  const addEventListener = window.addEventListener.bind(window);
  window.addEventListener = ((type: string, listener: EventListener, options?: unknown) => {
    if (type !== 'storage') return addEventListener(type, listener, options as never);
    const filtered = (event: Event) => {
      if ((event as StorageEvent).key?.startsWith('firestore_mutations_')) return;
      listener(event);
    };
    return addEventListener(type, filtered, options as never);
  }) as typeof window.addEventListener;
}

/**
 * A showcase of `owner` (titled after a fresh tag, plus `fields`), open in the edit form of
 * `tabA` and of a second tab of the same browser, both live. `deafB`: tab B never hears of
 * tab A's queued writes (neverHearOtherTabsWrites).
 */
async function editInTwoTabs(
  tabA: Page,
  context: BrowserContext,
  owner: Account,
  prefix: string,
  { deafB = false, ...fields }: { description?: string; deafB?: boolean } = {},
) {
  const tag = uniqueTag(prefix);
  const title = `Contested ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag], ownerUid: owner.uid, ...fields }]);
  const tabB = await context.newPage();
  if (deafB) await tabB.addInitScript(neverHearOtherTabsWrites);
  await openEditor(tabA, id!, title);
  await openEditor(tabB, id!, title);
  await expectConnection(tabA, 'Live');
  return { id: id!, tag, tabB };
}

test.describe('two tabs editing the same showcase', () => {
  test.describe.configure({ timeout: 90_000 });

  test('offline, edits of different fields both survive', async ({
    memberPage: tabA,
    member,
    context,
  }) => {
    const { id, tag, tabB } = await editInTwoTabs(tabA, context, member, 'two-tabs', {
      description: 'Original description',
    });

    await context.setOffline(true);
    await expectConnection(tabA, 'Offline');
    await expectConnection(tabB, 'Offline');
    await fillShowcaseForm(tabA, { title: `Title from A ${tag}` });
    await tabA.getByRole('button', { name: 'Save changes' }).click();
    await expect(tabA.getByText(SAVED_OFFLINE)).toBeVisible();
    await fillShowcaseForm(tabB, { description: 'Description from B' });
    await tabB.getByRole('button', { name: 'Save changes' }).click();
    await expect(tabB.getByText(SAVED_OFFLINE)).toBeVisible();

    await context.setOffline(false);
    // What the server holds, not a tab's cache: both edits, neither over the other.
    await expect
      .poll(async () => (await getDocument(`showcases/${id}`))?.data, { timeout: 30_000 })
      .toMatchObject({ title: `Title from A ${tag}`, description: 'Description from B' });
  });

  // Tab B is never told of A's write, as when its notice is still on the way: B's save must
  // find it in the device's cache.
  test('offline, an edit of the same field shows both versions instead of dropping one', async ({
    memberPage: tabA,
    member,
    context,
  }) => {
    const { id, tag, tabB } = await editInTwoTabs(tabA, context, member, 'same-field', {
      deafB: true,
    });

    await context.setOffline(true);
    await expectConnection(tabA, 'Offline');
    await fillShowcaseForm(tabA, { title: `A's title ${tag}` });
    await tabA.getByRole('button', { name: 'Save changes' }).click();
    await expect(tabA.getByText(SAVED_OFFLINE)).toBeVisible();

    await fillShowcaseForm(tabB, { title: `B's title ${tag}`, description: 'Only B wrote this' });
    await tabB.getByRole('button', { name: 'Save changes' }).click();
    const versions = tabB.getByRole('group', { name: 'Title: two versions' });
    await expect(versions).toBeVisible();
    await expect(versions).toContainText(`Theirs: A's title ${tag}`);
    await expect(versions).toContainText(`Yours: B's title ${tag}`);
    // Nothing was queued by B and what B typed is all still there.
    await expect(tabB.getByText(SAVED_OFFLINE)).toHaveCount(0);
    await expect(tabB.getByRole('textbox', { name: 'Title' })).toHaveValue(`B's title ${tag}`);
    await expect(tabB.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
      'Only B wrote this',
    );

    await versions.getByRole('button', { name: 'Keep mine' }).click();
    await expect(versions).toHaveCount(0);
    await tabB.getByRole('button', { name: 'Save changes' }).click();
    await expect(tabB.getByText(SAVED_OFFLINE)).toBeVisible();

    await context.setOffline(false);
    await expect
      .poll(async () => (await getDocument(`showcases/${id}`))?.data, { timeout: 30_000 })
      .toMatchObject({ title: `B's title ${tag}`, description: 'Only B wrote this' });
  });

  test('keeping theirs takes the other version into the form and writes only the rest', async ({
    memberPage: tabA,
    member,
    context,
  }) => {
    const { id, tag, tabB } = await editInTwoTabs(tabA, context, member, 'theirs');

    // Online this time: A's save lands on the server before B saves.
    await fillShowcaseForm(tabA, { title: `A's title ${tag}` });
    await tabA.getByRole('button', { name: 'Save changes' }).click();
    await expect(tabA.getByRole('heading', { level: 1, name: `A's title ${tag}` })).toBeVisible();

    await fillShowcaseForm(tabB, { title: `B's title ${tag}`, description: 'Only B wrote this' });
    await tabB.getByRole('button', { name: 'Save changes' }).click();
    const versions = tabB.getByRole('group', { name: 'Title: two versions' });
    await versions.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(tabB.getByRole('textbox', { name: 'Title' })).toHaveValue(`A's title ${tag}`);
    await tabB.getByRole('button', { name: 'Save changes' }).click();
    await expect(tabB.getByRole('heading', { level: 1, name: `A's title ${tag}` })).toBeVisible();
    await expect
      .poll(async () => (await getDocument(`showcases/${id}`))?.data)
      .toMatchObject({ title: `A's title ${tag}`, description: 'Only B wrote this' });
  });
});
