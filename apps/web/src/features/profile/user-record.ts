import type { SessionUser } from '../../lib/session';

/**
 * How one field of the user record reads on /me. `absent`: the record has no value, said in
 * words that fit the field ("No photo"), never as a placeholder like "not set".
 */
export type RecordValue =
  | { kind: 'text'; text: string }
  | { kind: 'absent'; text: string }
  | { kind: 'date'; iso: string; text: string }
  | { kind: 'providers'; items: { name: string; detail: string | null }[] };

export type RecordRow = {
  /** The field's name in the user record, e.g. `metadata.createdAt` (not shown). */
  key: string;
  /** What the screen calls it. */
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

const text = (value: string | null, absent: string): RecordValue =>
  value === null || value.trim() === ''
    ? { kind: 'absent', text: absent }
    : { kind: 'text', text: value };
const yesNo = (value: boolean): RecordValue => ({ kind: 'text', text: value ? 'Yes' : 'No' });

export function formatDateTime(epochMs: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    epochMs,
  );
}

const date = (epochMs: number | null, locale?: string): RecordValue =>
  epochMs === null
    ? { kind: 'absent', text: 'Unknown' }
    : { kind: 'date', iso: new Date(epochMs).toISOString(), text: formatDateTime(epochMs, locale) };

/** The sign-in methods by name; a method's own address only when it is not the account's. */
function providers(user: SessionUser): RecordValue {
  if (user.providerData.length === 0) return { kind: 'absent', text: 'None: a guest session' };
  return {
    kind: 'providers',
    items: user.providerData.map((info) => {
      const detail = info.email ?? info.phoneNumber ?? info.displayName ?? null;
      return {
        name: providerNames[info.providerId] ?? info.providerId,
        detail: detail === user.email ? null : detail,
      };
    }),
  };
}

/** The 11 fields of the user record, under human labels, in the order /me shows them. */
export function describeUserRecord(user: SessionUser, locale?: string): RecordRow[] {
  return [
    { key: 'uid', label: 'User ID', value: text(user.uid, 'None') },
    { key: 'email', label: 'Email', value: text(user.email, 'No email address') },
    { key: 'emailVerified', label: 'Email verified', value: yesNo(user.emailVerified) },
    { key: 'displayName', label: 'Display name', value: text(user.displayName, 'No name') },
    { key: 'photoURL', label: 'Photo URL', value: text(user.photoURL, 'No photo') },
    {
      key: 'phoneNumber',
      label: 'Phone number',
      value: text(user.phoneNumber, 'No phone number'),
    },
    { key: 'isAnonymous', label: 'Guest account', value: yesNo(user.isAnonymous) },
    { key: 'tenantId', label: 'Tenant', value: text(user.tenantId, 'None') },
    { key: 'providerData', label: 'Signed in with', value: providers(user) },
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
