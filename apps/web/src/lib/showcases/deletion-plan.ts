import type { Showcase } from '@showcase/schema';
import { storagePathOfDownloadUrl } from '@showcase/schema';

/**
 * The rules let an owner delete a showcase's likes only in the batch that deletes the showcase
 * (a kept showcase keeps every like its count counts), and a batch holds at most 500 writes:
 * the showcase and up to this many likes.
 */
export const LIKES_PER_DELETION_MAX = 499;

export type ShowcaseDeletionPlan = {
  /** The like documents deleted with the showcase, in its batch. */
  likeIds: string[];
  /** Likes beyond the batch's room: left behind, unreadable once the showcase is gone. */
  likesLeft: number;
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
 * What deleting `showcase` removes. Only objects under its owner's own path for this showcase:
 * the rules allow no other URL in `images`, and a legacy `imageUrl` (an address typed by hand)
 * is never ours to delete.
 */
export function planShowcaseDeletion(
  showcase: Pick<Showcase, 'id' | 'ownerUid' | 'images'>,
  likeIds: readonly string[],
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
  return {
    likeIds: likeIds.slice(0, LIKES_PER_DELETION_MAX),
    likesLeft: Math.max(0, likeIds.length - LIKES_PER_DELETION_MAX),
    storageObjects,
  };
}
