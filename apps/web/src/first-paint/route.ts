import { isDocumentId, parseTags, TAG_PATTERN } from '@showcase/schema';
import { galleryParams } from '../config/paths';

/** What a first paint can show: the gallery's first cards, one showcase, or a maker's profile. */
export type FirstPaintRoute =
  | { kind: 'gallery'; sort: 'newest' | 'liked'; tag: string | null }
  | { kind: 'showcase'; id: string }
  | { kind: 'profile'; uid: string };

/**
 * The route the first paint knows how to draw, or null. It is strict on purpose: the gallery's
 * default sort, `?sort=liked` and one valid `?tag=`, or a showcase's or a profile's own address
 * with no query.
 * A search (`?q=`), any other parameter or a value the app would read differently: null, and
 * the app starts as it would without a first paint.
 */
export function matchFirstPaintRoute(pathname: string, search: string): FirstPaintRoute | null {
  const params = new URLSearchParams(search);
  if (pathname === '/') return matchGallery(params);
  if ([...params.keys()].length > 0) return null;
  const showcase = documentIdIn(/^\/s\/([^/]+)$/u, pathname);
  if (showcase !== null) return { kind: 'showcase', id: showcase };
  const profile = documentIdIn(/^\/u\/([^/]+)$/u, pathname);
  return profile === null ? null : { kind: 'profile', uid: profile };
}

/** The document id `pattern`'s one group names in `pathname`, decoded; null for none or a bad one. */
function documentIdIn(pattern: RegExp, pathname: string): string | null {
  const match = pattern.exec(pathname);
  if (match === null) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isDocumentId(id) ? id : null;
}

function matchGallery(params: URLSearchParams): FirstPaintRoute | null {
  let sort: 'newest' | 'liked' = 'newest';
  let tag: string | null = null;
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (seen.has(name)) return null;
    seen.add(name);
    if (name === galleryParams.sort && (value === 'newest' || value === 'liked')) sort = value;
    else if (name === galleryParams.tag && isPlainTag(value)) tag = value;
    else return null;
  }
  return { kind: 'gallery', sort, tag };
}

/** A tag exactly as the gallery writes it into its URL. */
function isPlainTag(value: string): boolean {
  const tags = parseTags(value);
  return tags.length === 1 && tags[0] === value && TAG_PATTERN.test(value);
}
