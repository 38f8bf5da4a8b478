/**
 * The Auth emulator seen from a screen test, over its admin REST API: what it holds for an
 * account, disabling one (as the Firebase console would), and the emails it "sent". Where it
 * listens comes from the global setup (`inject`).
 */
import { inject } from 'vitest';
import { readFirebaseConfig } from '../config/env';

export type AccountRecord = {
  localId: string;
  email?: string;
  displayName?: string;
  /** The Auth profile's photo (the Identity Toolkit spells it `photoUrl`). */
  photoUrl?: string;
  disabled?: boolean;
  providerUserInfo?: { providerId: string }[];
};

export type OobCode = { email: string; requestType: string; oobCode: string };

async function admin<T>(method: string, body: unknown): Promise<T> {
  const { projectId, apiKey } = readFirebaseConfig();
  const url = `${inject('screenStack').authUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:${method}?key=${apiKey}`;
  const response = await fetch(url, {
    method: 'POST',
    // The emulator takes `Bearer owner` as the project's admin credentials.
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`accounts:${method} failed: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The emulator's record of the account with this uid or email, or undefined. */
export async function lookupAccount(
  query: { uid: string } | { email: string },
): Promise<AccountRecord | undefined> {
  const body = 'uid' in query ? { localId: [query.uid] } : { email: [query.email] };
  return (await admin<{ users?: AccountRecord[] }>('lookup', body)).users?.[0];
}

/** Disables (or re-enables) an account: while disabled, Auth refuses its tokens. */
export async function setAccountDisabled(uid: string, disabled: boolean): Promise<void> {
  await admin('update', { localId: uid, disableUser: disabled });
}

/** The out-of-band codes (password reset, email verification) the emulator "sent". */
export async function oobCodes(): Promise<OobCode[]> {
  const { projectId } = readFirebaseConfig();
  const url = `${inject('screenStack').authUrl}/emulator/v1/projects/${projectId}/oobCodes`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Listing oob codes failed: HTTP ${response.status}`);
  return ((await response.json()) as { oobCodes?: OobCode[] }).oobCodes ?? [];
}
