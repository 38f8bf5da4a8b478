// Resource names and field paths. Names stay full strings (`projects/p/databases/d/documents/
// a/b`) everywhere in the core; these helpers split, validate and rebuild them with production's
// limits and wording.
import { EmulatorError } from '../errors.js';
import type { FieldPath } from './types.js';

export const DOCUMENT_NAME_FIELD = '__name__';

/** Production limits (https://firebase.google.com/docs/firestore/quotas). */
export const LIMITS = {
  maxDocumentNameBytes: 6 * 1024,
  maxSegmentBytes: 1500,
  maxPathSegments: 100,
  maxFieldNameBytes: 1500,
  maxFieldPathBytes: 1500,
  maxDocumentBytes: 1024 * 1024,
  maxNestingDepth: 20,
  maxIndexEntries: 40_000,
} as const;

const DATABASE_PATTERN = /^projects\/([^/]+)\/databases\/([^/]+)$/;

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function invalid(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

/** `projects/{p}/databases/{d}` → its parts, or throws INVALID_ARGUMENT. */
export function parseDatabaseName(database: string): { projectId: string; databaseId: string } {
  const match = DATABASE_PATTERN.exec(database);
  if (!match) throw invalid(`Invalid database name: "${database}".`);
  return { projectId: match[1] as string, databaseId: match[2] as string };
}

export type ResourcePath = {
  /** `projects/{p}/databases/{d}`. */
  readonly database: string;
  /** Segments after `/documents`; empty for the database root. */
  readonly segments: readonly string[];
};

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * `__id<int64>__`: the one reserved-looking id production accepts (legacy numeric ids). It sorts
 * before every string id, numerically among its kind.
 */
export function numericIdOf(segment: string): bigint | undefined {
  const match = /^__id(-?\d{1,19})__$/.exec(segment);
  if (!match) return undefined;
  const id = BigInt(match[1] as string);
  return id >= INT64_MIN && id <= INT64_MAX ? id : undefined;
}

function isNumericId(segment: string): boolean {
  return numericIdOf(segment) !== undefined;
}

function validateSegment(segment: string, name: string): void {
  if (segment.length === 0) throw invalid(`Resource name "${name}" has an empty path segment.`);
  if (segment === '.' || segment === '..') {
    throw invalid(`Resource id "${segment}" is invalid because it is "." or "..".`);
  }
  if (/^__.*__$/s.test(segment) && !isNumericId(segment)) {
    throw invalid(`Resource id "${segment}" is invalid because it is reserved.`);
  }
  if (utf8Length(segment) > LIMITS.maxSegmentBytes) {
    throw invalid(
      `Resource id "${segment.slice(0, 40)}…" is invalid because it is longer than ${LIMITS.maxSegmentBytes} bytes.`,
    );
  }
}

/**
 * Parses `projects/{p}/databases/{d}/documents[/...]`. Segments are validated as production
 * validates document and collection ids (no empty, `.`/`..`, or `__reserved__` ids other than `__id<int64>__`, ≤ 1,500 bytes).
 */
export function parseResourcePath(name: string): ResourcePath {
  const parts = name.split('/');
  if (
    parts.length < 5 ||
    parts[0] !== 'projects' ||
    parts[2] !== 'databases' ||
    parts[4] !== 'documents' ||
    !parts[1] ||
    !parts[3]
  ) {
    throw invalid(`Invalid resource name: "${name}".`);
  }
  const database = parts.slice(0, 4).join('/');
  const segments = parts.slice(5);
  if (utf8Length(name) - database.length - 11 > LIMITS.maxDocumentNameBytes) {
    throw invalid(
      `Document name "${name.slice(0, 80)}…" is longer than ${LIMITS.maxDocumentNameBytes} bytes.`,
    );
  }
  if (segments.length > LIMITS.maxPathSegments) {
    throw invalid(
      `Document name "${name.slice(0, 80)}…" has more than ${LIMITS.maxPathSegments} path segments.`,
    );
  }
  for (const segment of segments) validateSegment(segment, name);
  return { database, segments };
}

/** Validates a document name (even, non-zero number of segments) in `database` if given. */
export function parseDocumentName(name: string, database?: string): ResourcePath {
  const path = parseResourcePath(name);
  if (path.segments.length === 0 || path.segments.length % 2 !== 0) {
    // Production: `Document name "…/documents/coll" lacks "/" at index 54.`
    throw invalid(`Document name "${name}" lacks "/" at index ${name.length}.`);
  }
  if (database !== undefined && path.database !== database) {
    throw invalid(`Document name "${name}" is not in database "${database}".`);
  }
  return path;
}

/** A query/list parent: the database root (`…/documents`) or a document. */
export function parseParentName(parent: string, database?: string): ResourcePath {
  const path = parseResourcePath(parent);
  if (path.segments.length % 2 !== 0) {
    throw invalid(`Invalid parent "${parent}": a parent must be the database root or a document.`);
  }
  if (database !== undefined && path.database !== database) {
    throw invalid(`Parent "${parent}" is not in database "${database}".`);
  }
  return path;
}

/** `…/documents/a/b/c/d` → `…/documents/a/b/c` (the collection holding the document). */
export function collectionPathOf(documentName: string): string {
  return documentName.slice(0, documentName.lastIndexOf('/'));
}

/** `…/documents/a/b/c/d` → `c`. */
export function collectionIdOf(documentName: string): string {
  const collection = collectionPathOf(documentName);
  return collection.slice(collection.lastIndexOf('/') + 1);
}

/** The parent a collection query names: `…/documents` or `…/documents/a/b` for `…/a/b/c/d`. */
export function parentOfCollection(collectionPath: string): string {
  return collectionPath.slice(0, collectionPath.lastIndexOf('/'));
}

/** `projects/p/databases/d/...` → `projects/p/databases/d`. */
export function databaseOf(name: string): string {
  let slashes = 0;
  for (let i = 0; i < name.length; i++) {
    if (name.charCodeAt(i) === 47 && ++slashes === 4) return name.slice(0, i);
  }
  return name;
}

/** True when `name` lies strictly below `ancestor` (both full resource names). */
export function pathIsStrictPrefixOf(ancestor: string, name: string): boolean {
  return (
    name.length > ancestor.length + 1 &&
    name.startsWith(ancestor) &&
    name.charCodeAt(ancestor.length) === 47
  );
}

// ---- Field paths ---------------------------------------------------------------------------

const SIMPLE_FIELD_NAME = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

/** Formats a field path as on the wire: `a.b`, `` `a.b`.c ``, with `` ` `` and `\` escaped. */
export function formatFieldPath(path: FieldPath): string {
  return path
    .map((segment) =>
      SIMPLE_FIELD_NAME.test(segment)
        ? segment
        : '`' + segment.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`',
    )
    .join('.');
}

export type FieldPathSyntax = {
  /** The request field holding the path, named in errors. */
  readonly where?: string;
  /**
   * What an unquoted segment may hold: plain identifiers (the default, as SDKs write paths), or
   * anything but backticks, backslashes and white space (`wire`, as requests may send them).
   */
  readonly unquoted?: 'identifiers' | 'wire';
};

/** Parses a dotted field path with backtick quoting and `\` escapes. Throws INVALID_ARGUMENT. */
export function parseFieldPath(text: string, syntax: FieldPathSyntax = {}): FieldPath {
  const at = syntax.where === undefined ? '' : ` at '${syntax.where}'`;
  const fail = (why: string): EmulatorError =>
    invalid(`Invalid field path "${text}"${at}: ${why}.`);
  const wire = syntax.unquoted === 'wire';
  if (text === '') throw fail('it is empty');
  const segments: string[] = [];
  let i = 0;
  while (i <= text.length) {
    let segment = '';
    if (text[i] === '`') {
      i++;
      let closed = false;
      while (i < text.length) {
        const ch = text[i]!;
        if (ch === '\\') {
          if (i + 1 >= text.length) throw fail('it ends inside an escape');
          segment += text[i + 1];
          i += 2;
        } else if (ch === '`') {
          closed = true;
          i++;
          break;
        } else {
          segment += ch;
          i++;
        }
      }
      if (!closed) throw fail('a backtick is not closed');
      if (segment === '') throw fail('a quoted segment is empty');
    } else {
      const start = i;
      while (i < text.length && text[i] !== '.') {
        const ch = text[i]!;
        if (ch === '`' || ch === '\\' || /\s/.test(ch)) {
          throw fail('segments other than identifiers must be quoted in backticks');
        }
        i++;
      }
      segment = text.slice(start, i);
      if (segment === '') throw fail('it has an empty segment');
      if (!wire && !SIMPLE_FIELD_NAME.test(segment)) {
        throw fail('segments other than identifiers must be quoted in backticks');
      }
    }
    segments.push(segment);
    if (i === text.length) break;
    if (text[i] !== '.') throw fail('a quoted segment must be followed by "." or the end');
    i++;
    if (i === text.length) throw fail('it ends with "."');
  }
  return segments;
}

export function fieldPathEquals(a: FieldPath, b: FieldPath): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

export function isDocumentNameField(path: FieldPath): boolean {
  return path.length === 1 && path[0] === DOCUMENT_NAME_FIELD;
}

/** Validates a field path used in a write (update mask or transform). */
export function validateWriteFieldPath(path: FieldPath): void {
  if (path.length === 0) throw invalid('Field path must not be empty.');
  for (const segment of path) validateFieldName(segment);
  if (utf8Length(path.join('.')) > LIMITS.maxFieldPathBytes) {
    throw invalid(
      `Field path "${formatFieldPath(path).slice(0, 80)}…" is longer than ${LIMITS.maxFieldPathBytes} bytes.`,
    );
  }
}

/** Field names: ≤ 1,500 bytes and not `__reserved__`. */
export function validateFieldName(name: string): void {
  if (name.length === 0) throw invalid('Field names must not be empty.');
  if (/^__.*__$/s.test(name)) {
    throw invalid(`Field name "${name}" is invalid because it is reserved.`);
  }
  if (utf8Length(name) > LIMITS.maxFieldNameBytes) {
    throw invalid(
      `Field name "${name.slice(0, 40)}…" is longer than ${LIMITS.maxFieldNameBytes} bytes.`,
    );
  }
}
