/** Reading the user record on /me, field by field, under the labels the screen gives them. */
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

/** What /me calls each field: human labels, never the record's keys. */
export const USER_RECORD_LABELS: Record<UserRecordField, string> = {
  uid: 'User ID',
  email: 'Email',
  emailVerified: 'Email verified',
  displayName: 'Display name',
  photoURL: 'Photo URL',
  phoneNumber: 'Phone number',
  isAnonymous: 'Guest account',
  tenantId: 'Tenant',
  providerData: 'Signed in with',
  'metadata.createdAt': 'Account created',
  'metadata.lastLoginAt': 'Last sign-in',
};

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
