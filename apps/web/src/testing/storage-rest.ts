/**
 * The screen tests' Storage emulator seen from the test, as the owner (rules bypassed): what
 * objects exist under a prefix and what each was stored as.
 */
import { inject } from 'vitest';
import { readFirebaseConfig } from '../config/env';

const OWNER = { authorization: 'Bearer owner' };

function bucketUrl(): string {
  const { projectId } = readFirebaseConfig();
  return `http://${inject('screenStack').storageHost}/v0/b/${projectId}.firebasestorage.app/o`;
}

export type StoredObject = { name: string; contentType: string; size: number };

/** Every object whose name starts with `prefix`, by name. */
export async function listObjects(prefix: string): Promise<string[]> {
  const names: string[] = [];
  let pageToken = '';
  do {
    const query = new URLSearchParams({ prefix, ...(pageToken ? { pageToken } : {}) });
    const response = await fetch(`${bucketUrl()}?${query}`, { headers: OWNER });
    if (!response.ok) throw new Error(`Listing ${prefix} failed: HTTP ${response.status}`);
    const body = (await response.json()) as { items?: { name: string }[]; nextPageToken?: string };
    names.push(...(body.items ?? []).map((item) => item.name));
    pageToken = body.nextPageToken ?? '';
  } while (pageToken);
  return names.sort();
}

/** An object's stored metadata, or undefined when there is no such object. */
export async function objectMetadata(name: string): Promise<StoredObject | undefined> {
  const response = await fetch(`${bucketUrl()}/${encodeURIComponent(name)}`, { headers: OWNER });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`Reading ${name} failed: HTTP ${response.status}`);
  const body = (await response.json()) as { name: string; contentType: string; size: string };
  return { name: body.name, contentType: body.contentType, size: Number(body.size) };
}
