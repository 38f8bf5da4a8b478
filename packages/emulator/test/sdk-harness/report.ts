// How a vendored SDK suite's results are reported, the same for every suite and runtime.
import type { TestResult } from './mocha-globals.js';

/** One line per file: counts by state. */
export function summarize(file: string, results: readonly { state: string }[]): string {
  const count = (state: string): number => results.filter((r) => r.state === state).length;
  return `${file}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`;
}

/** The closing line of a run: totals over every file. */
export function totals(label: string, results: readonly TestResult[]): string {
  const count = (state: string): number => results.filter((r) => r.state === state).length;
  return `${label}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`;
}

/** Failures as one readable block: `title` then the error, per failed test. */
export function describeFailures(
  results: readonly { title: string; state: string; error?: string }[],
): string {
  return results
    .filter((r) => r.state === 'failed')
    .map((r) => `✗ ${r.title}\n    ${r.error ?? ''}`)
    .join('\n');
}
