// Vector search (`findNearest`): exact k-nearest-neighbours over a query's matching documents,
// with production's distances and threshold semantics. Production answers from an approximate
// index; an emulator's brute force is what that index approximates.
import { EmulatorError } from '../errors.js';
import { getField, setField } from '../model/document.js';
import { isDocumentNameField } from '../model/paths.js';
import type { DistanceMeasure, Document, FindNearest, Value } from '../model/types.js';
import { compareUtf8Strings, isVectorValue } from '../model/values.js';

/** Most results one nearest-neighbour search returns (production's limit). */
export const MAX_NEAREST_LIMIT = 1000;
/** Most dimensions a vector may have. */
export const MAX_VECTOR_DIMENSIONS = 2048;

/**
 * Decoded vectors by their value. Values are immutable, and a stored document hands out the same
 * map Value for a nested map on every read, so repeated searches over unchanged documents skip
 * decoding (which cost more than the distances); an entry goes when its value does.
 */
const decodedVectors = new WeakMap<Value, Float64Array | null>();

/** The elements of a vector value, or undefined when `value` is not a vector of numbers. */
export function vectorElements(value: Value | undefined): Float64Array | undefined {
  if (value === undefined || value.kind !== 'map') return undefined;
  let elements = decodedVectors.get(value);
  if (elements === undefined) {
    elements = decodeVector(value);
    decodedVectors.set(value, elements);
  }
  return elements ?? undefined;
}

function decodeVector(value: Value): Float64Array | null {
  if (value.kind !== 'map' || !isVectorValue(value)) return null;
  const array = value.fields.get('value');
  if (array === undefined || array.kind !== 'array') return null;
  const elements = new Float64Array(array.values.length);
  for (let i = 0; i < array.values.length; i++) {
    const element = array.values[i] as Value;
    if (element.kind === 'double') elements[i] = element.value;
    else if (element.kind === 'integer') elements[i] = Number(element.value);
    else return null;
  }
  return elements;
}

/**
 * The distance between two vectors of one dimension: Euclidean distance, cosine distance
 * (1 − cosine similarity; NaN when either vector is all zeros) or the dot product.
 */
export function vectorDistance(measure: DistanceMeasure, a: Float64Array, b: Float64Array): number {
  let sum = 0;
  switch (measure) {
    case 'EUCLIDEAN':
      for (let i = 0; i < a.length; i++) {
        const d = (a[i] as number) - (b[i] as number);
        sum += d * d;
      }
      return Math.sqrt(sum);
    case 'DOT_PRODUCT':
      for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
      return sum;
    case 'COSINE': {
      let normA = 0;
      let normB = 0;
      for (let i = 0; i < a.length; i++) {
        const x = a[i] as number;
        const y = b[i] as number;
        sum += x * y;
        normA += x * x;
        normB += y * y;
      }
      return 1 - sum / Math.sqrt(normA * normB);
    }
  }
}

function invalid(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

/** A validated search: the measure and limit are present and the query vector decoded. */
export type NearestSearch = {
  readonly spec: FindNearest;
  readonly measure: DistanceMeasure;
  readonly limit: number;
  readonly queryVector: Float64Array;
};

/** Refuses a search production refuses, with production's wording where it is known. */
export function validateFindNearest(spec: FindNearest): NearestSearch {
  if (spec.vectorField.length === 0 || isDocumentNameField(spec.vectorField)) {
    throw invalid('FindNearest.vector_field must name a vector field.');
  }
  if (spec.queryVector === undefined) {
    throw invalid('FindNearest.query_vector is required.');
  }
  const queryVector = vectorElements(spec.queryVector);
  if (queryVector === undefined) throw invalid('Query Value must be of type vector.');
  if (queryVector.length === 0) throw invalid('Cannot have a zero length vector.');
  if (queryVector.length > MAX_VECTOR_DIMENSIONS) {
    throw invalid(`Vectors must be at most ${MAX_VECTOR_DIMENSIONS} dimensions.`);
  }
  if (spec.distanceMeasure === undefined) {
    throw invalid('FindNearest.distance_measure is required.');
  }
  const { limit } = spec;
  if (limit === undefined || !Number.isInteger(limit) || limit < 1 || limit > MAX_NEAREST_LIMIT) {
    throw invalid(
      `FindNearest.limit must be a positive integer of no more than ${MAX_NEAREST_LIMIT}, got ${String(limit ?? 0)}.`,
    );
  }
  if (spec.distanceThreshold !== undefined && !Number.isFinite(spec.distanceThreshold)) {
    throw invalid('FindNearest.distance_threshold must be a finite number.');
  }
  if (spec.distanceResultField !== undefined && isDocumentNameField(spec.distanceResultField)) {
    throw invalid('FindNearest.distance_result_field cannot be __name__.');
  }
  return { spec, measure: spec.distanceMeasure, limit, queryVector };
}

/** Whether `distance` passes the threshold: at most it, or at least it for DOT_PRODUCT. */
function withinThreshold(search: NearestSearch, distance: number): boolean {
  const threshold = search.spec.distanceThreshold;
  if (threshold === undefined) return true;
  return search.measure === 'DOT_PRODUCT' ? distance >= threshold : distance <= threshold;
}

type Scored = { readonly doc: Document; readonly distance: number };

/** Nearer first: smaller distances, or larger dot products; ties by document name. */
function compareScored(measure: DistanceMeasure): (a: Scored, b: Scored) => number {
  const sign = measure === 'DOT_PRODUCT' ? -1 : 1;
  return (a, b) =>
    a.distance !== b.distance
      ? sign * (a.distance - b.distance)
      : compareUtf8Strings(a.doc.name, b.doc.name);
}

/**
 * The `limit` documents nearest to the query vector among `candidates`, nearest first, each
 * with its distance written into `distanceResultField` when asked. Documents whose field is
 * missing, not a vector, or of another dimension are skipped, as production skips them.
 */
export function nearestDocuments(
  search: NearestSearch,
  candidates: Iterable<Document>,
): Document[] {
  const { spec, measure, queryVector } = search;
  const scored: Scored[] = [];
  for (const doc of candidates) {
    const vector = vectorElements(getField(doc.fields, spec.vectorField));
    if (vector === undefined || vector.length !== queryVector.length) continue;
    const distance = vectorDistance(measure, vector, queryVector);
    if (Number.isNaN(distance) || !withinThreshold(search, distance)) continue;
    scored.push({ doc, distance });
  }
  scored.sort(compareScored(measure));
  const nearest = scored.slice(0, search.limit);
  const resultField = spec.distanceResultField;
  if (resultField === undefined) return nearest.map((s) => s.doc);
  return nearest.map(({ doc, distance }) => ({
    ...doc,
    fields: setField(doc.fields, resultField, { kind: 'double', value: distance }),
  }));
}
