import {
  IMAGE_ALT_MAX,
  readShowcaseImages,
  sameImages,
  storedImagesProblem,
  type ShowcaseImage,
} from './images.js';
import { SEARCH_TERM_PATTERN, SEARCH_TERMS_MAX } from './search-terms.js';
import { characterCount, isWebUrl } from './web-url.js';

// The one definition of a showcase (`showcases/{id}`). firestore.rules enforces the same limits
// on the server; test/rules.test.ts runs this module's examples through those rules.

export const TITLE_MAX = 80;
export const DESCRIPTION_MAX = 2000;
export const TAGS_MAX = 5;
export const TAG_MAX_LENGTH = 24;
export const OWNER_NAME_MAX = 80;
/** A tag: lower-case letters a–z, digits and hyphens. */
export const TAG_PATTERN = new RegExp(`^[a-z0-9-]{1,${TAG_MAX_LENGTH}}$`);

export const SHOWCASE_STATUSES = ['draft', 'published'] as const;
export type ShowcaseStatus = (typeof SHOWCASE_STATUSES)[number];

/**
 * The editable fields, trimmed, normalized and valid: what the form produces and a save writes.
 * `url` is empty only on a draft; `images` is the uploaded images, cover first.
 */
export type ShowcaseInput = {
  images: ShowcaseImage[];
  title: string;
  description: string;
  url: string;
  tags: string[];
};

export type ShowcaseField = keyof ShowcaseInput;

/** The fields typed as text (the images are picked and uploaded instead). */
export type ShowcaseTextField = Exclude<ShowcaseField, 'images'>;

/** What the form's text fields hold: one raw string each, exactly as typed. */
export type ShowcaseFormValues = Record<ShowcaseTextField, string>;

/**
 * The image a showcase stored before uploads existed: an address typed by hand and its
 * description. It is still shown (cards and the showcase page) but no longer edited; null when
 * there is none.
 */
export type LegacyShowcaseImage = { imageUrl: string | null; imageAlt: string | null };

export type ShowcaseFieldErrors = Partial<Record<ShowcaseField, string>>;

export type ShowcaseFormResult =
  { ok: true; value: ShowcaseInput } | { ok: false; errors: ShowcaseFieldErrors };

/**
 * A stored showcase document: every field firestore.rules accepts, timestamps as Dates (the
 * SDKs and the REST encoders write them as Firestore timestamps). `imageUrl` and `imageAlt` may
 * be absent; `url` may be empty on a draft. `searchTerms` is derived from the title and tags
 * (`searchTermsFor`); documents stored before it existed lack it until edited or migrated.
 */
export type ShowcaseDocument = Omit<ShowcaseInput, 'images'> & {
  images?: ShowcaseImage[];
  imageUrl?: string;
  imageAlt?: string;
  searchTerms: string[];
  status: ShowcaseStatus;
  ownerUid: string;
  ownerName: string;
  createdAt: Date;
  updatedAt: Date;
  likeCount: number;
  /** Absent on showcases stored before comments existed (read as 0). */
  commentCount?: number;
  /** The comment created or deleted with the last `commentCount` change (see audience.ts). */
  lastCommentWrite?: string;
};

export type ShowcaseDocumentField = keyof ShowcaseDocument;

/** Every field of a stored showcase, in the order the rules list them (`showcaseKeys()`). */
export const SHOWCASE_FIELDS = [
  'title',
  'description',
  'url',
  'imageUrl',
  'imageAlt',
  'images',
  'tags',
  'searchTerms',
  'status',
  'ownerUid',
  'ownerName',
  'createdAt',
  'updatedAt',
  'likeCount',
  'commentCount',
  'lastCommentWrite',
] as const satisfies readonly ShowcaseDocumentField[];

/** The fields a stored showcase may leave out (`images`: stored before uploads existed). */
const OPTIONAL_FIELDS: ReadonlySet<ShowcaseDocumentField> = new Set([
  'imageUrl',
  'imageAlt',
  'images',
  'commentCount',
  'lastCommentWrite',
]);

/**
 * A showcase as the app reads it: a plain typed value, whatever the stored document holds.
 * Timestamps are null when absent (an estimate while the write that set them is pending).
 */
export type Showcase = ShowcaseInput &
  LegacyShowcaseImage & {
    id: string;
    /** The stored search terms; empty when the document has none (stored before they existed). */
    searchTerms: string[];
    status: ShowcaseStatus;
    ownerUid: string;
    ownerName: string;
    createdAt: Date | null;
    updatedAt: Date | null;
    likeCount: number;
    /** 0 on showcases stored before comments existed. */
    commentCount: number;
    /** This document has local changes the server has not confirmed yet. */
    pending: boolean;
  };

/**
 * Splits the Tags field on commas and whitespace, lower-cases (tags are case-insensitive to the
 * reader, and the rules only accept lower case) and drops duplicates, keeping the typed order.
 */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/[\s,]+/u)) {
    const tag = raw.trim().replace(/^#/, '').toLowerCase();
    if (tag.length > 0) seen.add(tag);
  }
  return [...seen];
}

/** The form's fields in screen order (the first with an error takes the focus). */
export const SHOWCASE_FORM_FIELDS: readonly ShowcaseField[] = [
  'images',
  'title',
  'description',
  'url',
  'tags',
];

/** What is wrong with a list of tags, in words; undefined when none. */
export const tagsProblem = (tags: readonly string[]): string | undefined => {
  if (tags.length > TAGS_MAX) return `Use at most ${TAGS_MAX} tags (now ${tags.length}).`;
  const bad = tags.find((tag) => !TAG_PATTERN.test(tag));
  if (bad === undefined) return undefined;
  return bad.length > TAG_MAX_LENGTH
    ? `Tags can be at most ${TAG_MAX_LENGTH} characters: "${bad}".`
    : `Tags may use only letters a–z, digits and hyphens: "${bad}".`;
};

// ---- stored documents ---------------------------------------------------------------------

/** Problems of a stored document, by field; `fields` names missing or unknown keys. */
export type ShowcaseDocumentProblems = Partial<Record<ShowcaseDocumentField | 'fields', string>>;

const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && characterCount(value) >= min && characterCount(value) <= max;

const isTimestamp = (value: unknown): boolean =>
  value instanceof Date && !Number.isNaN(value.getTime());

/**
 * What must hold of each stored field (the rules' `isShowcase`), as a short reason when not.
 * `data` is the whole document, for the one field whose rule depends on another (`url`).
 */
const documentChecks: Record<
  ShowcaseDocumentField,
  (value: unknown, data: Readonly<Record<string, unknown>>, id: string | null) => string | undefined
> = {
  title: (value) =>
    isText(value, 1, TITLE_MAX) && value === value.trim()
      ? undefined
      : `a trimmed string of 1–${TITLE_MAX} characters`,
  description: (value) =>
    isText(value, 0, DESCRIPTION_MAX)
      ? undefined
      : `a string of at most ${DESCRIPTION_MAX} characters`,
  url: (value, data) =>
    isWebUrl(value) || (value === '' && data.status === 'draft')
      ? undefined
      : 'an http(s) URL (or empty on a draft)',
  imageUrl: (value) =>
    value === undefined || isWebUrl(value) ? undefined : 'absent or an http(s) URL',
  imageAlt: (value) =>
    value === undefined || isText(value, 0, IMAGE_ALT_MAX)
      ? undefined
      : `absent or a string of at most ${IMAGE_ALT_MAX} characters`,
  images: (value, data, id) =>
    value === undefined
      ? undefined
      : storedImagesProblem(value, typeof data.ownerUid === 'string' ? data.ownerUid : '', id),
  tags: (value) =>
    Array.isArray(value) &&
    new Set(value).size === value.length &&
    value.every((tag) => typeof tag === 'string') &&
    tagsProblem(value as string[]) === undefined
      ? undefined
      : `at most ${TAGS_MAX} distinct tags matching ${TAG_PATTERN.source}`,
  searchTerms: (value) =>
    Array.isArray(value) &&
    value.length <= SEARCH_TERMS_MAX &&
    new Set(value).size === value.length &&
    value.every((term) => typeof term === 'string' && SEARCH_TERM_PATTERN.test(term))
      ? undefined
      : `at most ${SEARCH_TERMS_MAX} distinct terms matching ${SEARCH_TERM_PATTERN.source}`,
  status: (value) =>
    (SHOWCASE_STATUSES as readonly unknown[]).includes(value)
      ? undefined
      : `one of ${SHOWCASE_STATUSES.join(', ')}`,
  ownerUid: (value) => (typeof value === 'string' ? undefined : 'a string'),
  ownerName: (value) =>
    isText(value, 0, OWNER_NAME_MAX)
      ? undefined
      : `a string of at most ${OWNER_NAME_MAX} characters`,
  createdAt: (value) => (isTimestamp(value) ? undefined : 'a timestamp'),
  updatedAt: (value) => (isTimestamp(value) ? undefined : 'a timestamp'),
  likeCount: (value) =>
    Number.isInteger(value) && (value as number) >= 0 ? undefined : 'an integer ≥ 0',
  commentCount: (value) =>
    value === undefined || (Number.isInteger(value) && (value as number) >= 0)
      ? undefined
      : 'absent or an integer ≥ 0',
  lastCommentWrite: (value) =>
    value === undefined || (typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value))
      ? undefined
      : 'absent or a document id',
};

/**
 * Every way `data` falls short of a stored showcase; `{}` when the rules would accept it. `id`
 * is the document's id: its images must live under it (any id of the owner's when null).
 */
export function showcaseDocumentProblems(
  data: Readonly<Record<string, unknown>>,
  id: string | null = null,
): ShowcaseDocumentProblems {
  const problems: ShowcaseDocumentProblems = {};
  const known = new Set<string>(SHOWCASE_FIELDS);
  const unknown = Object.keys(data).filter((key) => !known.has(key));
  const missing = SHOWCASE_FIELDS.filter((key) => !OPTIONAL_FIELDS.has(key) && !(key in data));
  if (unknown.length > 0 || missing.length > 0) {
    problems.fields = [
      ...missing.map((key) => `missing ${key}`),
      ...unknown.map((key) => `unknown ${key}`),
    ].join(', ');
  }
  for (const field of SHOWCASE_FIELDS) {
    if (!(field in data) && !OPTIONAL_FIELDS.has(field)) continue;
    const problem = documentChecks[field](data[field], data, id);
    if (problem !== undefined) problems[field] = `${field} must be ${problem}`;
  }
  return problems;
}

/** Throws unless `data` is a valid stored showcase; returns it typed. */
export function assertShowcaseDocument<T extends Readonly<Record<string, unknown>>>(
  data: T,
  label = 'showcase',
  id: string | null = null,
): T & ShowcaseDocument {
  const problems = Object.values(showcaseDocumentProblems(data, id));
  if (problems.length > 0) throw new Error(`Invalid ${label}: ${problems.join('; ')}.`);
  return data as T & ShowcaseDocument;
}

/**
 * The fields a save writes besides the server-managed ones (owner uid, timestamps, like count):
 * the editable content, the status and the owner's public name.
 */
export type ShowcaseContent = ShowcaseInput & { status: ShowcaseStatus; ownerName: string };

export function showcaseContent(
  input: ShowcaseInput,
  status: ShowcaseStatus,
  ownerName: string,
): ShowcaseContent {
  return { ...input, status, ownerName };
}

// ---- reading ------------------------------------------------------------------------------

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
export const readText = (value: unknown): string => (typeof value === 'string' ? value : '');
export const readOptionalText = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;
const readCount = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
const readStringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** A stored document (any content at all) as the plain typed value the app shows. */
export function readShowcase(
  id: string,
  data: Readonly<Record<string, unknown>>,
  pending: boolean,
): Showcase {
  return {
    id,
    title: readText(data.title),
    description: readText(data.description),
    url: readText(data.url),
    imageUrl: readOptionalText(data.imageUrl),
    imageAlt: readOptionalText(data.imageAlt),
    images: readShowcaseImages(data.images),
    tags: readStringList(data.tags),
    searchTerms: readStringList(data.searchTerms),
    status: data.status === 'published' ? 'published' : 'draft',
    ownerUid: readText(data.ownerUid),
    ownerName: readText(data.ownerName),
    createdAt: toDate(data.createdAt),
    updatedAt: toDate(data.updatedAt),
    likeCount: readCount(data.likeCount),
    commentCount: readCount(data.commentCount),
    pending,
  };
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => item === b[index])
    );
  return a === b;
};

/** Field-by-field equality, so unchanged rows keep their identity between snapshots. */
export function sameShowcase(a: Showcase, b: Showcase): boolean {
  const keys = Object.keys(a) as (keyof Showcase)[];
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) =>
      key === 'images' ? sameImages(a.images, b.images) : sameValue(a[key], b[key]),
    )
  );
}

// ---- edits --------------------------------------------------------------------------------

/** The editable fields whose values differ between two versions, in form order. */
export function changedShowcaseFields(
  before: ShowcaseInput,
  after: ShowcaseInput,
): ShowcaseField[] {
  return SHOWCASE_FORM_FIELDS.filter((field) =>
    field === 'images'
      ? !sameImages(before.images, after.images)
      : !sameValue(before[field], after[field]),
  );
}
