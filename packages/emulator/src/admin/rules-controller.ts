// Loading security rules, from `--rules` at start-up and from `PUT …:securityRules` at run time.
// Compile errors are reported with line and column; a broken ruleset never replaces a working one.
// The rules engine is imported on first use: without rules it costs nothing at start-up.
// Rules are kept per project (and optionally per database), as the official emulator keeps
// them, so parallel test workers on one emulator each enforce their own; rules loaded without a
// scope (`--rules`) apply to every project that has none of its own.
import type { AuthorizerScope } from '../service/types.js';
import type { Logger } from '../transport/logger.js';
import type { CoreHandle } from './core-handle.js';

export type RulesIssue = {
  readonly line: number;
  readonly column: number;
  readonly description: string;
  readonly severity: 'ERROR' | 'WARNING';
};

export type RulesSource = { readonly name: string; readonly content: string };

export type RulesLoadResult =
  | { readonly loaded: true; readonly issues: readonly RulesIssue[] }
  | {
      readonly loaded: false;
      readonly issues: readonly RulesIssue[];
      /** Every issue as `file:line:column: description` with the source line and a caret. */
      readonly message: string;
    };

export interface RulesController {
  /** Loads rules for `scope`, or the default rules of every project when no scope is given. */
  load(source: RulesSource, scope?: AuthorizerScope): Promise<RulesLoadResult>;
  /** The source loaded for exactly `scope` (the default rules without one), if any. */
  current(scope?: AuthorizerScope): RulesSource | undefined;
}

function scopeKey(scope: AuthorizerScope | undefined): string {
  if (scope === undefined) return '';
  return scope.databaseId === undefined
    ? `projects/${scope.projectId}`
    : `projects/${scope.projectId}/databases/${scope.databaseId}`;
}

export function createRulesController(core: CoreHandle, log: Logger): RulesController {
  const loaded = new Map<string, RulesSource>();
  return {
    async load(source, scope) {
      const { compileRules, createRulesAuthorizer } = await import('../rules/index.js');
      const compiled = compileRules(source.content, source.name, 'cloud.firestore');
      if (!compiled.ok) {
        log.warn(`security rules "${source.name}" rejected:\n${compiled.message}`);
        return { loaded: false, issues: compiled.issues, message: compiled.message };
      }
      core.setAuthorizer(
        createRulesAuthorizer(compiled.ruleset, {
          describe: `security rules loaded from ${source.name}`,
        }),
        scope,
      );
      loaded.set(scopeKey(scope), source);
      const where = scope === undefined ? '' : ` for ${scopeKey(scope)}`;
      log.info(`security rules loaded from ${source.name}${where}`);
      return { loaded: true, issues: [] };
    },
    current: (scope) => loaded.get(scopeKey(scope)),
  };
}
