import { useSyncExternalStore } from 'react';
import { galleryParams, paths } from '../../config/paths';

/** The gallery's own query parameters: what a link back to it keeps. */
const GALLERY_PARAMS = [
  galleryParams.feed,
  galleryParams.sort,
  galleryParams.tag,
  galleryParams.search,
] as const;

/** `/` with the sort, tag and search text of `search` (a location's `?…`), in a fixed order. */
export function galleryHref(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of GALLERY_PARAMS) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${paths.home}?${query}` : paths.home;
}

export type GalleryLinkStore = {
  /** The gallery was shown with this `?…`. */
  remember(search: string): void;
  href(): string;
  subscribe(listener: () => void): () => void;
};

export function createGalleryLinkStore(): GalleryLinkStore {
  let href: string = paths.home;
  const listeners = new Set<() => void>();
  return {
    remember(search) {
      const next = galleryHref(search);
      if (next === href) return;
      href = next;
      for (const listener of listeners) listener();
    },
    href: () => href,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The gallery as this tab last showed it: the app bar's and the pages' Gallery links. */
export const galleryLink = createGalleryLinkStore();

/** The href of a link back to the gallery, keeping the sort, tag and search the reader chose. */
export function useGalleryHref(): string {
  return useSyncExternalStore(galleryLink.subscribe, galleryLink.href, galleryLink.href);
}
