import { searchTermsFor } from './search-terms.js';
import { readText, toDate } from './showcase.js';
import { characterCount, safeHttpUrl } from './web-url.js';

// The audience of a showcase: comments, follows, saves, activity and reports, and the profile
// fields that come with them. firestore.rules enforces the same limits on the server (its
// "Audience" sections); packages/emulator/test/rules/audience-*.test.ts checks them there.

export const COMMENT_TEXT_MAX = 1000;
/** A public name as stored beside what a person did (a comment's author, an activity's actor). */
export const PUBLIC_NAME_MAX = 80;
export const BIO_MAX = 300;
export const LINKS_MAX = 3;
export const REPORT_NOTE_MAX = 500;

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'inappropriate',
  'copyright',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const ACTIVITY_TYPES = ['like', 'comment', 'follow'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * The field a comment's batch sets on its showcase beside `commentCount`: the id of the comment
 * created or deleted with it. Comment ids are random, so without it the rules could not tell
 * which comment a counter change goes with (a like's or a follow's id is the actor's uid).
 */
export const LAST_COMMENT_WRITE = 'lastCommentWrite';
/** The same for a profile's `followingCount`: the uid followed or unfollowed with it. */
export const LAST_FOLLOWING_WRITE = 'lastFollowingWrite';

/** A document id the rules may put into a path: Firestore auto-ids and Firebase uids. */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

// ---- plain text ---------------------------------------------------------------------------

// Control characters other than tab and line feed have no place in plain text (and some
// reorder or hide what is shown); firestore.rules refuses the same set.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const STRAY_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/gu;
// eslint-disable-next-line no-control-regex -- the same set, to test without the global flag.
const HAS_STRAY_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/u;

/** Text as stored: line endings as `\n`, stray control characters dropped, trimmed. */
export function plainText(text: string): string {
  return text.replace(/\r\n?/gu, '\n').replace(STRAY_CONTROL, '').trim();
}

/** True when `text` is stored plain text of min..max characters (the rules' `isPlainText`). */
export function isPlainText(text: unknown, min: number, max: number): text is string {
  if (typeof text !== 'string') return false;
  const count = characterCount(text);
  return count >= min && count <= max && text === text.trim() && !HAS_STRAY_CONTROL.test(text);
}

export type Validated<T> = { ok: true; value: T } | { ok: false; error: string };

// ---- comments -----------------------------------------------------------------------------

/** `showcases/{id}/comments/{commentId}` as stored (timestamps as Dates). */
export type CommentDocument = {
  authorUid: string;
  authorName: string;
  text: string;
  createdAt: Date;
};

/** A comment as the app reads it (named apart from the DOM's global `Comment`). */
export type ShowcaseComment = {
  id: string;
  showcaseId: string;
  authorUid: string;
  authorName: string;
  text: string;
  createdAt: Date | null;
  pending: boolean;
};

/** A name to store beside what someone did: trimmed, 1–80 characters, never empty. */
export function publicName(name: string): string {
  const trimmed = Array.from(name.trim()).slice(0, PUBLIC_NAME_MAX).join('').trim();
  return trimmed.length > 0 ? trimmed : 'Member';
}

export function readComment(
  showcaseId: string,
  id: string,
  data: Readonly<Record<string, unknown>>,
  pending: boolean,
): ShowcaseComment {
  return {
    id,
    showcaseId,
    authorUid: readText(data.authorUid),
    authorName: readText(data.authorName),
    text: readText(data.text),
    createdAt: toDate(data.createdAt),
    pending,
  };
}

/** Every way `data` falls short of a stored comment, as sentences; empty when valid. */
export function commentDocumentProblems(data: Readonly<Record<string, unknown>>): string[] {
  const problems = keyProblems(data, ['authorUid', 'authorName', 'text', 'createdAt'], []);
  if (typeof data.authorUid !== 'string' || !DOCUMENT_ID_PATTERN.test(data.authorUid))
    problems.push('authorUid must be a uid');
  if (!isPlainText(data.authorName, 1, PUBLIC_NAME_MAX))
    problems.push(`authorName must be a trimmed name of 1–${PUBLIC_NAME_MAX} characters`);
  if (!isPlainText(data.text, 1, COMMENT_TEXT_MAX))
    problems.push(`text must be trimmed plain text of 1–${COMMENT_TEXT_MAX} characters`);
  if (toDate(data.createdAt) === null) problems.push('createdAt must be a timestamp');
  return problems;
}

// ---- follows and saves --------------------------------------------------------------------

/**
 * `users/{uid}/following/{otherUid}` and `users/{otherUid}/followers/{uid}`: the edge's id is the
 * other person's uid. `users/{uid}/saved/{showcaseId}`: the id is the showcase's.
 */
export type Edge = { id: string; createdAt: Date | null; pending: boolean };

export function readEdge(
  id: string,
  data: Readonly<Record<string, unknown>>,
  pending: boolean,
): Edge {
  return { id, createdAt: toDate(data.createdAt), pending };
}

// ---- activity -----------------------------------------------------------------------------

/**
 * `users/{uid}/activity/{activityId}`. Ids are derived from the action, so the rules can tie the
 * document to it and a repeated action (like, unlike, like) rewrites one document instead of
 * piling up many: see `likeActivityId`, `commentActivityId`, `followActivityId`.
 */
export type Activity = {
  id: string;
  type: ActivityType;
  actorUid: string;
  actorName: string;
  /** Null for a follow. */
  showcaseId: string | null;
  showcaseTitle: string | null;
  /** The comment it reports (from its id); null for a like or a follow. */
  commentId: string | null;
  createdAt: Date | null;
  read: boolean;
  pending: boolean;
};

/**
 * What an activity about a showcase (a like or a comment on it) holds, as its actor writes it in
 * the action's batch: every field but `createdAt`, which the writer sets to the server's time
 * (the rules require `request.time`).
 */
export function showcaseActivityFields(
  type: 'like' | 'comment',
  actor: { uid: string; name: string },
  showcase: { id: string; title: string },
) {
  return {
    type,
    actorUid: actor.uid,
    actorName: publicName(actor.name),
    showcaseId: showcase.id,
    showcaseTitle: showcase.title,
    read: false,
  };
}

export const likeActivityId = (showcaseId: string, actorUid: string): string =>
  `like_${showcaseId}_${actorUid}`;
export const commentActivityId = (commentId: string): string => `comment_${commentId}`;
export const followActivityId = (actorUid: string): string => `follow_${actorUid}`;

export function readActivity(
  id: string,
  data: Readonly<Record<string, unknown>>,
  pending: boolean,
): Activity | null {
  const type = (ACTIVITY_TYPES as readonly unknown[]).includes(data.type)
    ? (data.type as ActivityType)
    : null;
  // An unknown type (a newer app's, or a hostile write) is skipped rather than shown wrongly.
  if (type === null) return null;
  const aboutShowcase = type !== 'follow';
  return {
    id,
    type,
    actorUid: readText(data.actorUid),
    actorName: readText(data.actorName),
    showcaseId: aboutShowcase ? readText(data.showcaseId) || null : null,
    showcaseTitle: aboutShowcase ? readText(data.showcaseTitle) : null,
    commentId: type === 'comment' && id.startsWith('comment_') ? id.slice('comment_'.length) : null,
    createdAt: toDate(data.createdAt),
    read: data.read === true,
    pending,
  };
}

// ---- profiles -----------------------------------------------------------------------------

/** The profile fields this module adds to `users/{uid}`, as the app reads them. */
export type ProfileAudience = {
  bio: string;
  links: string[];
  followerCount: number;
  followingCount: number;
};

const readCount = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

export function readProfileAudience(data: Readonly<Record<string, unknown>>): ProfileAudience {
  return {
    bio: readText(data.bio),
    // Only links that are still safe to put into an href.
    links: Array.isArray(data.links)
      ? data.links
          .map((link) => safeHttpUrl(link))
          .filter((link): link is string => link !== null)
          .slice(0, LINKS_MAX)
      : [],
    followerCount: readCount(data.followerCount),
    followingCount: readCount(data.followingCount),
  };
}

/** A showcase's comment count; documents stored before comments existed have none. */
export const readCommentCount = (data: Readonly<Record<string, unknown>>): number =>
  readCount(data.commentCount);

/** What a profile stores for search: every prefix of each word of the name. */
export function nameTermsFor(displayName: string): string[] {
  return searchTermsFor(displayName, []);
}

export type ProfileEdit = { bio: string; links: string[] };
export type ProfileEditErrors = Partial<Record<'bio' | 'links', string>>;

/**
 * Checks the profile form: a bio of at most 300 characters and up to three web links (empty
 * lines ignored). The value is what to store.
 */
export function validateProfileEdit(form: {
  bio: string;
  links: readonly string[];
}): { ok: true; value: ProfileEdit } | { ok: false; errors: ProfileEditErrors } {
  const errors: ProfileEditErrors = {};
  const bio = plainText(form.bio);
  const bioCount = characterCount(bio);
  if (bioCount > BIO_MAX) errors.bio = `Keep your bio to ${BIO_MAX} characters (now ${bioCount}).`;
  const typed = form.links.map((link) => link.trim()).filter((link) => link.length > 0);
  const links: string[] = [];
  for (const link of typed) {
    const safe = safeHttpUrl(link);
    if (safe === null) {
      errors.links = `Use full web addresses starting with http:// or https:// ("${link}").`;
      break;
    }
    links.push(safe);
  }
  if (errors.links === undefined && links.length > LINKS_MAX)
    errors.links = `Add at most ${LINKS_MAX} links (now ${links.length}).`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { bio, links } };
}

// ---- reports ------------------------------------------------------------------------------

export const showcaseTarget = (showcaseId: string): string => `showcases/${showcaseId}`;
export const commentTarget = (showcaseId: string, commentId: string): string =>
  `showcases/${showcaseId}/comments/${commentId}`;

export type ReportInput = { target: string; reason: ReportReason; note: string | null };

// ---- helpers ------------------------------------------------------------------------------

function keyProblems(
  data: Readonly<Record<string, unknown>>,
  required: readonly string[],
  optional: readonly string[],
): string[] {
  const known = new Set([...required, ...optional]);
  return [
    ...required.filter((key) => !(key in data)).map((key) => `missing ${key}`),
    ...Object.keys(data)
      .filter((key) => !known.has(key))
      .map((key) => `unknown ${key}`),
  ];
}
