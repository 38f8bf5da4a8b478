// Matching a request's document path against `match` patterns and binding the wildcards.
// For a single document every segment is known. For a query the last segment (the document id)
// is unknown, and a collection-group query also has an unknown stretch of ancestors: a pattern
// applies to a query only if it matches every path the query could return, so a literal
// segment never matches an unknown one and only a recursive wildcard can swallow the stretch.
import type { PatternSegment } from './compiler.js';
import { path, str, type RulesValue } from './values.js';

export type TargetSegment =
  | { readonly kind: 'known'; readonly value: string }
  /** The id of a document a query may return. */
  | { readonly kind: 'unknownId' }
  /** Zero or more ancestors of a collection-group query's documents. */
  | { readonly kind: 'anyPath' };

export type WildcardBinding =
  | { readonly kind: 'value'; readonly value: RulesValue }
  | { readonly kind: 'unknown'; readonly description: string };

/** Bindings per nesting level (1-based), or null when the pattern does not match. */
export type MatchBindings = Map<number, Map<string, WildcardBinding>>;

export const knownSegments = (segments: readonly string[]): TargetSegment[] =>
  segments.map((value) => ({ kind: 'known', value }));

export function matchPattern(
  pattern: readonly PatternSegment[],
  target: readonly TargetSegment[],
  version: '1' | '2',
): MatchBindings | null {
  const bindings: MatchBindings = new Map();
  const bind = (segment: PatternSegment, binding: WildcardBinding): void => {
    const level = bindings.get(segment.level) ?? new Map<string, WildcardBinding>();
    level.set((segment as { name: string }).name, binding);
    bindings.set(segment.level, level);
  };
  const unbind = (segment: PatternSegment): void => {
    bindings.get(segment.level)?.delete((segment as { name: string }).name);
  };

  const from = (p: number, t: number): boolean => {
    if (p === pattern.length) return t === target.length;
    const segment = pattern[p]!;
    const here = target[t];
    switch (segment.kind) {
      case 'literal':
        return here?.kind === 'known' && here.value === segment.value && from(p + 1, t + 1);
      case 'wildcard':
        if (here === undefined || here.kind === 'anyPath') return false;
        bind(
          segment,
          here.kind === 'known'
            ? { kind: 'value', value: str(here.value) }
            : { kind: 'unknown', description: `Wildcard '${segment.name}'` },
        );
        if (from(p + 1, t + 1)) return true;
        unbind(segment);
        return false;
      case 'recursive': {
        // rules_version 1: one or more segments; 2: zero or more.
        const minimum = version === '2' ? 0 : 1;
        for (let end = t + minimum; end <= target.length; end++) {
          const swallowed = target.slice(t, end);
          const known = swallowed.every((s) => s.kind === 'known');
          bind(
            segment,
            known
              ? { kind: 'value', value: path(swallowed.map((s) => (s as { value: string }).value)) }
              : { kind: 'unknown', description: `Wildcard '${segment.name}'` },
          );
          if (from(p + 1, end)) return true;
        }
        unbind(segment);
        return false;
      }
    }
  };
  return from(0, 0) ? bindings : null;
}
