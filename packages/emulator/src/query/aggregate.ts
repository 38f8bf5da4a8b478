// Aggregations over a query's results: count (with upTo), sum and avg, as production computes
// them. Non-numeric values are ignored by sum and avg.
import { EmulatorError } from '../errors.js';
import { getField } from '../model/document.js';
import { fieldPathEquals } from '../model/paths.js';
import type { Aggregation, Document, FieldPath, Value } from '../model/types.js';

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

/** Most aggregations one request may ask for (production's limit). */
export const MAX_AGGREGATIONS = 5;

export function validateAggregations(aggregations: readonly Aggregation[]): void {
  if (aggregations.length === 0) {
    throw new EmulatorError('INVALID_ARGUMENT', 'At least one aggregation must be specified.');
  }
  if (aggregations.length > MAX_AGGREGATIONS) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Too many aggregations (${aggregations.length}): the maximum number of aggregations is ${MAX_AGGREGATIONS}.`,
    );
  }
  const aliases = new Set<string>();
  for (const aggregation of aggregations) {
    if (aliases.has(aggregation.alias)) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Duplicate aggregation alias '${aggregation.alias}'.`,
      );
    }
    aliases.add(aggregation.alias);
    if (aggregation.kind === 'count' && aggregation.upTo !== undefined && aggregation.upTo <= 0) {
      throw new EmulatorError('INVALID_ARGUMENT', 'up_to must be greater than zero.');
    }
  }
}

/**
 * The fields a request aggregates over. Production filters the query by the existence of each
 * (any value, numeric or not), so with sum(a) and avg(b) a document lacking either is left out
 * of every aggregation, count included.
 */
export function aggregatedFields(aggregations: readonly Aggregation[]): FieldPath[] {
  const fields: FieldPath[] = [];
  for (const aggregation of aggregations) {
    if (aggregation.kind === 'count') continue;
    if (!fields.some((f) => fieldPathEquals(f, aggregation.field))) fields.push(aggregation.field);
  }
  return fields;
}

function sum(documents: readonly Document[], field: readonly string[]): Value {
  let integerSum = 0n;
  let doubleSum = 0;
  let allIntegers = true;
  for (const doc of documents) {
    const value = getField(doc.fields, field);
    if (value === undefined) continue;
    if (value.kind === 'integer') {
      if (allIntegers) {
        const next = integerSum + value.value;
        if (next > INT64_MAX || next < INT64_MIN) {
          // An int64 overflow turns the sum into a double, as production does.
          allIntegers = false;
          doubleSum = Number(integerSum) + Number(value.value);
        } else {
          integerSum = next;
        }
      } else {
        doubleSum += Number(value.value);
      }
    } else if (value.kind === 'double') {
      if (allIntegers) {
        allIntegers = false;
        doubleSum = Number(integerSum);
      }
      doubleSum += value.value;
    }
  }
  return allIntegers
    ? { kind: 'integer', value: integerSum }
    : { kind: 'double', value: doubleSum };
}

function average(documents: readonly Document[], field: readonly string[]): Value {
  let total = 0;
  let count = 0;
  for (const doc of documents) {
    const value = getField(doc.fields, field);
    if (value === undefined) continue;
    if (value.kind === 'integer') total += Number(value.value);
    else if (value.kind === 'double') total += value.value;
    else continue;
    count++;
  }
  return count === 0 ? { kind: 'null' } : { kind: 'double', value: total / count };
}

/** Computes each aggregation over `documents` (already filtered, ordered and limited). */
export function aggregateDocuments(
  documents: readonly Document[],
  aggregations: readonly Aggregation[],
): Map<string, Value> {
  const result = new Map<string, Value>();
  for (const aggregation of aggregations) {
    switch (aggregation.kind) {
      case 'count': {
        const n =
          aggregation.upTo === undefined
            ? documents.length
            : Math.min(documents.length, aggregation.upTo);
        result.set(aggregation.alias, { kind: 'integer', value: BigInt(n) });
        break;
      }
      case 'sum':
        result.set(aggregation.alias, sum(documents, aggregation.field));
        break;
      case 'avg':
        result.set(aggregation.alias, average(documents, aggregation.field));
        break;
    }
  }
  return result;
}
