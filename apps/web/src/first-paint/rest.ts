import type { RestFields, Showcase } from '@showcase/schema';
import { fromFields, readShowcase, safeHttpUrl } from '@showcase/schema';
import { FIRST_STEP_CARDS } from '../lib/showcases/grid-steps';
import type { FirstPaintRoute } from './route';

/**
 * Cards a first paint asks for: exactly the gallery's first rendering step (a desktop's first
 * screen), so no card drawn here vanishes at the hand-over while the app renders the rest.
 */
export const FIRST_PAINT_CARDS = FIRST_STEP_CARDS;

/** Where Firestore's REST API is: production with the API key, or the emulator the app uses. */
export type RestTarget = { origin: string; projectId: string; apiKey: string | null };

/** One REST call: its URL and what `fetch` needs besides. */
export type RestRequest = { url: string; init: RequestInit };

function documentsUrl(target: RestTarget, suffix: string): string {
  const key = target.apiKey === null ? '' : `?key=${encodeURIComponent(target.apiKey)}`;
  return `${target.origin}/v1/projects/${encodeURIComponent(target.projectId)}/databases/(default)/documents${suffix}${key}`;
}

const field = (fieldPath: string) => ({ fieldPath });

/**
 * The request for what the route shows: the gallery's query (the one `showcasesQuery` builds:
 * published, an optional tag, most liked and/or newest first) or the showcase's document.
 */
export function firstPaintRequest(target: RestTarget, route: FirstPaintRoute): RestRequest {
  if (route.kind === 'showcase') {
    return { url: documentsUrl(target, `/showcases/${encodeURIComponent(route.id)}`), init: {} };
  }
  const filters: unknown[] = [
    {
      fieldFilter: { field: field('status'), op: 'EQUAL', value: { stringValue: 'published' } },
    },
  ];
  if (route.tag !== null) {
    filters.push({
      fieldFilter: {
        field: field('tags'),
        op: 'ARRAY_CONTAINS',
        value: { stringValue: route.tag },
      },
    });
  }
  const orderBy = [{ field: field('createdAt'), direction: 'DESCENDING' }];
  if (route.sort === 'liked')
    orderBy.unshift({ field: field('likeCount'), direction: 'DESCENDING' });
  const structuredQuery = {
    from: [{ collectionId: 'showcases' }],
    where: filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } },
    orderBy,
    limit: FIRST_PAINT_CARDS,
  };
  return {
    url: documentsUrl(target, ':runQuery'),
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ structuredQuery }),
    },
  };
}

/**
 * A REST `Document` as the showcase the app would show, read by the schema's defensive reader,
 * or null when it is not one a visitor may see (not published), has no name, or does not decode.
 * Only published showcases are drawn: the app shows a draft only to its owner, and the first
 * paint reads as nobody.
 */
export function readFirstPaintShowcase(document: unknown): Showcase | null {
  if (typeof document !== 'object' || document === null) return null;
  const { name, fields } = document as { name?: unknown; fields?: unknown };
  if (typeof name !== 'string') return null;
  let data: Record<string, unknown>;
  try {
    data = fromFields(fields as RestFields | undefined);
  } catch {
    return null;
  }
  const id = decodeURIComponent(name.slice(name.lastIndexOf('/') + 1));
  const showcase = readShowcase(id, data, false);
  if (showcase.status !== 'published') return null;
  // The image is fetched before the app's own check (`ShowcaseImage`) could refuse it.
  return { ...showcase, imageUrl: safeHttpUrl(showcase.imageUrl) };
}

/**
 * The showcases in a REST answer: a document (GET) or a runQuery's stream of results. Null when
 * the answer holds nothing to draw (a draft, an empty gallery).
 */
export function readFirstPaintAnswer(route: FirstPaintRoute, body: unknown): Showcase[] | null {
  const showcases =
    route.kind === 'showcase'
      ? [readFirstPaintShowcase(body)]
      : Array.isArray(body)
        ? body.map((result) => readFirstPaintShowcase((result as { document?: unknown }).document))
        : [];
  // A gallery result the app would not show either would misplace every card after it.
  if (showcases.some((showcase) => showcase === null)) return null;
  return showcases.length > 0 ? (showcases as Showcase[]) : null;
}

/** Reads what the route's first screen shows, as nobody; null when there is nothing to draw. */
export async function readFirstScreen(
  target: RestTarget,
  route: FirstPaintRoute,
): Promise<Showcase[] | null> {
  const request = firstPaintRequest(target, route);
  const response = await fetch(request.url, { ...request.init, credentials: 'omit' });
  if (!response.ok) return null;
  return readFirstPaintAnswer(route, await response.json());
}
