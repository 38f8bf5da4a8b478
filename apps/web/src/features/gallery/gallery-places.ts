/**
 * Where the reader was in the gallery, per history entry (React Router's `location.key`): how
 * many pages were loaded, how many cards were shown and how far down the page was scrolled.
 * Back and Forward re-create that window with one listener of the right size (not page by
 * page) and return to the same spot once its cards are in.
 */
export type GalleryPlace = {
  /** The sort, tag and search the place belongs to (the gallery's query family). */
  family: string;
  pages: number;
  /** Cards on screen when the reader left: the skeletons shown while they load again. */
  shown: number;
  scrollY: number;
};

export type GalleryPlaces = {
  get(entryKey: string): GalleryPlace | undefined;
  /** Records part of a place; a place of another family starts afresh. */
  update(entryKey: string, family: string, changes: Partial<Omit<GalleryPlace, 'family'>>): void;
};

const FRESH: Omit<GalleryPlace, 'family'> = { pages: 1, shown: 0, scrollY: 0 };

/** An in-memory record of the latest `capacity` entries (a long session forgets its oldest). */
export function createGalleryPlaces(capacity = 100): GalleryPlaces {
  const places = new Map<string, GalleryPlace>();
  return {
    get: (entryKey) => places.get(entryKey),
    update(entryKey, family, changes) {
      const previous = places.get(entryKey);
      const base = previous?.family === family ? previous : { family, ...FRESH };
      // Re-inserted, so the Map's order is least recently written first.
      places.delete(entryKey);
      places.set(entryKey, { ...base, ...changes });
      while (places.size > capacity) {
        const oldest = places.keys().next().value;
        if (oldest === undefined) break;
        places.delete(oldest);
      }
    },
  };
}

/** The places of this tab's history. */
export const galleryPlaces = createGalleryPlaces();
