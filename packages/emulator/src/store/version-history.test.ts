import { describe, expect, it } from 'vitest';
import { doc, nameOf } from '../model/builders.js';
import type { Document } from '../model/types.js';
import { microsToTimestamp } from './clock.js';
import { MemoryStore } from './memory-store.js';
import type { Store } from './store.js';
import { DEFAULT_VERSION_HISTORY_LIMITS, VersionHistory } from './version-history.js';

const HOUR_MICROS = 3_600_000_000;
/** Commit times (µs) used below, a second apart. */
const T = (second: number): number => (1_000 + second) * 1_000_000;

function at(path: string, fields: Record<string, unknown>, second: number, created = second) {
  return doc(path, fields, {
    createTime: microsToTimestamp(T(created)),
    updateTime: microsToTimestamp(T(second)),
  });
}

/** A store and its history written through the same steps a commit takes. */
function database(limits = DEFAULT_VERSION_HISTORY_LIMITS) {
  const store = new MemoryStore();
  const history = new VersionHistory(limits);
  return {
    store,
    history,
    put(document: Document, second: number) {
      const before = store.get(document.name);
      store.put(document);
      history.record([{ name: document.name, before }], T(second));
    },
    remove(path: string, second: number) {
      const before = store.delete(nameOf(path));
      history.record([{ name: nameOf(path), before }], T(second));
    },
  };
}

function summary(store: Store, collection: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const d of store.collectionDocuments(nameOf(collection))) {
    const n = d.fields.get('n');
    out[d.name.slice(d.name.lastIndexOf('/') + 1)] = n?.kind === 'integer' ? Number(n.value) : n;
  }
  return out;
}

describe('VersionHistory', () => {
  it('shows the database as it was: later documents absent, deleted present, old values', () => {
    const db = database();
    db.put(at('c/a', { n: 1 }, 1), 1);
    db.put(at('c/b', { n: 1 }, 2), 2);
    db.put(at('c/a', { n: 2 }, 3, 1), 3);
    db.remove('c/b', 4);
    db.put(at('c/new', { n: 1 }, 5), 5);
    expect(summary(db.store, 'c')).toEqual({ a: 2, new: 1 });
    expect(summary(db.history.viewAt(db.store, T(2)), 'c')).toEqual({ a: 1, b: 1 });
    expect(summary(db.history.viewAt(db.store, T(3)), 'c')).toEqual({ a: 2, b: 1 });
    expect(summary(db.history.viewAt(db.store, T(4)), 'c')).toEqual({ a: 2 });
    expect(summary(db.history.viewAt(db.store, T(0)), 'c')).toEqual({});
    const past = db.history.viewAt(db.store, T(2));
    expect(past.get(nameOf('c/b'))?.fields.get('n')).toEqual({ kind: 'integer', value: 1n });
    expect(past.get(nameOf('c/new'))).toBeNull();
  });

  it('answers collection groups, descendants, collection ids and missing documents at a time', () => {
    const db = database();
    db.put(at('a/1', { n: 1 }, 1), 1);
    db.put(at('a/1/sub/x', { n: 1 }, 2), 2);
    db.remove('a/1', 3);
    db.put(at('b/2/sub/y', { n: 1 }, 4), 4);
    db.remove('a/1/sub/x', 5);
    const view = db.history.viewAt(db.store, T(2));
    const names = (docs: Iterable<Document>) => [...docs].map((d) => d.name).sort();
    expect(names(view.collectionGroupDocuments(nameOf(''), 'sub'))).toEqual([nameOf('a/1/sub/x')]);
    expect(names(view.descendantDocuments(nameOf('a/1')))).toEqual([nameOf('a/1/sub/x')]);
    expect(view.listCollectionIds(nameOf(''))).toEqual(['a']);
    expect(view.listCollectionIds(nameOf('a/1'))).toEqual(['sub']);
    expect(view.missingDocumentNames(nameOf('a'))).toEqual([]);
    const later = db.history.viewAt(db.store, T(3));
    expect(later.missingDocumentNames(nameOf('a'))).toEqual([nameOf('a/1')]);
    expect(db.store.listCollectionIds(nameOf(''))).toEqual(['b']);
  });

  it('refuses times in the future and older than the window, and forgets versions past it', () => {
    const db = database();
    db.put(at('c/a', { n: 1 }, 1), 1);
    db.put(at('c/a', { n: 2 }, 2, 1), 2);
    expect(db.history.unreadable(T(3), T(2))).toBe('in-the-future');
    expect(db.history.unreadable(T(1), T(2))).toBeUndefined();
    expect(db.history.unreadable(T(1), T(1) + HOUR_MICROS + 1)).toBe('too-old');
    expect(db.history.size).toBe(2);
    // A commit an hour later prunes what no read may ask for any more.
    db.put(at('c/b', { n: 1 }, 3 + 3600), 3 + 3600);
    expect(db.history.size).toBe(1);
  });

  it('keeps at most maxVersions and maxBytes, oldest out first, and refuses reads that needed them', () => {
    const db = database({ ...DEFAULT_VERSION_HISTORY_LIMITS, maxVersions: 3 });
    for (let second = 1; second <= 5; second++) db.put(at('c/a', { n: second }, second, 1), second);
    expect(db.history.size).toBe(3);
    // The versions replaced at seconds 1 and 2 are gone: reads before second 2 cannot be exact.
    expect(db.history.unreadable(T(1), T(5))).toBe('too-old');
    expect(db.history.unreadable(T(2), T(5))).toBeUndefined();
    expect(summary(db.history.viewAt(db.store, T(2)), 'c')).toEqual({ a: 2 });

    const small = database({ ...DEFAULT_VERSION_HISTORY_LIMITS, maxBytes: 200 });
    for (let second = 1; second <= 20; second++) {
      small.put(at('c/a', { text: 'x'.repeat(50) }, second, 1), second);
    }
    expect(small.history.bytes).toBeLessThanOrEqual(200);
    expect(small.history.size).toBeGreaterThan(0);
  });

  it('keeps nothing with maxVersions 0, and current reads never consult it', () => {
    const db = database({ ...DEFAULT_VERSION_HISTORY_LIMITS, maxVersions: 0 });
    db.put(at('c/a', { n: 1 }, 1), 1);
    db.put(at('c/a', { n: 2 }, 2, 1), 2);
    expect(db.history.size).toBe(0);
    expect(db.history.unreadable(T(1), T(2))).toBe('too-old');
    expect(db.history.unreadable(T(2), T(2))).toBeUndefined();
  });
});
