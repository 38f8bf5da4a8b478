// Regular expressions with RE2 semantics (linear time, no backtracking), as production uses for
// `matches`, `replace` and `split`. Patterns come from rules text and are few, so compiled
// patterns are cached; a bad pattern is an evaluation error of the call that used it.
import { RE2JS } from 're2js';
import { RulesEvalError } from './errors.js';

const CACHE_LIMIT = 512;
const cache = new Map<string, RE2JS | string>();

export function compileRegex(pattern: string): RE2JS {
  let entry = cache.get(pattern);
  if (entry === undefined) {
    try {
      entry = RE2JS.compile(pattern);
    } catch (error) {
      entry = error instanceof Error ? error.message : String(error);
    }
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(pattern, entry);
  }
  if (typeof entry === 'string') throw new RulesEvalError(`Invalid regular expression: ${entry}.`);
  return entry;
}

/** True when the whole of `input` matches. */
export function regexMatches(pattern: string, input: string): boolean {
  return compileRegex(pattern).testExact(input);
}

/** Replaces every match; the replacement is literal text. */
export function regexReplace(input: string, pattern: string, replacement: string): string {
  return compileRegex(pattern).matcher(input).replaceAll(RE2JS.quoteReplacement(replacement));
}

/** Splits around every match, keeping empty pieces (including trailing ones). */
export function regexSplit(input: string, pattern: string): string[] {
  return compileRegex(pattern).split(input, -1);
}
