/**
 * Reading the SDK's persisted session straight from the browser's storage, so tests can compare
 * uids without depending on how a screen lays them out.
 */
import type { Page } from '@playwright/test';

export type PersistedUser = { uid: string; isAnonymous: boolean; email?: string | null };

/** The user the Auth SDK persisted in this page's origin (IndexedDB, else localStorage), or null. */
export async function persistedUser(page: Page): Promise<PersistedUser | null> {
  return page.evaluate(async () => {
    const fromLocalStorage = () => {
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key?.startsWith('firebase:authUser:'))
          return JSON.parse(localStorage.getItem(key) ?? 'null');
      }
      return null;
    };
    const fromIndexedDb = () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => resolve(null);
        open.onupgradeneeded = () => {
          // The SDK never created it: nothing persisted. Abort so we do not create it either.
          open.transaction?.abort();
          resolve(null);
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            db.close();
            return resolve(null);
          }
          const request = db
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          request.onsuccess = () => {
            db.close();
            const rows = request.result as { fbase_key: string; value: unknown }[];
            resolve(
              rows.find((row) => row.fbase_key.startsWith('firebase:authUser:'))?.value ?? null,
            );
          };
          request.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      });
    const user = ((await fromIndexedDb()) ?? fromLocalStorage()) as {
      uid: string;
      isAnonymous: boolean;
      email?: string | null;
    } | null;
    return user
      ? { uid: user.uid, isAnonymous: user.isAnonymous, email: user.email ?? null }
      : null;
  });
}
