import { useState } from 'react';
import type { Showcase } from '@showcase/schema';
import { showcaseRef } from '../lib/firebase/showcases';
import type { SnapshotState } from '../lib/firebase/use-snapshot';
import { useDocSnapshot } from '../lib/firebase/use-snapshot';
import { paintedShowcases } from '../lib/first-paint-hand-over';
import { hrefs } from '../config/paths';

/**
 * One showcase, live. `data: null` means it does not exist (or is not ours to read). On the
 * address the first paint drew, its showcase shows until the listener's first answer.
 */
export function useShowcase(id: string | undefined, attempt = 0): SnapshotState<Showcase | null> {
  // Read once: only the listener's first render takes it.
  const [initial] = useState(() => {
    const painted = id ? paintedShowcases(hrefs.showcase(id)) : null;
    return painted?.length === 1 ? { data: painted[0]! } : null;
  });
  return useDocSnapshot(showcaseRef, id ? [id] : null, { attempt, initial });
}
