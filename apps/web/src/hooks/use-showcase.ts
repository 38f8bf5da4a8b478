import type { Showcase } from '@showcase/schema';
import { showcaseRef } from '../lib/firebase/showcases';
import type { SnapshotState } from '../lib/firebase/use-snapshot';
import { useDocSnapshot } from '../lib/firebase/use-snapshot';

/** One showcase, live. `data: null` means it does not exist (or is not ours to read). */
export function useShowcase(id: string | undefined, attempt = 0): SnapshotState<Showcase | null> {
  return useDocSnapshot(showcaseRef, id ? [id] : null, { attempt });
}
