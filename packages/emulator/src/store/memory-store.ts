// The in-memory store: documents grouped per database and per collection (by id), with a
// collection-id index for collection-group scans. Writes cost O(1) index updates; a query scans
// only the collections it names. Only the current version of each document is kept, with its
// fields compacted (model/compact-fields.ts): about half the memory of Maps. A stored document
// keeps neither its full name (`projects/…/documents/coll/id`, about 90 bytes, the same prefix
// for every document of a collection) nor an object that holds it: its collection maps its id to
// its fields and times, and the name is rebuilt when the document leaves the store.
import { compactFields, InternTable } from '../model/compact-fields.js';
import {
  collectionIdOf,
  collectionPathOf,
  databaseOf,
  pathIsStrictPrefixOf,
} from '../model/paths.js';
import type { Document, Timestamp } from '../model/types.js';
import { compareUtf8Strings } from '../model/values.js';
import type { Store } from './store.js';

/** What the store keeps of a document besides its id. */
type StoredVersion = Omit<Document, 'name'>;

/** One collection's documents, by id. */
type Collection = {
  /** The collection path and a slash: a document's name is this followed by its id. */
  readonly prefix: string;
  readonly documents: Map<string, StoredVersion>;
};

type DatabaseState = {
  /** Collection path → its documents. Empty collections are dropped. */
  readonly collections: Map<string, Collection>;
  /** Collection id → collection paths with that id. */
  readonly groups: Map<string, Set<string>>;
};

/**
 * A copy of `text` that shares no memory with a longer string. V8 makes a long enough `slice` a
 * view that keeps the whole original alive, which for an id cut from a name is what the store
 * means to drop.
 */
function detached(text: string): string {
  const codes = new Array<number>(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return String.fromCharCode(...codes);
}

function sameTime(a: Timestamp, b: Timestamp): boolean {
  return a.seconds === b.seconds && a.nanos === b.nanos;
}

/** Short slices are copies already (V8's sliced strings start at 13 characters). */
const MIN_SHARED_SLICE = 13;

function documentOf(name: string, version: StoredVersion): Document {
  return {
    name,
    fields: version.fields,
    createTime: version.createTime,
    updateTime: version.updateTime,
  };
}

function* documentsOf({ prefix, documents }: Collection): Iterable<Document> {
  for (const [id, version] of documents) yield documentOf(prefix + id, version);
}

export class MemoryStore implements Store {
  private readonly databasesByName = new Map<string, DatabaseState>();
  private readonly fieldNames = new InternTable();
  private count = 0;

  get size(): number {
    return this.count;
  }

  private state(database: string, create: true): DatabaseState;
  private state(database: string, create: false): DatabaseState | undefined;
  private state(database: string, create: boolean): DatabaseState | undefined {
    let state = this.databasesByName.get(database);
    if (state === undefined && create) {
      state = { collections: new Map(), groups: new Map() };
      this.databasesByName.set(database, state);
    }
    return state;
  }

  get(name: string): Document | null {
    const state = this.state(databaseOf(name), false);
    const collectionPath = collectionPathOf(name);
    const version = state?.collections
      .get(collectionPath)
      ?.documents.get(name.slice(collectionPath.length + 1));
    return version === undefined ? null : documentOf(name, version);
  }

  put(doc: Document): Document {
    const state = this.state(databaseOf(doc.name), true);
    const collectionPath = collectionPathOf(doc.name);
    let collection = state.collections.get(collectionPath);
    if (collection === undefined) {
      collection = { prefix: `${collectionPath}/`, documents: new Map() };
      state.collections.set(collectionPath, collection);
      const id = collectionIdOf(doc.name);
      let group = state.groups.get(id);
      if (group === undefined) {
        group = new Set();
        state.groups.set(id, group);
      }
      group.add(collectionPath);
    }
    const id = doc.name.slice(collection.prefix.length);
    const version: StoredVersion = {
      fields: compactFields(doc.fields, this.fieldNames),
      createTime: doc.createTime,
      // One object when the two times are equal (a created document's are), as commits make it.
      updateTime: sameTime(doc.updateTime, doc.createTime) ? doc.createTime : doc.updateTime,
    };
    const known = collection.documents.has(id);
    if (!known) this.count++;
    collection.documents.set(known || id.length < MIN_SHARED_SLICE ? id : detached(id), version);
    return documentOf(doc.name, version);
  }

  delete(name: string): Document | null {
    const database = databaseOf(name);
    const state = this.state(database, false);
    const collectionPath = collectionPathOf(name);
    const collection = state?.collections.get(collectionPath);
    const id = name.slice(collectionPath.length + 1);
    const existing = collection?.documents.get(id);
    if (state === undefined || collection === undefined || existing === undefined) return null;
    collection.documents.delete(id);
    this.count--;
    if (collection.documents.size === 0) {
      state.collections.delete(collectionPath);
      const collectionId = collectionIdOf(name);
      const group = state.groups.get(collectionId);
      group?.delete(collectionPath);
      if (group !== undefined && group.size === 0) state.groups.delete(collectionId);
    }
    if (state.collections.size === 0) this.databasesByName.delete(database);
    return documentOf(name, existing);
  }

  collectionDocuments(collectionPath: string): Iterable<Document> {
    const collection = this.state(databaseOf(collectionPath), false)?.collections.get(
      collectionPath,
    );
    return collection === undefined ? [] : documentsOf(collection);
  }

  *collectionGroupDocuments(parent: string, collectionId: string): Iterable<Document> {
    const state = this.state(databaseOf(parent), false);
    const paths = state?.groups.get(collectionId);
    if (state === undefined || paths === undefined) return;
    for (const path of [...paths]) {
      if (!pathIsStrictPrefixOf(parent, path)) continue;
      const collection = state.collections.get(path);
      if (collection !== undefined) yield* documentsOf(collection);
    }
  }

  *descendantDocuments(parent: string): Iterable<Document> {
    const state = this.state(databaseOf(parent), false);
    if (state === undefined) return;
    for (const [path, collection] of [...state.collections]) {
      if (pathIsStrictPrefixOf(parent, path)) yield* documentsOf(collection);
    }
  }

  listCollectionIds(parent: string): string[] {
    const state = this.state(databaseOf(parent), false);
    if (state === undefined) return [];
    const ids = new Set<string>();
    const prefix = `${parent}/`;
    for (const path of state.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      ids.add(slash === -1 ? rest : rest.slice(0, slash));
    }
    return [...ids].sort(compareUtf8Strings);
  }

  missingDocumentNames(collectionPath: string): string[] {
    const state = this.state(databaseOf(collectionPath), false);
    if (state === undefined) return [];
    const names = new Set<string>();
    const prefix = `${collectionPath}/`;
    const existing = state.collections.get(collectionPath)?.documents;
    for (const path of state.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) continue;
      const id = rest.slice(0, slash);
      if (!existing?.has(id)) names.add(prefix + id);
    }
    return [...names];
  }

  databases(): string[] {
    return [...this.databasesByName.keys()];
  }

  *databaseDocuments(database: string): Iterable<Document> {
    const state = this.state(database, false);
    if (state === undefined) return;
    for (const collection of state.collections.values()) yield* documentsOf(collection);
  }

  clearDatabase(database: string): Document[] {
    const state = this.state(database, false);
    if (state === undefined) return [];
    const removed = [...this.databaseDocuments(database)];
    this.databasesByName.delete(database);
    this.count -= removed.length;
    return removed;
  }
}
