import { safeHttpUrl } from '@showcase/schema';
import { FIRST_STEP_CARDS } from '../features/showcases/grid-steps';
import type { FirstPaintRoute } from './route';

/**
 * Cards a first paint asks for: exactly the gallery's first rendering step (a desktop's first
 * row), so no card drawn here vanishes at the hand-over while the app renders the rest.
 */
export const FIRST_PAINT_CARDS = FIRST_STEP_CARDS;

/** The part of a showcase a first paint draws. */
export type FirstPaintShowcase = {
  id: string;
  title: string;
  ownerName: string;
  description: string;
  imageUrl: string | null;
  imageAlt: string | null;
  ownerUid: string;
  tags: string[];
  likeCount: number;
  createdAt: Date | null;
  updatedAt: Date | null;
};

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

/** A REST `Value` as plain JSON: strings, numbers, booleans, null, arrays and maps. */
export function decodeValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if ('stringValue' in v) return v.stringValue;
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('booleanValue' in v) return v.booleanValue;
  if ('nullValue' in v) return null;
  if ('timestampValue' in v) return v.timestampValue;
  if ('arrayValue' in v) {
    const values = (v.arrayValue as { values?: unknown[] } | null)?.values ?? [];
    return values.map(decodeValue);
  }
  if ('mapValue' in v) {
    return decodeFields((v.mapValue as { fields?: unknown } | null)?.fields);
  }
  // References, geo points and bytes: nothing a first paint shows.
  return undefined;
}

function decodeFields(fields: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (typeof fields !== 'object' || fields === null) return result;
  for (const [name, value] of Object.entries(fields)) result[name] = decodeValue(value);
  return result;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function date(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/**
 * A REST `Document` as the showcase a first paint draws, or null when it is not one a visitor
 * may see (not published) or has no name. Only published showcases are drawn: the app shows a
 * draft only to its owner, and the first paint reads as nobody.
 */
export function readFirstPaintShowcase(document: unknown): FirstPaintShowcase | null {
  if (typeof document !== 'object' || document === null) return null;
  const { name, fields } = document as { name?: unknown; fields?: unknown };
  if (typeof name !== 'string') return null;
  const data = decodeFields(fields);
  if (data.status !== 'published') return null;
  const imageAlt = text(data.imageAlt).trim();
  return {
    id: decodeURIComponent(name.slice(name.lastIndexOf('/') + 1)),
    title: text(data.title),
    ownerName: text(data.ownerName),
    description: text(data.description),
    imageUrl: safeHttpUrl(data.imageUrl),
    imageAlt: imageAlt === '' ? null : imageAlt,
    ownerUid: text(data.ownerUid),
    tags: Array.isArray(data.tags) ? data.tags.filter((tag) => typeof tag === 'string') : [],
    likeCount: typeof data.likeCount === 'number' ? data.likeCount : 0,
    createdAt: date(data.createdAt),
    updatedAt: date(data.updatedAt),
  };
}

/**
 * The showcases in a REST answer: a document (GET) or a runQuery's stream of results. Null when
 * the answer holds nothing to draw (a draft, an empty gallery).
 */
export function readFirstPaintAnswer(
  route: FirstPaintRoute,
  body: unknown,
): FirstPaintShowcase[] | null {
  const showcases =
    route.kind === 'showcase'
      ? [readFirstPaintShowcase(body)]
      : Array.isArray(body)
        ? body.map((result) => readFirstPaintShowcase((result as { document?: unknown }).document))
        : [];
  // A gallery result the app would not show either would misplace every card after it.
  if (showcases.some((showcase) => showcase === null)) return null;
  return showcases.length > 0 ? (showcases as FirstPaintShowcase[]) : null;
}
