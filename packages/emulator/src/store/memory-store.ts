// The in-memory store: documents by name, grouped per database and per collection, with a
// collection-id index for collection-group scans. Writes cost O(1) index updates; a query scans
// only the collections it names. Only the current version of each document is kept.
import {
  collectionIdOf,
  collectionPathOf,
  databaseOf,
  pathIsStrictPrefixOf,
} from '../model/paths.js';
import type { Document } from '../model/types.js';
import { compareUtf8Strings } from '../model/values.js';
import type { Store } from './store.js';

type DatabaseState = {
  readonly documents: Map<string, Document>;
  /** Collection path → its documents by name. Empty collections are dropped. */
  readonly collections: Map<string, Map<string, Document>>;
  /** Collection id → collection paths with that id. */
  readonly groups: Map<string, Set<string>>;
};

export class MemoryStore implements Store {
  private readonly databasesByName = new Map<string, DatabaseState>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  private state(database: string, create: true): DatabaseState;
  private state(database: string, create: false): DatabaseState | undefined;
  private state(database: string, create: boolean): DatabaseState | undefined {
    let state = this.databasesByName.get(database);
    if (state === undefined && create) {
      state = { documents: new Map(), collections: new Map(), groups: new Map() };
      this.databasesByName.set(database, state);
    }
    return state;
  }

  get(name: string): Document | null {
    return this.state(databaseOf(name), false)?.documents.get(name) ?? null;
  }

  put(doc: Document): void {
    const state = this.state(databaseOf(doc.name), true);
    if (!state.documents.has(doc.name)) this.count++;
    state.documents.set(doc.name, doc);
    const collectionPath = collectionPathOf(doc.name);
    let collection = state.collections.get(collectionPath);
    if (collection === undefined) {
      collection = new Map();
      state.collections.set(collectionPath, collection);
      const id = collectionIdOf(doc.name);
      let group = state.groups.get(id);
      if (group === undefined) {
        group = new Set();
        state.groups.set(id, group);
      }
      group.add(collectionPath);
    }
    collection.set(doc.name, doc);
  }

  delete(name: string): Document | null {
    const database = databaseOf(name);
    const state = this.state(database, false);
    const existing = state?.documents.get(name);
    if (state === undefined || existing === undefined) return null;
    state.documents.delete(name);
    this.count--;
    const collectionPath = collectionPathOf(name);
    const collection = state.collections.get(collectionPath);
    if (collection !== undefined) {
      collection.delete(name);
      if (collection.size === 0) {
        state.collections.delete(collectionPath);
        const id = collectionIdOf(name);
        const group = state.groups.get(id);
        group?.delete(collectionPath);
        if (group !== undefined && group.size === 0) state.groups.delete(id);
      }
    }
    if (state.documents.size === 0) this.databasesByName.delete(database);
    return existing;
  }

  collectionDocuments(collectionPath: string): Iterable<Document> {
    const collection = this.state(databaseOf(collectionPath), false)?.collections.get(
      collectionPath,
    );
    return collection === undefined ? [] : collection.values();
  }

  *collectionGroupDocuments(parent: string, collectionId: string): Iterable<Document> {
    const state = this.state(databaseOf(parent), false);
    const paths = state?.groups.get(collectionId);
    if (state === undefined || paths === undefined) return;
    for (const path of [...paths]) {
      if (!pathIsStrictPrefixOf(parent, path)) continue;
      const collection = state.collections.get(path);
      if (collection !== undefined) yield* collection.values();
    }
  }

  *descendantDocuments(parent: string): Iterable<Document> {
    const state = this.state(databaseOf(parent), false);
    if (state === undefined) return;
    for (const [path, collection] of [...state.collections]) {
      if (pathIsStrictPrefixOf(parent, path)) yield* collection.values();
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
    for (const path of state.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) continue;
      const name = prefix + rest.slice(0, slash);
      if (!state.documents.has(name)) names.add(name);
    }
    return [...names];
  }

  databases(): string[] {
    return [...this.databasesByName.keys()];
  }

  databaseDocuments(database: string): Iterable<Document> {
    return this.state(database, false)?.documents.values() ?? [];
  }

  clearDatabase(database: string): Document[] {
    const state = this.state(database, false);
    if (state === undefined) return [];
    const removed = [...state.documents.values()];
    this.databasesByName.delete(database);
    this.count -= removed.length;
    return removed;
  }
}
