/**
 * The Auth emulator, for arranging tests: create accounts, look them up, disable or delete them.
 */
import { randomUUID } from 'node:crypto';
import type { AccountRecord } from '@showcase/dev-stack';
import { client } from './env';

export type { AccountRecord };

export type Account = {
  uid: string;
  email: string;
  password: string;
  displayName: string;
};

/** An email nobody has used in this emulator run. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

/** Creates an email/password account through the public sign-up API (as the app would). */
export async function createAccount(options: Partial<Omit<Account, 'uid'>> = {}): Promise<Account> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${randomUUID().slice(0, 10)}`;
  const displayName = options.displayName ?? `Tester ${email.slice(5, 11)}`;
  const uid = await client().signUp({ email, password, displayName });
  return { uid, email, password, displayName };
}

/** The emulator's record of an account, or undefined. */
export async function lookupAccount(
  query: { uid: string } | { email: string },
): Promise<AccountRecord | undefined> {
  const found = await client().lookupAccounts(
    'uid' in query ? { uids: [query.uid] } : { emails: [query.email] },
  );
  return found[0];
}

/** Disables (or re-enables) an account: its refresh token stops working while disabled. */
export function setAccountDisabled(uid: string, disabled: boolean): Promise<void> {
  return client().setAccountDisabled(uid, disabled);
}

export function deleteAccount(uid: string): Promise<void> {
  return client().deleteAccount(uid);
}
