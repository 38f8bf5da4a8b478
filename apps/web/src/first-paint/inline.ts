import type { Showcase } from '@showcase/schema';
import type { FirstPaintRoute } from './route';
import { readFirstPaintAnswer } from './rest';

/**
 * The element the link-preview function (functions/, behind Hosting's rewrite of `/s/*`) puts
 * into a showcase page's head: the showcase's document as Firestore's REST API would answer a
 * GET of it, read with the same one document read that made the preview.
 */
export const INLINE_DATA_ID = 'first-paint-data';

/**
 * The first screen's showcases from the text of the page's inline data element, or null when there is none
 * for this route (the service worker's copy of index.html, any other host, a draft): then the
 * first paint reads them over REST as before.
 */
export function readInlinedAnswer(
  route: FirstPaintRoute,
  text: string | null | undefined,
): Showcase[] | null {
  if (route.kind !== 'showcase' || !text) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const name = (body as { name?: unknown } | null)?.name;
  // Only the document this address names.
  if (typeof name !== 'string' || !name.endsWith(`/showcases/${encodeURIComponent(route.id)}`))
    return null;
  return readFirstPaintAnswer(route, body);
}
