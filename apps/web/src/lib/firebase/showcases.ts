import type { DocumentReference, Firestore, Query, QueryConstraint } from 'firebase/firestore';
import { collection, doc, limit, orderBy, query, where } from './sdk';
import type { Showcase } from '@showcase/schema';
import { showcaseConverter } from './converters';

/**
 * Every showcase query of the app lives here, once; the editor's writes are in
 * showcase-writes.ts and a deletion in showcase-deletion.ts, so a screen that only reads loads
 * neither.
 */
export type GallerySort = 'newest' | 'liked';

/**
 * `searchTerm` is one stored search term (`searchPlan(text).term`). Firestore allows one
 * `array-contains` per query, so a query narrows by a tag or by a search term, never both.
 */
export type GalleryQueryOptions = {
  sort: GallerySort;
  tag: string | null;
  searchTerm?: string | null;
  limit: number;
};

export type ShowcaseOwner = { uid: string; name: string };

export const SHOWCASES = 'showcases';

export function showcasesCollection(db: Firestore) {
  return collection(db, SHOWCASES).withConverter(showcaseConverter);
}

export function showcaseRef(db: Firestore, id: string): DocumentReference<Showcase> {
  return doc(db, SHOWCASES, id).withConverter(showcaseConverter);
}

/** A fresh client-chosen id: picked when a draft starts, reused by every retry of its first save. */
export function newShowcaseId(db: Firestore): string {
  return doc(collection(db, SHOWCASES)).id;
}

/**
 * Published showcases for the gallery, newest first or most liked first, optionally narrowed by
 * a tag or a search term.
 */
export function showcasesQuery(db: Firestore, options: GalleryQueryOptions): Query<Showcase> {
  const searchTerm = options.searchTerm ?? null;
  if (options.tag !== null && searchTerm !== null) {
    throw new Error('A gallery query narrows by a tag or by a search term, not both.');
  }
  const constraints: QueryConstraint[] = [where('status', '==', 'published')];
  if (options.tag !== null) constraints.push(where('tags', 'array-contains', options.tag));
  if (searchTerm !== null) constraints.push(where('searchTerms', 'array-contains', searchTerm));
  if (options.sort === 'liked') constraints.push(orderBy('likeCount', 'desc'));
  constraints.push(orderBy('createdAt', 'desc'), limit(options.limit));
  return query(showcasesCollection(db), ...constraints);
}

/** Everything the signed-in user owns, drafts included (the rules let only the owner read drafts). */
export function myShowcasesQuery(db: Firestore, uid: string): Query<Showcase> {
  return query(showcasesCollection(db), where('ownerUid', '==', uid), orderBy('updatedAt', 'desc'));
}

/** A member's published showcases, for their public profile. */
export function userShowcasesQuery(db: Firestore, uid: string, max: number): Query<Showcase> {
  return query(
    showcasesCollection(db),
    where('ownerUid', '==', uid),
    where('status', '==', 'published'),
    orderBy('createdAt', 'desc'),
    limit(max),
  );
}
