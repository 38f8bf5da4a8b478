// Documents stored before a search field existed (or whose terms went stale) would be silent
// misses for search: showcases without `searchTerms`, profiles without `nameTerms`. This
// backfills them with the same rule the app's writes follow, field by field, so nothing else of
// a document is touched. Idempotent: a second run changes nothing. `npm run seed` runs it after
// seeding, and `npm run migrate` on its own (`npm start` seeds an empty emulator, whose demo
// documents already carry their terms).
import type { PlainValue } from '@showcase/schema';
import type { FieldsUpdate, StoredDocument, EmulatorClient } from './emulator-client.js';
import { nameTermsFor, readShowcase, searchTermsToWrite } from '@showcase/schema';

export type MigrationResult = {
  /** Documents read. */
  examined: number;
  /** Documents whose terms were written. */
  changed: number;
};

/** A document edited between the read and the write is read again; this many times at most. */
const MAX_ROUNDS = 5;

const isStringList = (value: PlainValue | undefined): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** The fields a stored document needs written, or null when its terms are already current. */
type Backfill = (document: StoredDocument) => Record<string, PlainValue> | null;

function showcaseSearchTerms(document: StoredDocument): Record<string, PlainValue> | null {
  const { title, tags } = readShowcase(document.id, document.data, false);
  const stored = document.data.searchTerms;
  const searchTerms = searchTermsToWrite(
    { title, tags, searchTerms: isStringList(stored) ? stored : null },
    {},
  );
  return searchTerms === null ? null : { searchTerms };
}

function profileNameTerms(document: StoredDocument): Record<string, PlainValue> | null {
  const { displayName, nameTerms: stored } = document.data;
  if (typeof displayName !== 'string') return null;
  const nameTerms = nameTermsFor(displayName);
  return isStringList(stored) && sameList(stored, nameTerms) ? null : { nameTerms };
}

/** Writes what `backfill` asks for on every document of `collection` that needs it. */
async function migrateCollection(
  client: EmulatorClient,
  collection: string,
  backfill: Backfill,
): Promise<MigrationResult> {
  const updateFor = (document: StoredDocument): FieldsUpdate | null => {
    const data = backfill(document);
    // Only if nobody changed the document since it was read: a concurrent rename keeps its terms.
    return data === null ? null : { path: document.path, data, ifUpdateTime: document.updateTime };
  };
  let documents = await client.listDocuments(collection);
  const examined = documents.length;
  let changed = 0;
  for (let round = 1; documents.length > 0; round += 1) {
    const updates = documents.flatMap((document) => updateFor(document) ?? []);
    const outcomes = await client.updateFields(updates);
    const refused = updates.filter((_, index) => outcomes[index] === 'refused');
    if (refused.length > 0)
      throw new Error(`Could not write search terms to ${refused.map((u) => u.path).join(', ')}.`);
    changed += outcomes.filter((outcome) => outcome === 'written').length;
    const moved = updates.filter((_, index) => outcomes[index] === 'precondition-failed');
    if (moved.length > 0 && round === MAX_ROUNDS)
      throw new Error(
        `${moved.length} documents of ${collection} kept changing while their search terms were added.`,
      );
    // Changed since they were read (edited or deleted): read again and decide afresh.
    const reread = await Promise.all(moved.map((update) => client.getDocument(update.path)));
    documents = reread.filter((document) => document !== undefined);
  }
  return { examined, changed };
}

/** Writes `searchTerms` on every showcase lacking them or holding stale ones. */
export function migrateSearchTerms(client: EmulatorClient): Promise<MigrationResult> {
  return migrateCollection(client, 'showcases', showcaseSearchTerms);
}

/** Writes `nameTerms` on every profile lacking them or holding stale ones (makers by name). */
export function migrateNameTerms(client: EmulatorClient): Promise<MigrationResult> {
  return migrateCollection(client, 'users', profileNameTerms);
}

/** Both backfills: what `npm run migrate` and `npm run seed` run. */
export async function migrateSearchFields(
  client: EmulatorClient,
): Promise<{ showcases: MigrationResult; profiles: MigrationResult }> {
  return {
    showcases: await migrateSearchTerms(client),
    profiles: await migrateNameTerms(client),
  };
}
