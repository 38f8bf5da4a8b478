/**
 * Where the app bar's search leads, as pure functions of the location: the gallery with `?q=`,
 * keeping its sort and tag. Typing from another screen pushes one history entry; later
 * keystrokes replace it (Back does not step through every letter).
 */
import { galleryParams, paths } from '../../config/paths';

type SearchLocation = { pathname: string; search: string; state: unknown };

/** History state of an entry the search field made: the next keystrokes replace it. */
export const searchEntryState = { madeBySearch: true } as const;

function madeBySearch(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'madeBySearch' in state;
}

/** The gallery's query: its own URL's on the gallery, elsewhere the one `galleryHref` keeps. */
function galleryQuery(location: SearchLocation, galleryHref: string): URLSearchParams {
  if (location.pathname === paths.home) return new URLSearchParams(location.search);
  const start = galleryHref.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : galleryHref.slice(start));
}

/**
 * The search the field shows: the gallery's `q`, or elsewhere the one the gallery link keeps
 * (`galleryHref`), so a showcase opened from the results still shows what found it.
 */
export function shownSearchText(location: SearchLocation, galleryHref: string): string {
  return galleryQuery(location, galleryHref).get(galleryParams.search) ?? '';
}

export type SearchNavigation = { to: string; replace: boolean };

/**
 * The navigation that shows the results for `text`, or null when there is nothing to do: the
 * gallery already shows it, or the field was emptied on another screen (it leaves the screen
 * alone). The sort and tag come from the gallery's URL, or elsewhere from `galleryHref`.
 */
export function searchNavigation(
  text: string,
  location: SearchLocation,
  galleryHref: string,
): SearchNavigation | null {
  const onGallery = location.pathname === paths.home;
  const query = text.trim();
  if (!onGallery && query === '') return null;
  const params = galleryQuery(location, galleryHref);
  if (query === '') params.delete(galleryParams.search);
  else params.set(galleryParams.search, query);
  const search = params.toString();
  if (onGallery && `?${search}` === (location.search || '?')) return null;
  return {
    to: search ? `${paths.home}?${search}` : paths.home,
    replace: onGallery && madeBySearch(location.state),
  };
}
