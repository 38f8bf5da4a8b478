// The decision both services' authorizers make once they know a request's target path and its
// `request`/`resource`: find the match blocks whose pattern covers the target, bind their
// wildcards, and evaluate the `allow` statements for the method until one is true. None true
// means a denial with the reason each one failed, worded as the official emulators word them
// ("false for 'create' @ L5").
import type { AccessMethod } from './ast.js';
import type { Ruleset } from './compiler.js';
import { RulesEvalError, RulesLimitError } from './errors.js';
import { Evaluator, Scope } from './evaluator.js';
import type { DocumentReader } from './functions.js';
import { matchPattern, type TargetSegment } from './paths.js';

export type Decision =
  { readonly allowed: true } | { readonly allowed: false; readonly reasons: readonly string[] };

/** True as soon as one applicable `allow` holds; otherwise the reason each one failed. */
export function decide(
  ruleset: Ruleset,
  method: AccessMethod,
  target: readonly TargetSegment[],
  root: Scope,
  reader: DocumentReader,
): Decision {
  const reasons: string[] = [];
  for (const match of ruleset.matches) {
    const allows = match.allows.filter((allow) => allow.methods.has(method));
    if (allows.length === 0) continue;
    const bindings = matchPattern(match.pattern, target, ruleset.version);
    if (bindings === null) continue;
    const levels: Scope[] = [root];
    for (let level = 1; level <= match.depth; level++) {
      const scope = new Scope(levels[level - 1]);
      for (const [name, binding] of bindings.get(level) ?? []) {
        if (binding.kind === 'value') scope.set(name, binding.value);
        else scope.setUnknown(name, binding.description);
      }
      levels.push(scope);
    }
    for (const allow of allows) {
      if (allow.condition === undefined) return { allowed: true };
      try {
        const evaluator = new Evaluator(levels, reader);
        if (evaluator.condition(allow.condition, match.depth, match.functions))
          return { allowed: true };
        reasons.push(`false for '${method}' @ L${allow.line}`);
      } catch (error) {
        // Deeply nested functions can exhaust the stack: deny rather than fail the request.
        if (error instanceof RangeError) {
          return {
            allowed: false,
            reasons: [`evaluation error for '${method}' @ L${allow.line}, ${error.message}`],
          };
        }
        if (!(error instanceof RulesEvalError)) throw error;
        const at = ruleset.source.locate(error.span?.start ?? allow.span.start);
        const reason = `evaluation error at L${at.line}:${at.column} for '${method}' @ L${allow.line}, ${error.message}`;
        if (error instanceof RulesLimitError) return { allowed: false, reasons: [reason] };
        reasons.push(reason);
      }
    }
  }
  return {
    allowed: false,
    reasons: reasons.length > 0 ? reasons : ['No matching allow statements'],
  };
}

/** The production message, followed on a new line by the reasons unless `explain` is false. */
export function denialMessage(
  production: string,
  reasons: readonly string[],
  explain = true,
): string {
  return explain ? `${production}\n${reasons.join(', ')}` : production;
}
