// Copy link's fallback dialog in the built app: when the browser will not copy, the dialog's field
// has the focus with the link selected as it opens, so Ctrl+C copies it at once. The rest of Copy
// link and Share is screens/sharing/copy-link.test.tsx; this stays end to end because in
// development React's strict mode runs the dialog's focus trap twice, and its second run takes the
// focus from the field, which the production build never does.
import { expect, test } from '../support/fixtures';
import { seedShowcases, uniqueTag } from '../support/gallery';

test('the copy dialog opens with the link selected in a focused field; Ctrl+C copies it', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    document.execCommand = () => false;
  });
  const tag = uniqueTag('manual');
  const title = `Walnut lamp ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag] }]);
  const url = `${baseURL}/s/${id}`;
  await page.goto(`/s/${id}?from=newsletter#comments`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy this link' });
  const field = dialog.getByRole('textbox', { name: 'Link to this showcase' });
  await expect(field).toHaveValue(url);
  await expect(field).toBeFocused();
  expect(
    await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
  ).toEqual([0, url.length]);

  // Headless Chromium fires the copy event for the shortcut but leaves the clipboard alone, so
  // the clipboard is not checked.
  await page.keyboard.press('ControlOrMeta+C');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.MuiSnackbar-root [role="alert"]')).toHaveText('Link copied');
});
