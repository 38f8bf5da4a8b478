// The SDK team's selection for its published build: every file of
// packages/firestore/test/integration/api except the three its integration/firestore gulpfile
// leaves out (pipeline.listen, pipeline.query, snapshot_listener_source).
export const SUITE_FILES = [
  'aggregation',
  'array_transforms',
  'batch_writes',
  'bundle',
  'composite_index_query',
  'cursor',
  'database',
  'fields',
  'get_options',
  'index_configuration',
  'large_document',
  'numeric_transforms',
  'persistent_cache_index_manager',
  'pipeline',
  'provider',
  'query',
  'query_to_pipeline',
  'server_timestamp',
  'smoke',
  'transactions',
  'type',
  'validation',
] as const;

export type SuiteFile = (typeof SUITE_FILES)[number];

/** `SDK_SUITE_FILES=query,smoke` narrows a run to some files (for debugging). */
export function selectedSuiteFiles(): readonly SuiteFile[] {
  const wanted = process.env['SDK_SUITE_FILES']?.split(',');
  return wanted ? SUITE_FILES.filter((f) => wanted.includes(f)) : SUITE_FILES;
}
