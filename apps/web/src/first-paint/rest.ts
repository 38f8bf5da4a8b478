import type { RestFields, Showcase } from '@showcase/schema';
import { fromFields, readShowcase, safeHttpUrl } from '@showcase/schema';
import { FIRST_STEP_CARDS } from '../lib/showcases/grid-steps';
import type { PaintedAnswer, PaintedProfile } from '../lib/first-paint-hand-over';
import type { UserProfile } from '../lib/showcases/profile';
import {
  PROFILE_SHOWCASES_LIMIT,
  profileShowcaseCount,
  userProfileFromFields,
} from '../lib/showcases/profile';
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
const equals = (fieldPath: string, stringValue: string) => ({
  fieldFilter: { field: field(fieldPath), op: 'EQUAL', value: { stringValue } },
});

/** A route whose first paint is showcases alone: the gallery's, or one showcase's. */
export type ShowcasesRoute = Exclude<FirstPaintRoute, { kind: 'profile' }>;

/**
 * The request for what the route shows: the gallery's query (the one `showcasesQuery` builds:
 * published, an optional tag, most liked and/or newest first) or the showcase's document.
 */
export function firstPaintRequest(target: RestTarget, route: ShowcasesRoute): RestRequest {
  if (route.kind === 'showcase') {
    return { url: documentsUrl(target, `/showcases/${encodeURIComponent(route.id)}`), init: {} };
  }
  const filters: unknown[] = [equals('status', 'published')];
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
  return post(target, ':runQuery', { structuredQuery });
}

function post(target: RestTarget, suffix: string, body: unknown): RestRequest {
  return {
    url: documentsUrl(target, suffix),
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
  };
}

/**
 * A profile's reads: its document, its first cards (the query `userShowcasesQuery` builds:
 * the member's published showcases, newest first) and how many the page counts (up to its
 * limit, past which it says "60+").
 */
export function profileRequests(
  target: RestTarget,
  uid: string,
): { profile: RestRequest; showcases: RestRequest; count: RestRequest } {
  const published = {
    from: [{ collectionId: 'showcases' }],
    where: {
      compositeFilter: {
        op: 'AND',
        filters: [equals('ownerUid', uid), equals('status', 'published')],
      },
    },
    orderBy: [{ field: field('createdAt'), direction: 'DESCENDING' }],
  };
  return {
    profile: { url: documentsUrl(target, `/users/${encodeURIComponent(uid)}`), init: {} },
    showcases: post(target, ':runQuery', {
      structuredQuery: { ...published, limit: FIRST_PAINT_CARDS },
    }),
    count: post(target, ':runAggregationQuery', {
      structuredAggregationQuery: {
        structuredQuery: published,
        aggregations: [{ alias: 'shown', count: { upTo: PROFILE_SHOWCASES_LIMIT } }],
      },
    }),
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
export function readFirstPaintAnswer(route: ShowcasesRoute, body: unknown): Showcase[] | null {
  if (route.kind === 'showcase') {
    const showcase = readFirstPaintShowcase(body);
    return showcase === null ? null : [showcase];
  }
  return readQueryResults(body);
}

/**
 * A runQuery's stream of results as showcases; null for none (its one result then carries no
 * document) or when one would not be shown: it would misplace every card after it.
 */
function readQueryResults(body: unknown): Showcase[] | null {
  if (!Array.isArray(body)) return null;
  const showcases = body.map((result) =>
    readFirstPaintShowcase((result as { document?: unknown }).document),
  );
  if (showcases.some((showcase) => showcase === null)) return null;
  return showcases.length > 0 ? (showcases as Showcase[]) : null;
}

/** A REST call's JSON answer, or null when it failed (a refused read, a missing document). */
async function restAnswer(request: RestRequest): Promise<unknown> {
  const response = await fetch(request.url, { ...request.init, credentials: 'omit' });
  return response.ok ? ((await response.json()) as unknown) : null;
}

/** Reads what the route's first screen shows, as nobody; null when there is nothing to draw. */
export async function readFirstScreen(
  target: RestTarget,
  route: FirstPaintRoute,
): Promise<PaintedAnswer | null> {
  if (route.kind === 'profile') return readProfileScreen(target, route.uid);
  const answer = await restAnswer(firstPaintRequest(target, route));
  return answer === null ? null : readFirstPaintAnswer(route, answer);
}

/**
 * A profile's reads as the page shows them, or null when there is nothing to draw: no profile
 * document, no published showcase (the page then says so, or shows its owner's prompt), or an
 * answer that does not decode.
 */
export function readProfileAnswer(
  uid: string,
  answers: { profile: unknown; showcases: unknown; count: unknown },
): PaintedProfile | null {
  const { profile: document, showcases: results, count: aggregation } = answers;
  if (typeof document !== 'object' || document === null) return null;
  let profile: UserProfile;
  try {
    profile = userProfileFromFields(
      uid,
      fromFields((document as { fields?: RestFields }).fields),
      false,
    );
  } catch {
    return null;
  }
  const showcases = readQueryResults(results);
  if (showcases === null || showcases.some((showcase) => showcase.ownerUid !== uid)) return null;
  const count = Number(
    (
      aggregation as [{ result?: { aggregateFields?: { shown?: { integerValue?: unknown } } } }]
    )?.[0]?.result?.aggregateFields?.shown?.integerValue,
  );
  if (!Number.isInteger(count) || count < showcases.length) return null;
  return {
    profile,
    showcases,
    showcaseCount: profileShowcaseCount(count),
  };
}

/** Reads a profile's first screen, as nobody (three calls at once); null: nothing to draw. */
export async function readProfileScreen(
  target: RestTarget,
  uid: string,
): Promise<PaintedProfile | null> {
  const requests = profileRequests(target, uid);
  const [profile, showcases, count] = await Promise.all([
    restAnswer(requests.profile),
    restAnswer(requests.showcases),
    restAnswer(requests.count),
  ]);
  return readProfileAnswer(uid, { profile, showcases, count });
}
