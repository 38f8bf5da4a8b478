import { readShowcaseImages, sameImages, type ShowcaseImage } from './images.js';
import { SEARCH_TERM_PATTERN, SEARCH_TERMS_MAX } from './search-terms.js';
import { characterCount, isWebUrl, safeHttpUrl, URL_MAX_LENGTH } from './web-url.js';

// The one definition of a showcase (`showcases/{id}`). firestore.rules enforces the same limits
// on the server; test/rules.test.ts runs this module's examples through those rules.

export const TITLE_MAX = 80;
export const DESCRIPTION_MAX = 2000;
export const TAGS_MAX = 5;
export const TAG_MAX_LENGTH = 24;
export const OWNER_NAME_MAX = 80;
/** The image's description: its alt text on cards and the showcase page. */
export const IMAGE_ALT_MAX = 200;
/** A tag: lower-case letters a–z, digits and hyphens. */
export const TAG_PATTERN = new RegExp(`^[a-z0-9-]{1,${TAG_MAX_LENGTH}}$`);

export const SHOWCASE_STATUSES = ['draft', 'published'] as const;
export type ShowcaseStatus = (typeof SHOWCASE_STATUSES)[number];

/**
 * The editable fields, trimmed, normalized and valid: what the form produces and a save writes.
 * `url` is empty only on a draft; `imageUrl` and `imageAlt` are null when there is none.
 */
export type ShowcaseInput = {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  imageAlt: string | null;
  tags: string[];
};

export type ShowcaseField = keyof ShowcaseInput;

/** What the form holds: one raw string per editable field, exactly as typed. */
export type ShowcaseFormValues = Record<ShowcaseField, string>;

export type ShowcaseFieldErrors = Partial<Record<ShowcaseField, string>>;

export type ShowcaseFormResult =
  { ok: true; value: ShowcaseInput } | { ok: false; errors: ShowcaseFieldErrors };

/**
 * A stored showcase document: every field firestore.rules accepts, timestamps as Dates (the
 * SDKs and the REST encoders write them as Firestore timestamps). `imageUrl` and `imageAlt` may
 * be absent; `url` may be empty on a draft. `searchTerms` is derived from the title and tags
 * (`searchTermsFor`); documents stored before it existed lack it until edited or migrated.
 */
export type ShowcaseDocument = Omit<ShowcaseInput, 'imageUrl' | 'imageAlt'> & {
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

/** The fields a stored showcase may leave out. */
const OPTIONAL_FIELDS: ReadonlySet<ShowcaseDocumentField> = new Set([
  'imageUrl',
  'imageAlt',
  'commentCount',
  'lastCommentWrite',
]);

/**
 * A showcase as the app reads it: a plain typed value, whatever the stored document holds.
 * Timestamps are null when absent (an estimate while the write that set them is pending).
 */
export type Showcase = ShowcaseInput & {
  id: string;
  /** The uploaded images, cover first; empty on showcases stored before uploads existed. */
  images: ShowcaseImage[];
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

// ---- the form -----------------------------------------------------------------------------

export const emptyShowcaseForm: ShowcaseFormValues = {
  title: '',
  description: '',
  url: '',
  imageUrl: '',
  imageAlt: '',
  tags: '',
};

/** The form's fields in screen order (the first with an error takes the focus). */
export const SHOWCASE_FORM_FIELDS = Object.keys(emptyShowcaseForm) as ShowcaseField[];

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

export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

/** The form's values for a stored showcase (editing starts from what is saved). */
export function showcaseFormValues(showcase: ShowcaseInput): ShowcaseFormValues {
  return {
    title: showcase.title,
    description: showcase.description,
    url: showcase.url,
    imageUrl: showcase.imageUrl ?? '',
    imageAlt: showcase.imageAlt ?? '',
    tags: formatTags(showcase.tags),
  };
}

const titleProblem = (title: string): string | undefined => {
  if (title.length === 0) return 'Give your showcase a title.';
  const count = characterCount(title);
  if (count > TITLE_MAX) return `Keep the title to ${TITLE_MAX} characters (now ${count}).`;
  return undefined;
};

const descriptionProblem = (description: string): string | undefined => {
  const count = characterCount(description);
  if (count <= DESCRIPTION_MAX) return undefined;
  return `Keep the description to ${DESCRIPTION_MAX.toLocaleString('en')} characters (now ${count.toLocaleString('en')}).`;
};

const imageAltProblem = (imageAlt: string): string | undefined => {
  const count = characterCount(imageAlt);
  if (count <= IMAGE_ALT_MAX) return undefined;
  return `Keep the image description to ${IMAGE_ALT_MAX} characters (now ${count}).`;
};

const tagsProblem = (tags: readonly string[]): string | undefined => {
  if (tags.length > TAGS_MAX) return `Use at most ${TAGS_MAX} tags (now ${tags.length}).`;
  const bad = tags.find((tag) => !TAG_PATTERN.test(tag));
  if (bad === undefined) return undefined;
  return bad.length > TAG_MAX_LENGTH
    ? `Tags can be at most ${TAG_MAX_LENGTH} characters: "${bad}".`
    : `Tags may use only letters a–z, digits and hyphens: "${bad}".`;
};

/**
 * Checks the form for a save with `status` and, when it is valid, returns the normalized fields
 * to save. A draft needs only a title: its link may stay empty until it is published (a link
 * that is typed must still be a web address, since it is stored as typed).
 */
export function validateShowcaseForm(
  values: ShowcaseFormValues,
  status: ShowcaseStatus = 'published',
): ShowcaseFormResult {
  const errors: ShowcaseFieldErrors = {};

  const title = values.title.trim();
  errors.title = titleProblem(title);

  const description = values.description.trim();
  errors.description = descriptionProblem(description);

  const urlText = values.url.trim();
  const url = safeHttpUrl(urlText);
  if (urlText.length === 0) {
    if (status === 'published') errors.url = 'Add a link where people can see what you made.';
  } else if (urlText.length > URL_MAX_LENGTH)
    errors.url = `Links can be at most ${URL_MAX_LENGTH} characters.`;
  else if (url === null) errors.url = 'Use a full web address starting with http:// or https://.';

  const imageText = values.imageUrl.trim();
  const imageUrl = imageText.length === 0 ? null : safeHttpUrl(imageText);
  if (imageText.length > URL_MAX_LENGTH)
    errors.imageUrl = `Image URLs can be at most ${URL_MAX_LENGTH} characters.`;
  else if (imageText.length > 0 && imageUrl === null)
    errors.imageUrl =
      'Use a full image address starting with http:// or https://, or leave it empty.';

  const imageAltText = values.imageAlt.trim();
  errors.imageAlt = imageAltProblem(imageAltText);
  const imageAlt = imageAltText.length === 0 ? null : imageAltText;

  const tags = parseTags(values.tags);
  errors.tags = tagsProblem(tags);

  const present = Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as ShowcaseFieldErrors;
  if (Object.keys(present).length > 0) return { ok: false, errors: present };
  return {
    ok: true,
    value: { title, description, url: url ?? urlText, imageUrl, imageAlt, tags },
  };
}

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
  (value: unknown, data: Readonly<Record<string, unknown>>) => string | undefined
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

/** Every way `data` falls short of a stored showcase; `{}` when the rules would accept it. */
export function showcaseDocumentProblems(
  data: Readonly<Record<string, unknown>>,
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
    const problem = documentChecks[field](data[field], data);
    if (problem !== undefined) problems[field] = `${field} must be ${problem}`;
  }
  return problems;
}

/** Throws unless `data` is a valid stored showcase; returns it typed. */
export function assertShowcaseDocument<T extends Readonly<Record<string, unknown>>>(
  data: T,
  label = 'showcase',
): T & ShowcaseDocument {
  const problems = Object.values(showcaseDocumentProblems(data));
  if (problems.length > 0) throw new Error(`Invalid ${label}: ${problems.join('; ')}.`);
  return data as T & ShowcaseDocument;
}

/**
 * The fields a save writes besides the server-managed ones (owner uid, timestamps, like count):
 * the editable content, the status and the owner's public name. `imageUrl: null` and
 * `imageAlt: null` mean none.
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
  return SHOWCASE_FORM_FIELDS.filter((field) => !sameValue(before[field], after[field]));
}
