/**
 * The Auth emulator's REST API, for arranging tests: create accounts, look them up, disable or
 * delete them (admin calls use the emulator's `Bearer owner` token).
 */
import { randomUUID } from 'node:crypto';
import { API_KEY, PROJECT_ID, stack } from './env';

export type Account = {
  uid: string;
  email: string;
  password: string;
  displayName: string;
};

export type AccountRecord = {
  localId: string;
  email?: string;
  displayName?: string;
  disabled?: boolean;
  providerUserInfo?: { providerId: string; email?: string; rawId?: string }[];
};

const OWNER_HEADERS = { authorization: 'Bearer owner', 'content-type': 'application/json' };

async function call<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = OWNER_HEADERS,
): Promise<T> {
  const response = await fetch(`${stack().authUrl}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok)
    throw new Error(`Auth emulator ${path}: HTTP ${response.status} ${json.error?.message ?? ''}`);
  return json;
}

/** An email nobody has used in this emulator run. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

/** Creates an email/password account through the public sign-up API (as the app would). */
export async function createAccount(options: Partial<Omit<Account, 'uid'>> = {}): Promise<Account> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${randomUUID().slice(0, 10)}`;
  const displayName = options.displayName ?? `Tester ${email.slice(5, 11)}`;
  const created = await call<{ localId: string; idToken: string }>(
    `accounts:signUp?key=${API_KEY}`,
    { email, password, displayName, returnSecureToken: true },
    { 'content-type': 'application/json' },
  );
  return { uid: created.localId, email, password, displayName };
}

/** The emulator's record of an account, or undefined. */
export async function lookupAccount(
  query: { uid: string } | { email: string },
): Promise<AccountRecord | undefined> {
  const body = 'uid' in query ? { localId: [query.uid] } : { email: [query.email] };
  const found = await call<{ users?: AccountRecord[] }>(
    `projects/${PROJECT_ID}/accounts:lookup`,
    body,
  );
  return found.users?.[0];
}

/** Disables (or re-enables) an account: its refresh token stops working while disabled. */
export async function setAccountDisabled(uid: string, disabled: boolean): Promise<void> {
  await call(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, disableUser: disabled });
}

/** Deletes an account. */
export async function deleteAccount(uid: string): Promise<void> {
  await call(`projects/${PROJECT_ID}/accounts:delete`, { localId: uid });
}

export type OobCode = { email: string; requestType: string; oobCode: string; oobLink: string };

/** Out-of-band codes (password reset, email verification) the emulator "sent". */
export async function listOobCodes(): Promise<OobCode[]> {
  const response = await fetch(`${stack().authUrl}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const json = (await response.json()) as { oobCodes?: OobCode[] };
  return json.oobCodes ?? [];
}
