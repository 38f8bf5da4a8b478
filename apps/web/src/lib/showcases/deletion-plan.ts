import type { Showcase } from '@showcase/schema';
import { storagePathOfDownloadUrl } from '@showcase/schema';

/** Writes one batch may hold. */
export const WRITES_PER_BATCH = 500;

/** A like (its id is the liker's uid) or a comment of the showcase. */
export type ShowcaseChild = { kind: 'likes' | 'comments'; id: string };

/** One batch of deletions after the first: leftovers, and the record with the last of them. */
export type LeftoverBatch = { children: ShowcaseChild[]; deleteRecord: boolean };

export type ShowcaseDeletionPlan = {
  /** Deleted in the batch that deletes the showcase. */
  first: ShowcaseChild[];
  /**
   * The first batch also writes the deletion record (`showcaseDeletions/{id}`): what did not fit
   * beside the showcase, or what the server may hold beyond this device's view (`complete`
   * false), is then read from the server and deleted under it (`leftoverBatches`).
   */
  record: boolean;
  /** Every stored width of every uploaded image, as `gs://bucket/path`, deleted after the batch. */
  storageObjects: string[];
};

/** `gs://bucket/path` of a download URL (`…/v0/b/{bucket}/o/{path}`), or null. */
export function gsUrlOfDownloadUrl(url: string): string | null {
  const bucket = /\/v0\/b\/([^/]+)\/o\//.exec(url)?.[1];
  const path = storagePathOfDownloadUrl(url);
  return bucket === undefined || path === null ? null : `gs://${bucket}/${path}`;
}

/**
 * Leftovers in batches of up to 500 deletes; the record goes with the last one that has room
 * (a batch of its own when the last is full), so the record outlives every leftover.
 */
export function leftoverBatches(children: readonly ShowcaseChild[]): LeftoverBatch[] {
  const batches: LeftoverBatch[] = [];
  for (let start = 0; start < children.length; start += WRITES_PER_BATCH)
    batches.push({
      children: children.slice(start, start + WRITES_PER_BATCH),
      deleteRecord: false,
    });
  const last = batches.at(-1);
  if (last !== undefined && last.children.length < WRITES_PER_BATCH) last.deleteRecord = true;
  else batches.push({ children: [], deleteRecord: true });
  return batches;
}

/**
 * What deleting `showcase` removes, knowing `children` (its likes and comments as read;
 * `complete` false when read from this device's cache, which may lack some). Only objects under
 * its owner's own path for this showcase: the rules allow no other URL in `images`, and a legacy
 * `imageUrl` (an address typed by hand) is never ours to delete.
 */
export function planShowcaseDeletion(
  showcase: Pick<Showcase, 'id' | 'ownerUid' | 'images'>,
  children: readonly ShowcaseChild[],
  complete = true,
): ShowcaseDeletionPlan {
  const folder = `users/${showcase.ownerUid}/showcases/${showcase.id}/`;
  const storageObjects = [
    ...new Set(
      showcase.images.flatMap((image) =>
        image.sizes.flatMap((size) => {
          const object = gsUrlOfDownloadUrl(size.url);
          return object !== null && object.split('/').slice(3).join('/').startsWith(folder)
            ? [object]
            : [];
        }),
      ),
    ),
  ];
  // The showcase itself takes one write; the record, when needed, another.
  const fits = complete && children.length <= WRITES_PER_BATCH - 1;
  if (fits) return { first: [...children], record: false, storageObjects };
  return { first: children.slice(0, WRITES_PER_BATCH - 2), record: true, storageObjects };
}
