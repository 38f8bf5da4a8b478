/**
 * Stands in for the `re2js` package in the web build (`resolve.alias` in vite.config.ts).
 *
 * The Firestore SDK imports RE2JS only to evaluate the regex and LIKE functions of pipeline
 * queries on the client; the app builds no pipelines, yet the import alone adds RE2's whole
 * engine (about 45 KB gzip) to every screen that shows data. This keeps the one call the SDK
 * makes, `RE2JS.compile(pattern)` then `matches` (the whole text) or `test` (anywhere), on the
 * browser's own RegExp. RE2's leading inline flags `(?i)`, `(?m)` and `(?s)` become RegExp flags;
 * anything RegExp cannot read throws, and the SDK reports that as an evaluation error, as it does
 * for a pattern RE2 refuses. Unlike RE2, RegExp may backtrack: fine for patterns the app never
 * sends.
 */
const LEADING_FLAGS = /^\(\?([ims]+)\)/u;

export type CompiledPattern = {
  /** Whether the pattern matches all of `input`. */
  matches(input: string): boolean;
  /** Whether the pattern matches somewhere in `input`. */
  test(input: string): boolean;
};

export class RE2JS {
  static compile(pattern: string): CompiledPattern {
    const leading = LEADING_FLAGS.exec(pattern);
    const body = leading ? pattern.slice(leading[0].length) : pattern;
    const flags = `u${leading?.[1] ?? ''}`;
    const anywhere = new RegExp(body, flags);
    const whole = new RegExp(`^(?:${body})$`, flags);
    return {
      matches: (input) => whole.test(input),
      test: (input) => anywhere.test(input),
    };
  }
}
