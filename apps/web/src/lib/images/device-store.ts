import type { UseStore } from 'idb-keyval';
import { createStore, del, entries, get, set } from 'idb-keyval';

/**
 * Picked images kept on the device (IndexedDB) until the showcase holds them: the list's state
 * under one key per showcase, and each image's encoded widths under their own keys, so a reload,
 * a cut connection or a closed tab loses nothing. Only the pipeline's output is kept: the
 * original files, with their metadata, never are.
 */
let store: UseStore | undefined;
const uploadsStore = (): UseStore => (store ??= createStore('showcase-uploads', 'kept'));

const listKey = (ownerUid: string, showcaseId: string) => `list/${ownerUid}/${showcaseId}`;
const bytesKey = (ownerUid: string, imageId: string) => `bytes/${ownerUid}/${imageId}`;

export type KeptSize = { width: number; blob: Blob };

/**
 * An image's encoded widths and what the app learned preparing them (`info`), kept as one record:
 * the list is written after the screen shows a change, so a reload can come before the list
 * says an image was prepared, but never before its record does.
 */
export type KeptImage<Info> = { sizes: KeptSize[]; info: Info | undefined };

export function keptList<T>(ownerUid: string, showcaseId: string): Promise<T | undefined> {
  return get<T>(listKey(ownerUid, showcaseId), uploadsStore());
}

export function keepList<T>(ownerUid: string, showcaseId: string, list: T): Promise<void> {
  return set(listKey(ownerUid, showcaseId), list, uploadsStore());
}

export function forgetList(ownerUid: string, showcaseId: string): Promise<void> {
  return del(listKey(ownerUid, showcaseId), uploadsStore());
}

export async function keptImage<Info>(
  ownerUid: string,
  imageId: string,
): Promise<KeptImage<Info> | undefined> {
  const record = await get<KeptImage<Info> | KeptSize[]>(
    bytesKey(ownerUid, imageId),
    uploadsStore(),
  );
  // Kept before the record had its info: the widths alone.
  return Array.isArray(record) ? { sizes: record, info: undefined } : record;
}

export function keepImage<Info>(
  ownerUid: string,
  imageId: string,
  image: KeptImage<Info>,
): Promise<void> {
  return set(bytesKey(ownerUid, imageId), image, uploadsStore());
}

export function forgetImage(ownerUid: string, imageId: string): Promise<void> {
  return del(bytesKey(ownerUid, imageId), uploadsStore());
}

/**
 * How many images of each of the member's showcases wait on this device (picked, not stored
 * yet), for lists that mark them. Reads the kept lists; `isWaiting` says which entries count.
 */
export async function waitingImageCounts<T>(
  ownerUid: string,
  isWaiting: (image: T) => boolean,
): Promise<Map<string, number>> {
  const prefix = `list/${ownerUid}/`;
  const counts = new Map<string, number>();
  for (const [key, list] of await entries<string, T[]>(uploadsStore())) {
    if (typeof key !== 'string' || !key.startsWith(prefix) || !Array.isArray(list)) continue;
    const waiting = list.filter(isWaiting).length;
    if (waiting > 0) counts.set(key.slice(prefix.length), waiting);
  }
  return counts;
}
