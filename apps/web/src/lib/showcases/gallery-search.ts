/**
 * Search in the gallery, as pure functions: what `?q=` asks for, which results pass the checks
 * Firestore cannot do in the same query, and what the screen says about it.
 */
import type { SearchPlan } from '@showcase/schema';
import { matchesSearch, searchPlan, searchTermsFor } from '@showcase/schema';

/** The gallery's search: the text as typed (`?q=`) and how to run it (null: no word in it). */
export type GallerySearch = { text: string; plan: SearchPlan | null };

/** `?q=` as the gallery reads it; null when there is no search (absent or only spaces). */
export function readSearch(value: string | null): GallerySearch | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : { text, plan: searchPlan(text) };
}

type Searchable = { title: string; tags: readonly string[] };

/**
 * What a search result must also satisfy on this device: every other typed word, and the tag
 * when one is chosen (Firestore allows one `array-contains` per query, and the search term
 * takes it). The terms are derived from the title and tags the card shows, so a result always
 * agrees with what the reader sees, also for a document written before terms were stored.
 */
export function searchResultFilter(
  plan: SearchPlan,
  tag: string | null,
): (showcase: Searchable) => boolean {
  return (showcase) =>
    (tag === null || showcase.tags.includes(tag)) &&
    matchesSearch(searchTermsFor(showcase.title, showcase.tags), plan);
}

/** The screen's heading and document title: what the grid shows. */
export function galleryHeading(tag: string | null, search: GallerySearch | null): string {
  const tagged = tag === null ? '' : ` tagged #${tag}`;
  return search === null ? `Showcases${tagged}` : `Results for “${search.text}”${tagged}`;
}

/** What search looks at, for text it cannot use and for an empty result. */
export const SEARCH_SCOPE =
  'Search finds published showcases by the start of any word in their title or tags, for example “lan” for “Lantern”.';
