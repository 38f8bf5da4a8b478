/** The user record on /me, field by field, under the labels the screen gives them. */

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

/** The Account details region of /me, or null while it is not shown. */
function accountDetails(): HTMLElement | null {
  const regions = [...document.querySelectorAll<HTMLElement>('section[aria-labelledby]')];
  return (
    regions.find(
      (region) =>
        document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent ===
        'Account details',
    ) ?? null
  );
}

/** The term (label) of one field in the Account details list on /me, or null. */
export function userRecordTerm(field: UserRecordField): HTMLElement | null {
  const terms = [...(accountDetails()?.querySelectorAll<HTMLElement>('dt') ?? [])];
  return terms.find((term) => term.textContent === USER_RECORD_LABELS[field]) ?? null;
}

/** The element showing one field's value on /me, or null. */
export function userRecordValue(field: UserRecordField): HTMLElement | null {
  const next = userRecordTerm(field)?.nextElementSibling;
  return next instanceof HTMLElement && next.tagName === 'DD' ? next : null;
}

/** The text shown for one field on /me (null while it is not shown). */
export function userRecordText(field: UserRecordField): string | null {
  return userRecordValue(field)?.textContent ?? null;
}
