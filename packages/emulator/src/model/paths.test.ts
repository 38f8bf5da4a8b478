import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import {
  collectionIdOf,
  collectionPathOf,
  databaseOf,
  formatFieldPath,
  parentOfCollection,
  parseDocumentName,
  parseFieldPath,
  parseParentName,
  validateWriteFieldPath,
} from './paths.js';

const DB = 'projects/p/databases/(default)';

function invalidArgument(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(EmulatorError);
    expect((error as EmulatorError).code).toBe('INVALID_ARGUMENT');
    return (error as EmulatorError).message;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

describe('resource names', () => {
  it('parses document names and their parts', () => {
    const name = `${DB}/documents/a/b/c/d`;
    expect(parseDocumentName(name, DB)).toEqual({ database: DB, segments: ['a', 'b', 'c', 'd'] });
    expect(collectionPathOf(name)).toBe(`${DB}/documents/a/b/c`);
    expect(collectionIdOf(name)).toBe('c');
    expect(parentOfCollection(collectionPathOf(name))).toBe(`${DB}/documents/a/b`);
    expect(databaseOf(name)).toBe(DB);
  });

  it('rejects collection paths as documents with production wording', () => {
    const name = `${DB}/documents/coll`;
    expect(invalidArgument(() => parseDocumentName(name))).toBe(
      `Document name "${name}" lacks "/" at index ${name.length}.`,
    );
  });

  it('rejects malformed names, reserved and over-long ids, and other databases', () => {
    invalidArgument(() => parseDocumentName('projects/p/documents/a/b'));
    invalidArgument(() => parseDocumentName(`${DB}/documents/a//b`));
    invalidArgument(() => parseDocumentName(`${DB}/documents/a/..`));
    expect(invalidArgument(() => parseDocumentName(`${DB}/documents/a/__id__`))).toMatch(
      /reserved/,
    );
    expect(
      invalidArgument(() => parseDocumentName(`${DB}/documents/a/${'x'.repeat(1501)}`)),
    ).toMatch(/1500 bytes/);
    parseDocumentName(`${DB}/documents/a/${'x'.repeat(1500)}`);
    invalidArgument(() =>
      parseDocumentName(`${DB}/documents/a/b`, 'projects/q/databases/(default)'),
    );
    const deep = Array.from({ length: 102 }, (_, i) => `s${i}`).join('/');
    expect(invalidArgument(() => parseDocumentName(`${DB}/documents/${deep}`))).toMatch(
      /100 path segments/,
    );
    const long = Array.from({ length: 8 }, () => 'y'.repeat(1000)).join('/');
    expect(invalidArgument(() => parseDocumentName(`${DB}/documents/${long}`))).toMatch(
      /6144 bytes/,
    );
  });

  it('accepts numeric ids (__id<int64>__) and keeps rejecting other reserved ids', () => {
    for (const id of ['__id7__', '__id-42__', '__id9223372036854775807__']) {
      expect(parseDocumentName(`${DB}/documents/a/${id}`).segments).toEqual(['a', id]);
    }
    for (const id of ['__idx__', '__id9223372036854775808__', '__id1.5__', '__name__']) {
      expect(invalidArgument(() => parseDocumentName(`${DB}/documents/a/${id}`))).toMatch(
        /reserved/,
      );
    }
  });

  it('accepts the root and documents as parents, not collections', () => {
    expect(parseParentName(`${DB}/documents`).segments).toEqual([]);
    expect(parseParentName(`${DB}/documents/a/b`).segments).toEqual(['a', 'b']);
    invalidArgument(() => parseParentName(`${DB}/documents/a`));
  });
});

describe('field paths', () => {
  it('parses dotted and backtick-quoted paths with escapes', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`a.b`.c')).toEqual(['a.b', 'c']);
    expect(parseFieldPath('`a\\`b`.`c\\\\d`')).toEqual(['a`b', 'c\\d']);
    expect(parseFieldPath('__name__')).toEqual(['__name__']);
    expect(parseFieldPath('`😀`')).toEqual(['😀']);
  });

  it('formats paths, quoting non-identifier segments, and round-trips', () => {
    for (const path of [
      ['a', 'b'],
      ['a.b', 'c'],
      ['a`b', 'c\\d'],
      ['1x'],
      ['with space'],
      ['😀'],
    ]) {
      expect(parseFieldPath(formatFieldPath(path))).toEqual(path);
    }
    expect(formatFieldPath(['a.b', 'c'])).toBe('`a.b`.c');
    expect(formatFieldPath(['_x1'])).toBe('_x1');
  });

  it('rejects malformed paths', () => {
    for (const text of ['', 'a.', '.a', 'a..b', '`a', '`a`b', 'a`b`', '``', '1a', 'a b', '`a\\']) {
      invalidArgument(() => parseFieldPath(text));
    }
  });

  it('rejects reserved and over-long field names in writes', () => {
    invalidArgument(() => validateWriteFieldPath(['__x__']));
    invalidArgument(() => validateWriteFieldPath(['a'.repeat(1501)]));
    validateWriteFieldPath(['a', '__']);
  });
});
