import { useState } from 'react';
import type { Showcase } from '@showcase/schema';
import { sameShowcase } from '@showcase/schema';
import { canonicalKey } from '../../../lib/firebase/listen-key';
import type { GallerySort } from '../../../lib/firebase/showcases';
import { showcasesQuery } from '../../../lib/firebase/showcases';
import type { SnapshotState } from '../../../lib/firebase/use-snapshot';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import type { GalleryAcknowledgement, GalleryWindow } from '../gallery-window';
import {
  acknowledgeAll,
  acknowledgeFirstResult,
  galleryQueryLimit,
  galleryWindow,
  noAcknowledgement,
} from '../gallery-window';

export type Gallery = {
  snapshot: SnapshotState<Showcase[]>;
  window: GalleryWindow<Showcase>;
  /** Load more was asked and the larger result is not in yet. */
  loadingMore: boolean;
  loadMore(): void;
  /** Show the showcases held behind the "N new showcases" button. */
  showNew(): void;
  retry(): void;
};

type PerFamily<T> = { family: string; value: T };

/**
 * The gallery's live query with a growing limit (Load more) and new-item holding. Everything is
 * reset when the sort or the tag changes.
 */
export function useGallery(sort: GallerySort, tag: string | null, ownUid: string | null): Gallery {
  const connection = useConnectionStatus();
  const [attempt, setAttempt] = useState(0);
  // The gallery's state (pages loaded, what the reader has seen) belongs to one sort and tag.
  const family = canonicalKey({ sort, tag, attempt });
  const [pagesState, setPages] = useState<PerFamily<number>>({ family, value: 1 });
  const [ackState, setAck] = useState<PerFamily<GalleryAcknowledgement>>({
    family,
    value: noAcknowledgement,
  });
  const pages = pagesState.family === family ? pagesState.value : 1;
  let acknowledgement = ackState.family === family ? ackState.value : noAcknowledgement;

  const limit = galleryQueryLimit(pages);
  const snapshot = useQuerySnapshot(showcasesQuery, [{ sort, tag, limit }], {
    family,
    attempt,
    reuse: sameShowcase,
  });
  const live = snapshot.data ?? [];

  // The first result the server vouches for sets what the reader has seen; showcases others
  // publish after it wait behind the button. (A cached first result may be stale: not yet.)
  if (snapshot.status === 'success' && !snapshot.fromCache) {
    const next = acknowledgeFirstResult(live, acknowledgement);
    if (next !== acknowledgement) {
      acknowledgement = next;
      setAck({ family, value: next });
    }
  }

  const window = galleryWindow(live, acknowledgement, ownUid, pages);
  const loadingMore =
    snapshot.stale ||
    (pages > 1 && snapshot.fromCache && connection !== 'offline' && live.length < limit);

  return {
    snapshot,
    window,
    loadingMore,
    loadMore: () => setPages({ family, value: pages + 1 }),
    showNew: () => setAck({ family, value: acknowledgeAll(live, acknowledgement) }),
    retry: () => setAttempt((value) => value + 1),
  };
}
