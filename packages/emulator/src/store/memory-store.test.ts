import { describe, expect, it } from 'vitest';
import { CompactFields } from '../model/compact-fields.js';
import { doc, nameOf, TEST_DATABASE } from '../model/builders.js';
import { MemoryStore } from './memory-store.js';

function names(docs: Iterable<{ name: string }>): string[] {
  return [...docs].map((d) => d.name.slice(d.name.indexOf('/documents/') + 11)).sort();
}

describe('MemoryStore', () => {
  function filled(): MemoryStore {
    const store = new MemoryStore();
    for (const path of ['a/1', 'a/2', 'a/1/b/3', 'c/4/a/5', 'd/6/e/7/f/8'])
      store.put(doc(path, {}));
    return store;
  }

  it('scans collections, groups and descendants through its indexes', () => {
    const store = filled();
    expect(store.size).toBe(5);
    expect(names(store.collectionDocuments(nameOf('a')))).toEqual(['a/1', 'a/2']);
    expect(names(store.collectionGroupDocuments(nameOf(''), 'a'))).toEqual([
      'a/1',
      'a/2',
      'c/4/a/5',
    ]);
    expect(names(store.collectionGroupDocuments(nameOf('c/4'), 'a'))).toEqual(['c/4/a/5']);
    expect(names(store.descendantDocuments(nameOf('a/1')))).toEqual(['a/1/b/3']);
  });

  it('lists collection ids and missing documents', () => {
    const store = filled();
    expect(store.listCollectionIds(nameOf(''))).toEqual(['a', 'c', 'd']);
    expect(store.listCollectionIds(nameOf('d/6'))).toEqual(['e']);
    expect(store.missingDocumentNames(nameOf('d'))).toEqual([nameOf('d/6')]);
    expect(store.missingDocumentNames(nameOf('a'))).toEqual([]);
  });

  it('drops empty collections and databases from its indexes on delete and clear', () => {
    const store = filled();
    store.delete(nameOf('a/1/b/3'));
    expect(store.listCollectionIds(nameOf('a/1'))).toEqual([]);
    expect(store.delete(nameOf('a/1/b/3'))).toBeNull();
    expect(store.clearDatabase(TEST_DATABASE)).toHaveLength(4);
    expect(store.size).toBe(0);
    expect(store.databases()).toEqual([]);
    expect([...store.collectionDocuments(nameOf('a'))]).toEqual([]);
  });

  it('stores fields compactly, answers with the stored copy, and counts replacements once', () => {
    const store = new MemoryStore();
    const written = doc('a/1', { title: 'x', n: 1 });
    const stored = store.put(written);
    expect(stored.fields).toBeInstanceOf(CompactFields);
    expect(stored).toEqual(written);
    // The name is rebuilt on the way out; the fields are the stored ones, not a copy.
    expect(store.get(written.name)).toEqual(stored);
    expect(store.get(written.name)?.fields).toBe(stored.fields);
    expect(store.put(doc('a/1', { title: 'y' })).fields.get('title')).toEqual({
      kind: 'string',
      value: 'y',
    });
    expect(store.size).toBe(1);
    expect([...store.databaseDocuments(TEST_DATABASE)]).toEqual([store.get(written.name)]);
    expect(store.get(nameOf('a/2'))).toBeNull();
    expect(store.get(nameOf('b/1'))).toBeNull();
  });

  it('keeps documents by id and answers with their full names, long ids included', () => {
    const store = new MemoryStore();
    const autoId = 'Xq3vN0bLr8TzA1cWm9Ke';
    const written = doc(`rooms/${autoId}/messages/${autoId}`, { n: 1 });
    store.put(written);
    expect(store.get(written.name)).toEqual(written);
    expect(names(store.collectionDocuments(nameOf(`rooms/${autoId}/messages`)))).toEqual([
      `rooms/${autoId}/messages/${autoId}`,
    ]);
    expect(store.missingDocumentNames(nameOf('rooms'))).toEqual([nameOf(`rooms/${autoId}`)]);
    expect(store.delete(written.name)).toEqual(written);
    expect(store.get(written.name)).toBeNull();
    expect(store.size).toBe(0);
  });

  it('keeps one time object for a document whose create and update times are equal', () => {
    const store = new MemoryStore();
    const stored = store.put({
      ...doc('a/1', {}),
      createTime: { seconds: 5, nanos: 1000 },
      updateTime: { seconds: 5, nanos: 1000 },
    });
    expect(stored.updateTime).toBe(stored.createTime);
    const updated = store.put({ ...stored, updateTime: { seconds: 6, nanos: 0 } });
    expect(updated.updateTime).toEqual({ seconds: 6, nanos: 0 });
    expect(updated.createTime).toEqual({ seconds: 5, nanos: 1000 });
  });
});
