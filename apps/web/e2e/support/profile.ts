/** Reading the user record on /me, field by field, under the labels the screen gives them. */
import type { Locator, Page } from '@playwright/test';
// One table of fields and labels for both test layers (screen tests read the same one).
import { USER_RECORD_LABELS, type UserRecordField } from '../../src/testing/user-record';

/** The term (label) of one field in the Account details list on /me. */
export function userRecordTerm(page: Page, field: UserRecordField): Locator {
  return page
    .getByRole('region', { name: 'Account details' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${USER_RECORD_LABELS[field]}$`) });
}

/** The value shown for one field on /me. */
export function userRecordValue(page: Page, field: UserRecordField): Locator {
  return userRecordTerm(page, field).locator('xpath=following-sibling::dd[1]');
}
