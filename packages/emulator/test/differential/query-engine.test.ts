// Differential tests of the pure query engine (src/query) against the reference model: random
// documents and random valid queries over every operator, composite filters, cursors, offset,
// limit and limitToLast. A failure prints the seed and the shrunk query.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileQuery, runCompiledQuery } from '../../src/query/query.js';
import type { Document, StructuredQuery } from '../../src/model/types.js';
import {
  referenceLimitToLast,
  referenceLimitToLastWireQuery,
  referenceOrderedMatches,
  referenceRunQuery,
} from '../reference/query.js';
import { DOCUMENTS_ROOT, describeValue, documentsArb, queryArb } from './generators.js';

// fast-check needs a whole number of runs: a fraction never reaches the count and never ends.
const RUNS = 1000;

const shortName = (doc: Document): string => doc.name.slice(DOCUMENTS_ROOT.length + 1);

/** A readable line per document for failure messages. */
function describeDocuments(docs: readonly Document[]): string {
  return docs
    .map(
      (doc) =>
        `${shortName(doc)} {${[...doc.fields].map(([k, v]) => `${k}: ${describeValue(v)}`).join(', ')}}`,
    )
    .join('\n');
}

function describeQuery(parent: string, query: StructuredQuery): string {
  return `parent=${parent.replace(DOCUMENTS_ROOT, '<root>')}\n${JSON.stringify(
    query,
    (_key, value: unknown) => {
      if (typeof value === 'bigint') return `${value}n`;
      if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
      if (value instanceof Map) return Object.fromEntries(value);
      if (value instanceof Uint8Array) return [...value];
      return value;
    },
  )}`;
}

describe('query engine vs reference', () => {
  it('returns the same documents in the same order, with the same skipped count', () => {
    fc.assert(
      fc.property(documentsArb, queryArb, (docs, { parent, query }) => {
        const label = `${describeQuery(parent, query)}\n${describeDocuments(docs)}`;
        const engine = runCompiledQuery(compileQuery(parent, query), docs);
        const expected = referenceRunQuery(parent, query, docs);
        expect(engine.documents.map(shortName), label).toEqual(expected.map(shortName));
        const matched = referenceOrderedMatches(parent, query, docs).length;
        expect(engine.skippedResults, label).toBe(Math.min(query.offset, matched));
      }),
      { numRuns: RUNS },
    );
  });

  it('matches each document exactly when the reference keeps it (listener matching)', () => {
    fc.assert(
      fc.property(documentsArb, queryArb, (docs, { parent, query }) => {
        const compiled = compileQuery(parent, query);
        const kept = new Set(referenceOrderedMatches(parent, query, docs).map((d) => d.name));
        for (const doc of docs) {
          expect(
            compiled.matches(doc),
            `${shortName(doc)}\n${describeQuery(parent, query)}\n${describeDocuments(docs)}`,
          ).toBe(kept.has(doc.name));
        }
      }),
      { numRuns: Math.floor(RUNS / 3) },
    );
  });

  it('answers the limitToLast query the client sends with the last documents, once reversed', () => {
    fc.assert(
      fc.property(
        documentsArb,
        queryArb,
        fc.integer({ min: 1, max: 5 }),
        (docs, { parent, query }, count) => {
          const userQuery: StructuredQuery = { ...query, offset: 0, limit: undefined };
          const wire = referenceLimitToLastWireQuery(userQuery, count);
          const label = `limitToLast(${count}) of ${describeQuery(parent, userQuery)}\n${describeDocuments(docs)}`;
          const engine = runCompiledQuery(compileQuery(parent, wire), docs).documents.reverse();
          expect(engine.map(shortName), label).toEqual(
            referenceLimitToLast(parent, userQuery, count, docs).map(shortName),
          );
        },
      ),
      { numRuns: Math.floor(RUNS / 3) },
    );
  });
});
