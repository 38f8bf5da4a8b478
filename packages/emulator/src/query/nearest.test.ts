import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { doc, field, nameOf, vector, wrap } from '../model/builders.js';
import type { Document, FindNearest, StructuredQuery } from '../model/types.js';
import { query, where } from './builders.js';
import { nearestDocuments, validateFindNearest, vectorDistance } from './nearest.js';
import { compileQuery, runCompiledQuery } from './query.js';

const ROOT = nameOf('');

function search(options: Partial<FindNearest> & { vector?: number[] }): FindNearest {
  return {
    vectorField: field('embedding'),
    queryVector: vector(options.vector ?? [0, 0]),
    distanceMeasure: 'EUCLIDEAN',
    limit: 10,
    ...options,
  };
}

function ids(documents: readonly Document[]): string[] {
  return documents.map((d) => d.name.slice(d.name.lastIndexOf('/') + 1));
}

function refusal(spec: FindNearest): string {
  try {
    validateFindNearest(spec);
  } catch (error) {
    expect(error).toBeInstanceOf(EmulatorError);
    expect((error as EmulatorError).code).toBe('INVALID_ARGUMENT');
    return (error as EmulatorError).message;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

const docs = [
  doc('v/far', { embedding: vector([3, 4]), n: 1 }),
  doc('v/near', { embedding: vector([1, 0]), n: 2 }),
  doc('v/tie', { embedding: vector([0, 1]), n: 3 }),
  doc('v/origin', { embedding: vector([0, 0]), n: 4 }),
  doc('v/wrong-dimension', { embedding: vector([1, 1, 1]) }),
  doc('v/not-a-vector', { embedding: wrap([1, 1]) }),
  doc('v/missing', { other: 1 }),
];

describe('vectorDistance', () => {
  const a = new Float64Array([1, 2, 3]);
  const b = new Float64Array([4, 6, 3]);
  it('computes Euclidean, cosine and dot-product distances', () => {
    expect(vectorDistance('EUCLIDEAN', a, b)).toBe(5);
    expect(vectorDistance('DOT_PRODUCT', a, b)).toBe(25);
    expect(vectorDistance('COSINE', a, b)).toBeCloseTo(1 - 25 / Math.sqrt(14 * 61), 12);
    expect(vectorDistance('COSINE', a, new Float64Array([2, 4, 6]))).toBeCloseTo(0, 12);
  });
});

describe('nearestDocuments', () => {
  it('orders by Euclidean distance, ties by name, and skips non-vectors and other dimensions', () => {
    const result = nearestDocuments(validateFindNearest(search({})), docs);
    expect(ids(result)).toEqual(['origin', 'near', 'tie', 'far']);
  });

  it('keeps the largest dot products first and applies each threshold the right way', () => {
    const dot = validateFindNearest(
      search({ distanceMeasure: 'DOT_PRODUCT', vector: [1, 1], distanceThreshold: 1 }),
    );
    expect(ids(nearestDocuments(dot, docs))).toEqual(['far', 'near', 'tie']);
    const euclidean = validateFindNearest(search({ distanceThreshold: 1 }));
    expect(ids(nearestDocuments(euclidean, docs))).toEqual(['origin', 'near', 'tie']);
  });

  it('skips zero vectors under COSINE (no direction) and keeps the limit', () => {
    const cosine = validateFindNearest(
      search({ distanceMeasure: 'COSINE', vector: [1, 0], limit: 2 }),
    );
    expect(ids(nearestDocuments(cosine, docs))).toEqual(['near', 'far']);
  });

  it('writes the distance into distanceResultField, nested paths included', () => {
    const spec = search({ distanceResultField: ['meta', 'distance'], limit: 1, vector: [3, 0] });
    const [first] = nearestDocuments(validateFindNearest(spec), docs);
    const meta = first?.fields.get('meta');
    expect(meta?.kind === 'map' && meta.fields.get('distance')).toEqual({
      kind: 'double',
      value: 2,
    });
  });
});

describe('findNearest in a query', () => {
  it('runs after the where pre-filter and supersedes order-by', () => {
    const base: StructuredQuery = query('v', where('n', '>=', 2));
    const q: StructuredQuery = { ...base, findNearest: search({ vector: [3, 4] }) };
    const { documents } = runCompiledQuery(compileQuery(ROOT, q), docs);
    expect(ids(documents)).toEqual(['tie', 'near', 'origin']);
  });

  it('refuses what production refuses', () => {
    expect(refusal(search({ limit: 0 }))).toMatch(/positive integer of no more than 1000/);
    expect(refusal(search({ limit: 1001 }))).toMatch(/no more than 1000/);
    expect(refusal(search({ limit: undefined }))).toMatch(/limit/);
    expect(refusal(search({ queryVector: undefined }))).toMatch(/query_vector is required/);
    expect(refusal(search({ queryVector: wrap([1, 2]) }))).toBe(
      'Query Value must be of type vector.',
    );
    expect(refusal(search({ vector: [] }))).toBe('Cannot have a zero length vector.');
    expect(refusal(search({ vector: new Array<number>(2049).fill(1) }))).toBe(
      'Vectors must be at most 2048 dimensions.',
    );
    expect(refusal(search({ distanceMeasure: undefined }))).toMatch(/distance_measure/);
    expect(refusal(search({ distanceThreshold: Number.NaN }))).toMatch(/finite/);
  });
});
