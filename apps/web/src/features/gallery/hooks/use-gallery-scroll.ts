import { useEffect, useLayoutEffect, useRef } from 'react';
import type { GalleryPlace } from '../gallery-places';
import { galleryPlaces } from '../gallery-places';
import { currentEntryKey } from '../../../lib/navigation/entry-key';

/**
 * Keeps the gallery's scroll position in its history entry's place, and on Back/Forward scrolls
 * back to it once the cards are in (`ready`). React Router's scroll restoration
 * (app/routes/navigation-effects.tsx) restores when the route renders, which for the gallery is
 * before its live query has answered, when the page is only as tall as its skeletons.
 */
export function useGalleryScroll(
  entryKey: string,
  family: string,
  returningTo: GalleryPlace | null,
  ready: boolean,
): void {
  useEffect(() => {
    const record = () => {
      // The scroll that follows a navigation away belongs to the next entry, not this one.
      if (currentEntryKey(window.history.state) !== entryKey) return;
      galleryPlaces.update(entryKey, family, { scrollY: Math.round(window.scrollY) });
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [entryKey, family]);

  const restoredEntry = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!ready || returningTo === null || restoredEntry.current === entryKey) return;
    restoredEntry.current = entryKey;
    if (Math.abs(window.scrollY - returningTo.scrollY) > 1) window.scrollTo(0, returningTo.scrollY);
  }, [ready, returningTo, entryKey]);
}
