/**
 * The screen tests' emulators seen from the test, over their REST APIs: Firestore as the owner
 * (`Bearer owner` bypasses the rules, so a test may store what the rules refuse) and the Auth
 * emulator's public sign-up. Where they listen comes from the global setup (`inject`).
 */
import { inject } from 'vitest';
import type { PlainFields, PlainValue, ShowcaseDocument, ShowcaseImage } from '@showcase/schema';
import { buildShowcase, fromFields, nameTermsFor, toFields } from '@showcase/schema';
import { readFirebaseConfig } from '../config/env';

const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };

function firestoreUrl(path: string): string {
  const { projectId } = readFirebaseConfig();
  return `http://${inject('screenStack').firestoreHost}/v1/projects/${projectId}/databases/(default)/documents${path}`;
}

async function call<T>(what: string, url: string, init: RequestInit): Promise<T | undefined> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${what} failed: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Something no other test uses, `prefix` then twelve hex digits: scopes data to one test. */
export function uniqueId(prefix = 't'): string {
  return `${prefix}-${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** A tag no other test uses (a valid tag: lower case, digits, hyphens). */
export const uniqueTag = uniqueId;

/** A search word no other test uses: letters and digits only, so it is one search term. */
export function uniqueWord(prefix = 'w'): string {
  return `${prefix}${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/** Writes whole documents as the owner, in one atomic commit. */
export async function setDocuments(documents: { path: string; data: PlainFields }[]) {
  const { projectId } = readFirebaseConfig();
  const writes = documents.map(({ path, data }) => ({
    update: {
      name: `projects/${projectId}/databases/(default)/documents/${path}`,
      fields: toFields(data),
    },
  }));
  await call('Firestore commit', firestoreUrl(':commit'), {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ writes }),
  });
}

/** Deletes documents as the owner, in one atomic commit (a deleted account's profile, say). */
export async function deleteDocuments(paths: readonly string[]) {
  const { projectId } = readFirebaseConfig();
  const writes = paths.map((path) => ({
    delete: `projects/${projectId}/databases/(default)/documents/${path}`,
  }));
  await call('Firestore commit', firestoreUrl(':commit'), {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ writes }),
  });
}

/**
 * A showcase to store: the schema's valid defaults (published, by a seed owner) but for these;
 * `images` as `seedImage` (storage-images.ts) uploads them.
 */
export type SeedShowcase = Partial<ShowcaseDocument> & {
  id?: string;
  title: string;
  images?: ShowcaseImage[];
};

/**
 * Writes showcases as the owner; returns their ids in the given order. Unless given, each is a
 * minute older than the previous, so the first is the newest.
 */
export async function seedShowcases(showcases: SeedShowcase[]): Promise<string[]> {
  const now = Date.now();
  const documents = showcases.map(({ id = uniqueId('s'), images, ...fields }, index) => {
    const createdAt = fields.createdAt ?? new Date(now - index * 60_000);
    const data: PlainFields = buildShowcase({ ...fields, createdAt });
    return { path: `showcases/${id}`, data: images === undefined ? data : { ...data, images } };
  });
  await setDocuments(documents);
  return documents.map((document) => document.path.split('/')[1]!);
}

/** One document's fields as the server holds them (not a client cache), or undefined. */
export async function getDocument(path: string): Promise<Record<string, PlainValue> | undefined> {
  const found = await call<{ fields?: Parameters<typeof fromFields>[0] }>(
    `Reading ${path}`,
    firestoreUrl(`/${path}`),
    { headers: OWNER },
  );
  return found && fromFields(found.fields);
}

/** The ids of a collection's documents as the server holds them (every page). */
export async function documentIds(collectionPath: string): Promise<string[]> {
  const ids: string[] = [];
  let pageToken = '';
  do {
    const page = await call<{ documents?: { name: string }[]; nextPageToken?: string }>(
      `Listing ${collectionPath}`,
      firestoreUrl(`/${collectionPath}?pageSize=1000${pageToken && `&pageToken=${pageToken}`}`),
      { headers: OWNER },
    );
    ids.push(...(page?.documents ?? []).map((document) => document.name.split('/').at(-1)!));
    pageToken = page?.nextPageToken ?? '';
  } while (pageToken !== '');
  return ids;
}

/**
 * The documents of one collection as the server holds them, each with its id (as the owner, so
 * collections no client may list, such as reports, too).
 */
export async function listDocuments(
  collectionPath: string,
): Promise<({ id: string } & Record<string, PlainValue>)[]> {
  const found = await call<{
    documents?: { name: string; fields?: Parameters<typeof fromFields>[0] }[];
  }>(`Listing ${collectionPath}`, firestoreUrl(`/${collectionPath}?pageSize=1000`), {
    headers: OWNER,
  });
  return (found?.documents ?? []).map((document) => ({
    ...fromFields(document.fields),
    id: document.name.split('/').at(-1)!,
  }));
}

/** Replaces the rules in force (for the whole emulator: every test running meanwhile sees them). */
export async function loadRules(rules: string): Promise<void> {
  const { projectId } = readFirebaseConfig();
  const url = `http://${inject('screenStack').firestoreHost}/emulator/v1/projects/${projectId}:securityRules`;
  await call('Loading rules', url, {
    method: 'PUT',
    headers: OWNER,
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
}

export type Account = { uid: string; email: string; password: string; displayName: string };

/**
 * A member's public profile `users/{uid}` as the signed-in shell writes it on a first sign-in;
 * `extra` adds or overrides fields (bio, links, counters).
 */
export async function seedProfile(uid: string, displayName: string, extra: PlainFields = {}) {
  await setDocuments([
    {
      path: `users/${uid}`,
      data: {
        displayName,
        photoURL: null,
        nameTerms: nameTermsFor(displayName),
        followerCount: 0,
        followingCount: 0,
        createdAt: new Date(),
        ...extra,
      },
    },
  ]);
}

/**
 * A fresh email/password account, created through the Auth emulator's public sign-up API, with
 * the public profile of a member who has signed in before: the shell then has nothing to write,
 * so no test races its write (a sign-out waits for unconfirmed writes). `{ profile: false }`
 * leaves it to the shell, as after signing up.
 */
export async function createAccount(
  displayName = `Tester ${uniqueId('m').slice(2, 8)}`,
  { profile = true }: { profile?: boolean } = {},
) {
  const email = `${uniqueId('user')}@example.com`;
  const password = `pw-${uniqueId('p')}`;
  const { apiKey } = readFirebaseConfig();
  const url = `${inject('screenStack').authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${apiKey}`;
  const created = await call<{ localId: string }>('Creating an account', url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  if (!created) throw new Error('The Auth emulator did not create the account.');
  if (profile) await seedProfile(created.localId, displayName);
  return { uid: created.localId, email, password, displayName } satisfies Account;
}
