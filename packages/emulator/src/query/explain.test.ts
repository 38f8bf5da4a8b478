import { describe, expect, it } from 'vitest';
import { vector } from '../model/builders.js';
import { collectionGroup, orderBy, query, where } from './builders.js';
import { executionStats, queryPlanSummary } from './explain.js';

describe('queryPlanSummary', () => {
  it('names the index production plans: equalities, then the normalized order-by', () => {
    expect(queryPlanSummary(query('c')).indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(__name__ ASC)' },
    ]);
    expect(
      queryPlanSummary(
        query('c', where('city', '==', 'x'), where('age', '>', 3), orderBy('n', 'desc')),
      ).indexesUsed,
    ).toEqual([
      { query_scope: 'Collection', properties: '(city ASC, n DESC, age DESC, __name__ DESC)' },
    ]);
    expect(
      queryPlanSummary(collectionGroup('g', where('tags', 'array-contains', 1))).indexesUsed,
    ).toEqual([{ query_scope: 'Collection group', properties: '(tags CONTAINS, __name__ ASC)' }]);
  });

  it('names the vector field and its dimension for a vector search', () => {
    const q = {
      ...query('c', where('color', '==', 'red')),
      findNearest: {
        vectorField: ['embedding'],
        queryVector: vector([1, 2, 3]),
        distanceMeasure: 'COSINE' as const,
        limit: 3,
      },
    };
    expect(queryPlanSummary(q).indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(color ASC, embedding VECTOR<3>)' },
    ]);
  });
});

describe('executionStats', () => {
  it('bills a read per document returned, and at least one', () => {
    const counts = { resultsReturned: 0, documentsScanned: 0, indexEntriesScanned: 0 };
    const empty = executionStats({ ...counts, executionDurationMicros: 5, aggregation: false });
    expect(empty.readOperations).toBe(1);
    expect(empty.debugStats).toMatchObject({ billing_details: { min_query_cost: '1' } });
    const three = executionStats({
      resultsReturned: 3,
      documentsScanned: 3,
      indexEntriesScanned: 3,
      executionDurationMicros: 5,
      aggregation: false,
    });
    expect(three.readOperations).toBe(3);
    expect(three.debugStats).toMatchObject({ documents_scanned: '3', index_entries_scanned: '3' });
  });

  it('bills aggregations a read per 1,000 index entries', () => {
    const stats = executionStats({
      resultsReturned: 1,
      documentsScanned: 0,
      indexEntriesScanned: 2500,
      executionDurationMicros: 5,
      aggregation: true,
    });
    expect(stats.readOperations).toBe(3);
    expect(stats.debugStats).toMatchObject({
      documents_scanned: '0',
      billing_details: { index_entries_billable: '2500' },
    });
  });
});
