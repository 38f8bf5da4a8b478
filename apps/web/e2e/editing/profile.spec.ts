// /me: the profile first, then Account details (the 11 user-record fields under human labels,
// with Sign out), then, apart, a danger zone with Delete account.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LAYOUTS, fitsTheWidth, seriousViolations } from '../support/axe';
import { USER_RECORD_FIELDS, userRecordTerm, userRecordValue } from '../support/profile';

/** The page's headings, top to bottom, as "h1 name". */
async function headings(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .getByRole('heading')
    .evaluateAll((elements) =>
      elements.map((element) => `${element.tagName.toLowerCase()} ${element.textContent ?? ''}`),
    );
}

for (const layout of LAYOUTS) {
  test.describe(`/me (${layout.name})`, () => {
    test.use({ viewport: layout.viewport });

    test('shows the profile, then Account details, then a separate danger zone', async ({
      memberPage: page,
      member,
    }) => {
      await page.goto('/me');
      await expect(page.getByRole('heading', { level: 1, name: member.displayName })).toBeVisible();
      expect(await headings(page)).toEqual([
        `h1 ${member.displayName}`,
        'h2 Edit profile',
        'h2 Email verification',
        'h2 Account details',
        'h2 Danger zone',
      ]);
      await expect(page.getByRole('textbox', { name: 'Display name' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Photo URL' })).toBeVisible();

      // Every field, labelled in words and visible, in the page's own typeface.
      for (const field of USER_RECORD_FIELDS) {
        await expect(userRecordTerm(page, field), field).toBeVisible();
        await expect(userRecordValue(page, field), field).toBeVisible();
      }
      const details = page.getByRole('region', { name: 'Account details' });
      await expect(details).not.toContainText(/not set|metadata\.|providerData|isAnonymous/i);
      const fonts = await details
        .locator('dt, dd, code')
        .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).fontFamily));
      expect(fonts.filter((font) => /mono/i.test(font))).toEqual([]);
      await expect(userRecordValue(page, 'uid')).toHaveText(member.uid);
      await expect(userRecordValue(page, 'emailVerified')).toHaveText('No');
      await expect(userRecordValue(page, 'providerData')).toHaveText('Email and password');
      await expect(userRecordValue(page, 'tenantId')).toHaveText('None');

      // Sign out belongs to the account; Delete account stands alone in the danger zone.
      await expect(details.getByRole('button', { name: 'Sign out' })).toBeVisible();
      const danger = page.getByRole('region', { name: 'Danger zone' });
      await expect(danger.getByRole('button', { name: 'Delete account' })).toBeVisible();
      await expect(danger.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
      await expect(details.getByRole('button', { name: 'Delete account' })).toHaveCount(0);

      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);
    });

    test('keeps My showcases within reach at the top of the page', async ({ memberPage: page }) => {
      await page.goto('/me');
      const link = page.getByRole('main').getByRole('link', { name: 'My showcases' });
      await expect(link).toBeInViewport();
      await link.click();
      await expect(page).toHaveURL(/\/me\/showcases$/);
    });
  });
}
