import type { SessionUser } from '../../lib/session';

/** How one field of the user record reads on /me. */
export type RecordValue =
  | { kind: 'unset' }
  | { kind: 'text'; text: string }
  | { kind: 'date'; iso: string; text: string }
  | { kind: 'providers'; items: { name: string; detail: string | null }[] };

export type RecordRow = {
  /** The field's name in the user record, e.g. `metadata.createdAt`. */
  key: string;
  label: string;
  value: RecordValue;
};

const providerNames: Record<string, string> = {
  password: 'Email and password',
  'google.com': 'Google',
  phone: 'Phone',
  'github.com': 'GitHub',
  'apple.com': 'Apple',
  'microsoft.com': 'Microsoft',
};

const unset: RecordValue = { kind: 'unset' };
const text = (value: string | null): RecordValue =>
  value === null || value.trim() === '' ? unset : { kind: 'text', text: value };
const yesNo = (value: boolean): RecordValue => ({ kind: 'text', text: value ? 'Yes' : 'No' });

export function formatDateTime(epochMs: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    epochMs,
  );
}

const date = (epochMs: number | null, locale?: string): RecordValue =>
  epochMs === null
    ? unset
    : { kind: 'date', iso: new Date(epochMs).toISOString(), text: formatDateTime(epochMs, locale) };

/** The 11 fields of the user record, labelled, in the order /me shows them. */
export function describeUserRecord(user: SessionUser, locale?: string): RecordRow[] {
  return [
    { key: 'uid', label: 'User ID', value: text(user.uid) },
    { key: 'email', label: 'Email', value: text(user.email) },
    { key: 'emailVerified', label: 'Email verified', value: yesNo(user.emailVerified) },
    { key: 'displayName', label: 'Display name', value: text(user.displayName) },
    { key: 'photoURL', label: 'Photo URL', value: text(user.photoURL) },
    { key: 'phoneNumber', label: 'Phone number', value: text(user.phoneNumber) },
    { key: 'isAnonymous', label: 'Guest (anonymous)', value: yesNo(user.isAnonymous) },
    { key: 'tenantId', label: 'Tenant', value: text(user.tenantId) },
    {
      key: 'providerData',
      label: 'Sign-in methods',
      value:
        user.providerData.length === 0
          ? unset
          : {
              kind: 'providers',
              items: user.providerData.map((info) => ({
                name: providerNames[info.providerId] ?? info.providerId,
                detail: info.email ?? info.phoneNumber ?? info.displayName ?? null,
              })),
            },
    },
    {
      key: 'metadata.createdAt',
      label: 'Account created',
      value: date(user.metadata.createdAt, locale),
    },
    {
      key: 'metadata.lastLoginAt',
      label: 'Last sign-in',
      value: date(user.metadata.lastLoginAt, locale),
    },
  ];
}
