import { describe, expect, it } from 'vitest';
import { guestUser, providerProfile, sessionUser } from '../../testing/builders';
import { describeUserRecord, formatDateTime } from './user-record';

const member = sessionUser({
  providerData: [
    providerProfile(),
    providerProfile({
      providerId: 'google.com',
      uid: 'g-1',
      displayName: 'Ada L',
      email: 'ada@gmail.com',
    }),
    providerProfile({ providerId: 'example.org', uid: 'x', displayName: null, email: null }),
  ],
});
const guest = guestUser();

describe('describeUserRecord', () => {
  it('lists the 11 user-record fields in order', () => {
    expect(describeUserRecord(member).map((row) => row.key)).toEqual([
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
    ]);
  });

  it('names every field in words, and says what an empty one means', () => {
    expect(describeUserRecord(member).map((row) => row.label)).toEqual([
      'User ID',
      'Email',
      'Email verified',
      'Display name',
      'Photo URL',
      'Phone number',
      'Guest account',
      'Tenant',
      'Signed in with',
      'Account created',
      'Last sign-in',
    ]);
    const rows = Object.fromEntries(describeUserRecord(guest).map((row) => [row.key, row.value]));
    expect(rows.email).toEqual({ kind: 'absent', text: 'No email address' });
    expect(rows.displayName).toEqual({ kind: 'absent', text: 'No name' });
    expect(rows.photoURL).toEqual({ kind: 'absent', text: 'No photo' });
    expect(rows.tenantId).toEqual({ kind: 'absent', text: 'None' });
    expect(rows.providerData).toEqual({ kind: 'absent', text: 'None: a guest session' });
    expect(rows['metadata.lastLoginAt']).toEqual({ kind: 'absent', text: 'Unknown' });
    expect(rows.isAnonymous).toEqual({ kind: 'text', text: 'Yes' });
    expect(rows.emailVerified).toEqual({ kind: 'text', text: 'No' });
    const texts = describeUserRecord(guest).map((row) => JSON.stringify(row.value));
    expect(texts.filter((value) => /not set/i.test(value))).toEqual([]);
  });

  it('names providers readably, with their address only when it is not the account email', () => {
    const providers = describeUserRecord(member).find((row) => row.key === 'providerData')?.value;
    expect(providers).toEqual({
      kind: 'providers',
      items: [
        { name: 'Email and password', detail: null },
        { name: 'Google', detail: 'ada@gmail.com' },
        { name: 'example.org', detail: null },
      ],
    });
  });

  it('formats dates in the given locale and keeps the ISO instant', () => {
    const created = describeUserRecord(member, 'en-GB').find(
      (row) => row.key === 'metadata.createdAt',
    )?.value;
    expect(created).toMatchObject({ kind: 'date', iso: '2026-01-02T12:04:00.000Z' });
    expect(created?.kind === 'date' && created.text).toMatch(/^2 Jan 2026, \d\d:04$/);
    expect(formatDateTime(Date.UTC(2026, 0, 2, 12, 4), 'de-DE')).toMatch(
      /02\.01\.2026|2\. Jan\. 2026/,
    );
  });
});
