import type { Activity, Edge, Showcase, ShowcaseComment } from '@showcase/schema';
import { readActivity, readComment, readEdge, readShowcase, toDate } from '@showcase/schema';
import { userProfileFromFields } from '../showcases/profile';
import type {
  DocumentData,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  SnapshotOptions,
} from 'firebase/firestore';

/**
 * Plain, typed values the screens use. Snapshots become these at the boundary (here), so no
 * component ever sees a Timestamp, a DocumentSnapshot or a field of the wrong type. A
 * showcase's type and its defensive reader are @showcase/schema's `Showcase` and `readShowcase`;
 * a profile's are `lib/showcases/profile.ts`'s (the first paint reads profiles too).
 */
export type { UserProfile } from '../showcases/profile';
export { userProfileFromFields };

export type Like = { uid: string; createdAt: Date | null; pending: boolean };

type Fields = Readonly<Record<string, unknown>>;

export function likeFromFields(uid: string, data: Fields, pending: boolean): Like {
  return { uid, createdAt: toDate(data.createdAt), pending };
}

// Pending server timestamps read as the local estimate instead of null, so a new showcase sorts
// and shows a date at once.
const readOptions = (options: SnapshotOptions): SnapshotOptions => ({
  ...options,
  serverTimestamps: 'estimate',
});

/**
 * Converters for reading only. Writes build their payloads where they happen (server
 * timestamps, increments, field deletes: lib/firebase/showcases.ts, likes.ts, profiles.ts) on
 * references without a converter, so a converter's `toFirestore` is never reached.
 */
function readingConverter<T>(
  read: (id: string, data: Fields, pending: boolean) => T,
): FirestoreDataConverter<T, DocumentData> {
  return {
    toFirestore: () => {
      throw new Error('Read-only converter: write through a reference without a converter.');
    },
    fromFirestore: (snapshot: QueryDocumentSnapshot, options: SnapshotOptions) =>
      read(snapshot.id, snapshot.data(readOptions(options)), snapshot.metadata.hasPendingWrites),
  };
}

export const showcaseConverter = readingConverter<Showcase>(readShowcase);
/** A follow edge or a saved showcase: its id (the other uid, or the showcase's) and time. */
export const edgeConverter = readingConverter<Edge>(readEdge);
/** Null for an activity of a type this app does not know (skip it). */
export const activityConverter = readingConverter<Activity | null>(readActivity);
/** A comment knows its showcase (the parent of its collection). */
export const commentConverter: FirestoreDataConverter<ShowcaseComment, DocumentData> = {
  toFirestore: () => {
    throw new Error('Read-only converter: write through a reference without a converter.');
  },
  fromFirestore: (snapshot: QueryDocumentSnapshot, options: SnapshotOptions) =>
    readComment(
      snapshot.ref.parent.parent?.id ?? '',
      snapshot.id,
      snapshot.data(readOptions(options)),
      snapshot.metadata.hasPendingWrites,
    ),
};
export const userProfileConverter = readingConverter(userProfileFromFields);
export const likeConverter = readingConverter(likeFromFields);
