// Showcases stored before `searchTerms` existed (or whose terms went stale) would be silent
// misses for search. This backfills them with the same rule the app's writes follow
// (`searchTermsToWrite`), field by field, so nothing else of a document is touched. Idempotent:
// a second run changes nothing. `npm run seed` runs it after seeding, and `npm run migrate` on its
// own (`npm start` seeds an empty emulator, whose demo showcases already carry their terms).
import type { PlainValue } from '@showcase/schema';
import type { FieldsUpdate, StoredDocument, EmulatorClient } from './emulator-client.js';
import { readShowcase, searchTermsToWrite } from '@showcase/schema';

export type MigrationResult = {
  /** Showcases read. */
  examined: number;
  /** Showcases whose `searchTerms` were written. */
  changed: number;
};

/** A document edited between the read and the write is read again; this many times at most. */
const MAX_ROUNDS = 5;

const isStringList = (value: PlainValue | undefined): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The update a stored showcase needs, or null when its terms are already current. */
function searchTermsBackfill(document: StoredDocument): FieldsUpdate | null {
  const { title, tags } = readShowcase(document.id, document.data, false);
  const stored = document.data.searchTerms;
  const searchTerms = searchTermsToWrite(
    { title, tags, searchTerms: isStringList(stored) ? stored : null },
    {},
  );
  if (searchTerms === null) return null;
  // Only if nobody changed the document since it was read: a concurrent rename keeps its terms.
  return { path: document.path, data: { searchTerms }, ifUpdateTime: document.updateTime };
}

/** Writes `searchTerms` on every showcase lacking them or holding stale ones. */
export async function migrateSearchTerms(client: EmulatorClient): Promise<MigrationResult> {
  let documents = await client.listDocuments('showcases');
  const examined = documents.length;
  let changed = 0;
  for (let round = 1; documents.length > 0; round += 1) {
    const updates = documents.flatMap((document) => searchTermsBackfill(document) ?? []);
    const outcomes = await client.updateFields(updates);
    const refused = updates.filter((_, index) => outcomes[index] === 'refused');
    if (refused.length > 0)
      throw new Error(`Could not write search terms to ${refused.map((u) => u.path).join(', ')}.`);
    changed += outcomes.filter((outcome) => outcome === 'written').length;
    const moved = updates.filter((_, index) => outcomes[index] === 'precondition-failed');
    if (moved.length > 0 && round === MAX_ROUNDS)
      throw new Error(
        `${moved.length} showcases kept changing while their search terms were added.`,
      );
    // Changed since they were read (edited or deleted): read again and decide afresh.
    const reread = await Promise.all(moved.map((update) => client.getDocument(update.path)));
    documents = reread.filter((document) => document !== undefined);
  }
  return { examined, changed };
}
