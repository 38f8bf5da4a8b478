// Query explain: the plan summary production reports for a query (the index it would use) and
// the execution statistics of a run, in production's shapes. The emulator has no indexes; the
// plan names the composite index production would need, so explain output reads the same.
import { formatFieldPath, isDocumentNameField } from '../model/paths.js';
import type { StructuredQuery } from '../model/types.js';
import { vectorElements } from './nearest.js';
import { flattenFilters, queryNormalizedOrderBy } from './query.js';

/** A google.protobuf.Struct's JSON form (explain metrics carry their details as Structs). */
export type StructValue =
  | string
  | number
  | boolean
  | null
  | readonly StructValue[]
  | { readonly [key: string]: StructValue };
export type Struct = { readonly [key: string]: StructValue };

export type PlanSummary = { readonly indexesUsed: readonly Struct[] };

export type ExecutionStats = {
  readonly resultsReturned: number;
  readonly readOperations: number;
  readonly executionDurationMicros: number;
  readonly debugStats: Struct;
};

export type ExplainMetrics = {
  readonly planSummary: PlanSummary;
  /** Only with `analyze: true`. */
  readonly executionStats?: ExecutionStats;
};

/**
 * The index production plans for a query: equality fields ascending, then the normalized
 * order-by (inequality fields and `__name__` included), or, for a vector search, the equality
 * fields then the vector field with its dimension; e.g. `(city ASC, age DESC, __name__ DESC)`.
 */
export function queryPlanSummary(query: StructuredQuery): PlanSummary {
  const selector = query.from[0];
  const scope = selector?.allDescendants === true ? 'Collection group' : 'Collection';
  const equalities: string[] = [];
  for (const f of flattenFilters(query.where)) {
    if (f.kind === 'field' && (f.op === 'EQUAL' || f.op === 'IN' || f.op === 'ARRAY_CONTAINS')) {
      const name = formatFieldPath(f.field);
      const entry = f.op === 'ARRAY_CONTAINS' ? `${name} CONTAINS` : `${name} ASC`;
      if (!isDocumentNameField(f.field) && !equalities.includes(entry)) equalities.push(entry);
    }
  }
  let rest: string[];
  if (query.findNearest !== undefined) {
    const dimension = vectorElements(query.findNearest.queryVector)?.length ?? 0;
    rest = [`${formatFieldPath(query.findNearest.vectorField)} VECTOR<${dimension}>`];
  } else {
    rest = queryNormalizedOrderBy(query).map(
      (o) => `${formatFieldPath(o.field)} ${o.direction === 'DESCENDING' ? 'DESC' : 'ASC'}`,
    );
  }
  const properties = `(${[...equalities, ...rest].join(', ')})`;
  return { indexesUsed: [{ query_scope: scope, properties }] };
}

/** What one run did, counted by the service. */
export type ExecutionCounts = {
  readonly resultsReturned: number;
  readonly documentsScanned: number;
  readonly indexEntriesScanned: number;
  readonly executionDurationMicros: number;
  /** Aggregations bill one read per 1,000 index entries instead of one per document. */
  readonly aggregation: boolean;
};

/**
 * Production's execution statistics: reads billed (one per document returned, or per 1,000
 * index entries for an aggregation, and never fewer than one: a query costs at least one read)
 * and the debug statistics the SDK exposes, whose numbers production sends as strings.
 */
export function executionStats(counts: ExecutionCounts): ExecutionStats {
  const billable = counts.aggregation
    ? Math.ceil(counts.indexEntriesScanned / 1000)
    : counts.documentsScanned;
  const readOperations = Math.max(1, billable);
  return {
    resultsReturned: counts.resultsReturned,
    readOperations,
    executionDurationMicros: counts.executionDurationMicros,
    debugStats: {
      index_entries_scanned: String(counts.indexEntriesScanned),
      documents_scanned: String(counts.aggregation ? 0 : counts.documentsScanned),
      billing_details: {
        documents_billable: String(counts.aggregation ? 0 : counts.documentsScanned),
        index_entries_billable: String(counts.aggregation ? counts.indexEntriesScanned : 0),
        small_ops: '0',
        min_query_cost: String(billable === 0 ? 1 : 0),
      },
    },
  };
}
