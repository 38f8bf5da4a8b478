// The in-memory store: documents grouped per database and per collection (by name), with a
// collection-id index for collection-group scans. Writes cost O(1) index updates; a query scans
// only the collections it names. Only the current version of each document is kept, with its
// fields compacted (model/compact-fields.ts): about half the memory of Maps.
import { compactFields, FieldNameTable } from '../model/compact-fields.js';
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
  /** Collection path → its documents by name. Empty collections are dropped. */
  readonly collections: Map<string, Map<string, Document>>;
  /** Collection id → collection paths with that id. */
  readonly groups: Map<string, Set<string>>;
};

export class MemoryStore implements Store {
  private readonly databasesByName = new Map<string, DatabaseState>();
  private readonly fieldNames = new FieldNameTable();
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
    return state?.collections.get(collectionPathOf(name))?.get(name) ?? null;
  }

  put(doc: Document): Document {
    const state = this.state(databaseOf(doc.name), true);
    const stored: Document = { ...doc, fields: compactFields(doc.fields, this.fieldNames) };
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
    if (!collection.has(doc.name)) this.count++;
    collection.set(doc.name, stored);
    return stored;
  }

  delete(name: string): Document | null {
    const database = databaseOf(name);
    const state = this.state(database, false);
    const collectionPath = collectionPathOf(name);
    const collection = state?.collections.get(collectionPath);
    const existing = collection?.get(name);
    if (state === undefined || collection === undefined || existing === undefined) return null;
    collection.delete(name);
    this.count--;
    if (collection.size === 0) {
      state.collections.delete(collectionPath);
      const id = collectionIdOf(name);
      const group = state.groups.get(id);
      group?.delete(collectionPath);
      if (group !== undefined && group.size === 0) state.groups.delete(id);
    }
    if (state.collections.size === 0) this.databasesByName.delete(database);
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
    const existing = state.collections.get(collectionPath);
    for (const path of state.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) continue;
      const name = prefix + rest.slice(0, slash);
      if (!existing?.has(name)) names.add(name);
    }
    return [...names];
  }

  databases(): string[] {
    return [...this.databasesByName.keys()];
  }

  *databaseDocuments(database: string): Iterable<Document> {
    const state = this.state(database, false);
    if (state === undefined) return;
    for (const collection of state.collections.values()) yield* collection.values();
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
