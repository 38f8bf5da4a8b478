/**
 * The Auth emulator's admin API, for arranging screen tests: look an account up, disable or
 * re-enable it (as the Firebase console would). Calls go as the owner (`Bearer owner`).
 */
import { inject } from 'vitest';
import { readFirebaseConfig } from '../config/env';

async function adminCall<T>(method: string, body: unknown): Promise<T> {
  const { apiKey, projectId } = readFirebaseConfig();
  const url = `${inject('screenStack').authUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:${method}?key=${apiKey}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`Auth emulator accounts:${method}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export type AccountRecord = { localId: string; email?: string; disabled?: boolean };

/** The account with this uid as the Auth emulator holds it, or undefined. */
export async function lookupAccount(uid: string): Promise<AccountRecord | undefined> {
  const found = await adminCall<{ users?: AccountRecord[] }>('lookup', { localId: [uid] });
  return found.users?.[0];
}

/** Disables (or re-enables) an account: while disabled, Auth refuses its tokens. */
export async function setAccountDisabled(uid: string, disabled: boolean): Promise<void> {
  await adminCall('update', { localId: uid, disableUser: disabled });
}
