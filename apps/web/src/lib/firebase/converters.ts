import type {
  DocumentData,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  SnapshotOptions,
} from 'firebase/firestore';

/**
 * Plain, typed values the screens use. Snapshots become these at the boundary (here), so no
 * component ever sees a Timestamp, a DocumentSnapshot or a field of the wrong type.
 */
export type ShowcaseStatus = 'draft' | 'published';

export type Showcase = {
  id: string;
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  tags: string[];
  status: ShowcaseStatus;
  ownerUid: string;
  ownerName: string;
  /** Server time; an estimate while the write that set it is pending; null if absent. */
  createdAt: Date | null;
  updatedAt: Date | null;
  likeCount: number;
  /** This document has local changes the server has not confirmed yet. */
  pending: boolean;
};

export type UserProfile = {
  uid: string;
  displayName: string;
  photoURL: string | null;
  createdAt: Date | null;
  pending: boolean;
};

export type Like = { uid: string; createdAt: Date | null; pending: boolean };

type Fields = Readonly<Record<string, unknown>>;

/** A Firestore Timestamp (anything with `toDate()`), a Date, or null. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object' && value !== null && 'toDate' in value) {
    const { toDate: convert } = value as { toDate: unknown };
    if (typeof convert === 'function') {
      const date: unknown = convert.call(value);
      if (date instanceof Date && !Number.isNaN(date.getTime())) return date;
    }
  }
  return null;
}

// Documents can be written by anything holding a token (or by the emulator's owner), so every
// field is read defensively: a wrong type becomes the empty value, never a crash or an object.
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function showcaseFromFields(id: string, data: Fields, pending: boolean): Showcase {
  return {
    id,
    title: text(data.title),
    description: text(data.description),
    url: text(data.url),
    imageUrl: optionalText(data.imageUrl),
    tags: stringList(data.tags),
    status: data.status === 'published' ? 'published' : 'draft',
    ownerUid: text(data.ownerUid),
    ownerName: text(data.ownerName),
    createdAt: toDate(data.createdAt),
    updatedAt: toDate(data.updatedAt),
    likeCount: count(data.likeCount),
    pending,
  };
}

export function userProfileFromFields(uid: string, data: Fields, pending: boolean): UserProfile {
  return {
    uid,
    displayName: text(data.displayName),
    photoURL: optionalText(data.photoURL),
    createdAt: toDate(data.createdAt),
    pending,
  };
}

export function likeFromFields(uid: string, data: Fields, pending: boolean): Like {
  return { uid, createdAt: toDate(data.createdAt), pending };
}

// Pending server timestamps read as the local estimate instead of null, so a new showcase sorts
// and shows a date at once.
const readOptions = (options: SnapshotOptions): SnapshotOptions => ({
  ...options,
  serverTimestamps: 'estimate',
});

function makeConverter<T>(
  read: (id: string, data: Fields, pending: boolean) => T,
  write: (value: T) => DocumentData,
): FirestoreDataConverter<T, DocumentData> {
  return {
    toFirestore: (value) => write(value as T),
    fromFirestore: (snapshot: QueryDocumentSnapshot, options: SnapshotOptions) =>
      read(snapshot.id, snapshot.data(readOptions(options)), snapshot.metadata.hasPendingWrites),
  };
}

// Writes build their payloads explicitly (server timestamps, increments) in showcases.ts and
// likes.ts; these `toFirestore`s are the plain stored shape, without server-managed fields.
export const showcaseConverter = makeConverter(showcaseFromFields, (showcase) => ({
  title: showcase.title,
  description: showcase.description,
  url: showcase.url,
  ...(showcase.imageUrl === null ? {} : { imageUrl: showcase.imageUrl }),
  tags: showcase.tags,
  status: showcase.status,
  ownerUid: showcase.ownerUid,
  ownerName: showcase.ownerName,
}));

export const userProfileConverter = makeConverter(userProfileFromFields, (profile) => ({
  displayName: profile.displayName,
  photoURL: profile.photoURL,
}));

export const likeConverter = makeConverter(likeFromFields, () => ({}));
