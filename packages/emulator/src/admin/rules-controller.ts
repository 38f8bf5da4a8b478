// Loading security rules, from `--rules` at start-up and from `PUT …:securityRules` at run time.
// Compile errors are reported with line and column; a broken ruleset never replaces a working one.
// The rules engine is imported on first use: without rules it costs nothing at start-up.
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
  load(source: RulesSource): Promise<RulesLoadResult>;
  /** The source currently in force, if any. */
  current(): RulesSource | undefined;
}

export function createRulesController(core: CoreHandle, log: Logger): RulesController {
  let current: RulesSource | undefined;
  return {
    async load(source) {
      const { compileRules, createRulesAuthorizer } = await import('../rules/index.js');
      const compiled = compileRules(source.content, source.name);
      if (!compiled.ok) {
        log.warn(`security rules "${source.name}" rejected:\n${compiled.message}`);
        return { loaded: false, issues: compiled.issues, message: compiled.message };
      }
      core.setAuthorizer(
        createRulesAuthorizer(compiled.ruleset, {
          describe: `security rules loaded from ${source.name}`,
        }),
      );
      current = source;
      log.info(`security rules loaded from ${source.name}`);
      return { loaded: true, issues: [] };
    },
    current: () => current,
  };
}
