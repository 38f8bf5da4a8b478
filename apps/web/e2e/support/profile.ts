/** Reading the user record on /me, field by field (each row shows the field's key, e.g. `uid`). */
import type { Locator, Page } from '@playwright/test';

/** The 11 fields of the user record shown on /me, by their names in the record. */
export const USER_RECORD_FIELDS = [
  'uid',
  'email',
  'emailVerified',
  'displayName',
  'photoURL',
  'phoneNumber',
  'isAnonymous',
  'tenantId',
  'providerData',
  'metadata.createdAt',
  'metadata.lastLoginAt',
] as const;

export type UserRecordField = (typeof USER_RECORD_FIELDS)[number];

/** The term (label) of one field in the record list on /me. */
export function userRecordTerm(page: Page, field: UserRecordField): Locator {
  return page.locator('dt').filter({ has: page.getByText(field, { exact: true }) });
}

/** The value shown for one field on /me. */
export function userRecordValue(page: Page, field: UserRecordField): Locator {
  return userRecordTerm(page, field).locator('xpath=following-sibling::dd[1]');
}
