// Copy link and Share on a showcase page: the canonical address (no query, no fragment) reaches
// the clipboard, or a dialog hands it over when the browser will not copy; the system share
// sheet gets the title and address, and closing it is no error. The browser's refusals and its
// share sheet are stand-ins on `navigator`; the clipboard itself is the system's.
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { DESKTOP, fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { screenHeading } from '../../src/testing/locators';
import { clipboardText, focusThePage, grantClipboard } from '../../src/testing/network';
import { recordNotices, snackbarText } from '../../src/testing/notices';
import { newMember, renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';

const copyLink = () => page.getByRole('button', { name: 'Copy link', exact: true });
const shareButton = () => page.getByRole('button', { name: 'Share', exact: true });
const copyDialog = () => page.getByRole('dialog', { name: 'Copy this link' });

beforeAll(() => grantClipboard());
beforeEach(() => focusThePage());

afterEach(() => {
  vi.restoreAllMocks();
  // The share sheet stand-in is an own property over the prototype's (absent) one.
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
});

/** Something no test copies, so the clipboard cannot already hold what a test expects. */
async function emptyTheClipboard(): Promise<void> {
  await navigator.clipboard.writeText(`nothing yet ${uniqueTag('clip')}`);
}

/** Opens a fresh published showcase by a link carrying query noise; returns its canonical URL. */
async function openShared(prefix: string) {
  const tag = uniqueTag(prefix);
  const title = `Walnut lamp ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);
  await renderApp({ path: `/s/${id}?from=newsletter&utm_source=mail#comments` });
  await expect.element(screenHeading(title)).toBeVisible();
  return { id: id!, title, url: `${window.location.origin}/s/${id}` };
}

/** Presses Tab until `target` has the focus: it is reachable from the keyboard. */
async function tabTo(target: HTMLElement): Promise<void> {
  for (let presses = 0; presses < 30; presses++) {
    await userEvent.tab();
    if (document.activeElement === target) return;
  }
  throw new Error('Not reachable with Tab.');
}

/** The browser refuses the Clipboard API, as without permission. */
function refuseClipboardApi(): void {
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
    new DOMException('Write permission denied.', 'NotAllowedError'),
  );
}

test('Copy link puts the page address on the clipboard and says so, from the keyboard', async () => {
  await emptyTheClipboard();
  const shared = await openShared('copy');
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.element(copyLink(), { message: layout.name }).toBeVisible();
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }

  await setLayout(DESKTOP);
  await tabTo(copyLink().element() as HTMLElement);
  await userEvent.keyboard('{Enter}');
  await expect.poll(snackbarText).toBe('Link copied');
  await expect.poll(clipboardText).toBe(shared.url);
  for (const layout of LAYOUTS.filter(({ colorScheme }) => colorScheme === 'light')) {
    await setLayout(layout);
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
});

test('the owner of a draft copies its link beside Edit and Delete', async () => {
  await emptyTheClipboard();
  const member = await newMember();
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
  await renderApp({ path: `/s/${id}`, as: member });
  await expect.element(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();

  await copyLink().click();
  await expect.poll(snackbarText).toBe('Link copied');
  await expect.poll(clipboardText).toBe(`${window.location.origin}/s/${id}`);

  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.element(copyLink(), { message: layout.name }).toBeVisible();
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
});

test('copies by select-and-copy when the Clipboard API refuses', async () => {
  await emptyTheClipboard();
  refuseClipboardApi();
  const shared = await openShared('legacy');

  await copyLink().click();
  await expect.poll(snackbarText).toBe('Link copied');
  expect(navigator.clipboard.writeText).toHaveBeenCalledWith(shared.url);
  await expect.poll(clipboardText).toBe(shared.url);
  // The temporary field is gone and the focus is back on the button.
  expect(document.querySelectorAll('body > textarea')).toHaveLength(0);
  await expect.element(copyLink()).toHaveFocus();
});

test('hands the link over in a dialog, focused and selected, when nothing may copy', async () => {
  refuseClipboardApi();
  vi.spyOn(document, 'execCommand').mockReturnValue(false);
  const shared = await openShared('manual');
  const notices = recordNotices();

  await copyLink().click();
  await expect.element(copyDialog()).toBeVisible();
  const field = copyDialog().getByRole('textbox', { name: 'Link to this showcase' });
  await expect.element(field).toHaveValue(shared.url);
  // Focused and selected as it opens, so Ctrl+C copies at once.
  await expect.element(field).toHaveFocus();
  const input = field.element() as HTMLInputElement;
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, shared.url.length]);
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.element(field, { message: layout.name }).toBeVisible();
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
  // Nothing claimed a copy that did not happen.
  expect(notices()).toEqual([]);

  // Copying it by hand, from the focus it opened with, closes the dialog with the usual
  // confirmation.
  await expect.element(field).toHaveFocus();
  await userEvent.keyboard('{ControlOrMeta>}c{/ControlOrMeta}');
  await expect.element(copyDialog()).not.toBeInTheDocument();
  await expect.poll(snackbarText).toBe('Link copied');

  // Done closes it without one.
  await copyLink().click();
  await expect.element(copyDialog()).toBeVisible();
  await copyDialog().getByRole('button', { name: 'Done' }).click();
  await expect.element(copyDialog()).not.toBeInTheDocument();
  await expect.element(copyLink()).toHaveFocus();
  expect(notices()).toEqual(['Link copied']);
});

type ShareOutcome = 'share' | 'cancel' | 'fail';

/** A system share sheet that records what it was given and answers with `outcome`. */
function standInShareSheet(outcome: ShareOutcome) {
  const share = vi.fn((data: ShareData) => {
    void data;
    if (outcome === 'cancel')
      return Promise.reject(new DOMException('Share canceled', 'AbortError'));
    if (outcome === 'fail')
      return Promise.reject(new DOMException('Not allowed', 'NotAllowedError'));
    return Promise.resolve();
  });
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  Object.defineProperty(navigator, 'canShare', {
    configurable: true,
    value: (data: ShareData) => typeof data.url === 'string',
  });
  return share;
}

test('Share opens the share sheet with the title and the page address', async () => {
  const share = standInShareSheet('share');
  const shared = await openShared('share');
  const notices = recordNotices();

  await shareButton().click();
  await expect.poll(() => share.mock.calls).toEqual([[{ title: shared.title, url: shared.url }]]);
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.element(shareButton(), { message: layout.name }).toBeVisible();
    await transitionsSettled();
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
  expect(notices()).toEqual([]);
});

test('closing the share sheet is a cancel, not an error', async () => {
  await emptyTheClipboard();
  const share = standInShareSheet('cancel');
  await openShared('cancel');
  const notices = recordNotices();

  await shareButton().click();
  await expect.poll(() => share.mock.calls.length).toBe(1);
  // A later confirmation shows that nothing was queued before it.
  await copyLink().click();
  await expect.poll(snackbarText).toBe('Link copied');
  expect(notices()).toEqual(['Link copied']);
});

test('a share sheet that fails offers Copy link instead', async () => {
  await emptyTheClipboard();
  standInShareSheet('fail');
  const shared = await openShared('fail');

  await shareButton().click();
  await expect.poll(snackbarText).toContain('The share sheet could not be opened.');
  await page.getByRole('alert').getByRole('button', { name: 'Copy link' }).click();
  await expect.poll(snackbarText).toBe('Link copied');
  await expect.poll(clipboardText).toBe(shared.url);
});

test('Share is not offered where the browser has no share sheet', async () => {
  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
  await openShared('noshare');
  await expect.element(copyLink()).toBeVisible();
  await expect.element(shareButton()).not.toBeInTheDocument();
});
