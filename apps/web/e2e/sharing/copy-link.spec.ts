// Copy link and Share on a showcase page: the canonical address (no query, no fragment) reaches
// the clipboard, or a dialog hands it over when the browser will not copy; the system share
// sheet gets the title and address, and closing it is no error. Desktop and a 390 px phone.
import type { Locator, Page } from '@playwright/test';
import { LAYOUTS, fitsTheWidth, seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { seedShowcases, uniqueTag } from '../support/gallery';
import { recordNotices } from '../support/page-events';

// The clipboard belongs to the browser, so tests of one worker share it: each test reads back the
// address of a showcase it made itself, which no earlier test can have copied.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const copyLink = (page: Page) => page.getByRole('button', { name: 'Copy link', exact: true });
const snackbar = (page: Page) => page.locator('.MuiSnackbar-root [role="alert"]');

/** Opens a fresh published showcase by a link carrying query noise; returns its canonical URL. */
async function openShared(page: Page, baseURL: string | undefined, prefix: string) {
  const tag = uniqueTag(prefix);
  const title = `Walnut lamp ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);
  await page.goto(`/s/${id}?from=newsletter&utm_source=mail#comments`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return { id: id!, title, url: `${baseURL}/s/${id}` };
}

/** Presses Tab until `target` has the focus: it is reachable from the keyboard. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 25; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Not reachable with Tab.');
}

/** Makes the Clipboard API refuse to write, as a browser does without permission. */
async function refuseClipboardApi(page: Page) {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
}

for (const layout of LAYOUTS) {
  test.describe(`Copy link (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('puts the page address on the clipboard and says so, from the keyboard too', async ({
      page,
      baseURL,
    }) => {
      const shared = await openShared(page, baseURL, 'copy');

      await tabTo(page, copyLink(page));
      await page.keyboard.press('Enter');
      await expect(snackbar(page)).toHaveText('Link copied');
      expect(await clipboardText(page)).toBe(shared.url);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);
    });

    test('the owner of a draft can copy its link beside Edit and Delete', async ({
      memberPage: page,
      member,
      baseURL,
    }) => {
      const tag = uniqueTag('draftcopy');
      const [id] = await seedShowcases([
        {
          title: `My draft ${tag}`,
          tags: [tag],
          status: 'draft',
          ownerUid: member.uid,
          ownerName: member.displayName,
        },
      ]);
      await page.goto(`/s/${id}`);
      await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
      await expect(copyLink(page)).toBeVisible();
      expect(await fitsTheWidth(page)).toBe(true);
      await copyLink(page).click();
      await expect(snackbar(page)).toHaveText('Link copied');
      expect(await clipboardText(page)).toBe(`${baseURL}/s/${id}`);
    });
  });
}

test('copies by select-and-copy when the Clipboard API refuses', async ({ page, baseURL }) => {
  await refuseClipboardApi(page);
  const shared = await openShared(page, baseURL, 'legacy');
  await copyLink(page).click();
  await expect(snackbar(page)).toHaveText('Link copied');
  expect(await clipboardText(page)).toBe(shared.url);
  // The temporary field is gone and the focus is back on the button.
  await expect(page.locator('body > textarea')).toHaveCount(0);
  await expect(copyLink(page)).toBeFocused();
});

for (const layout of LAYOUTS) {
  test(`hands the link over in a dialog when nothing may copy (${layout.name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(layout.viewport);
    await refuseClipboardApi(page);
    await page.addInitScript(() => {
      document.execCommand = () => false;
    });
    const shared = await openShared(page, baseURL, 'manual');
    const notices = await recordNotices(page);

    await copyLink(page).click();
    const dialog = page.getByRole('dialog', { name: 'Copy this link' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('textbox', { name: 'Link to this showcase' });
    await expect(field).toHaveValue(shared.url);
    await expect(field).toBeFocused();
    expect(
      await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
    ).toEqual([0, shared.url.length]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fitsTheWidth(page)).toBe(true);
    // Nothing claimed a copy that did not happen.
    expect(await notices()).toEqual([]);

    // Copying it by hand closes the dialog with the usual confirmation. (Headless Chromium fires
    // the copy event for the shortcut but leaves the clipboard alone, so that is not checked.)
    await page.keyboard.press('ControlOrMeta+C');
    await expect(dialog).toBeHidden();
    await expect(snackbar(page)).toHaveText('Link copied');

    // Done closes it without one.
    await copyLink(page).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(copyLink(page)).toBeFocused();
  });
}

test.describe('Share', () => {
  type Shared = { title?: string; url?: string }[];

  /** A system share sheet that records what it was given and answers with `outcome`. */
  async function fakeShareSheet(page: Page, outcome: 'share' | 'cancel' | 'fail') {
    await page.addInitScript((answer) => {
      const calls: { title?: string; url?: string }[] = [];
      (window as unknown as { __shared: typeof calls }).__shared = calls;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          calls.push({ title: data.title, url: data.url });
          if (answer === 'cancel')
            return Promise.reject(new DOMException('Share canceled', 'AbortError'));
          if (answer === 'fail')
            return Promise.reject(new DOMException('Not allowed', 'NotAllowedError'));
          return Promise.resolve();
        },
      });
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (data: ShareData) => typeof data.url === 'string',
      });
    }, outcome);
  }
  const shareCalls = (page: Page) =>
    page.evaluate(() => (window as unknown as { __shared: Shared }).__shared);
  const shareButton = (page: Page) => page.getByRole('button', { name: 'Share', exact: true });

  test('opens the share sheet with the title and the page address', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await fakeShareSheet(page, 'share');
    const shared = await openShared(page, baseURL, 'share');
    const notices = await recordNotices(page);
    await shareButton(page).click();
    await expect.poll(() => shareCalls(page)).toEqual([{ title: shared.title, url: shared.url }]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fitsTheWidth(page)).toBe(true);
    expect(await notices()).toEqual([]);
  });

  test('closing the sheet is a cancel, not an error', async ({ page, baseURL }) => {
    await fakeShareSheet(page, 'cancel');
    await openShared(page, baseURL, 'cancel');
    const notices = await recordNotices(page);
    await shareButton(page).click();
    await expect.poll(async () => (await shareCalls(page)).length).toBe(1);
    // A later confirmation shows that nothing was queued before it.
    await copyLink(page).click();
    await expect(snackbar(page)).toHaveText('Link copied');
    expect(await notices()).toEqual(['Link copied']);
  });

  test('a sheet that fails offers Copy link instead', async ({ page, baseURL }) => {
    await fakeShareSheet(page, 'fail');
    const shared = await openShared(page, baseURL, 'fail');
    await shareButton(page).click();
    await expect(snackbar(page)).toContainText('The share sheet could not be opened.');
    await snackbar(page).getByRole('button', { name: 'Copy link' }).click();
    await expect(snackbar(page)).toHaveText('Link copied');
    expect(await clipboardText(page)).toBe(shared.url);
  });

  test('is not offered where the browser has no share sheet', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    });
    await openShared(page, baseURL, 'noshare');
    await expect(copyLink(page)).toBeVisible();
    await expect(shareButton(page)).toHaveCount(0);
  });
});
