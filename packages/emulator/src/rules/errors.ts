// One error class per phase, each carrying the source span it is about:
//   RulesSyntaxError — lexing and parsing (the text is not a rules file),
//   RulesCheckError  — names, arity and recursion (the file parses but cannot run),
//   RulesEvalError   — evaluation (an `allow` condition failed to produce a value).
// Compile-time errors become RulesIssues with an excerpt and a caret, the way the rules
// endpoint reports them (line and column are 1-based).

/** Half-open character range [start, end) in the rules source. */
export type SourceSpan = { readonly start: number; readonly end: number };

export type RulesIssue = {
  readonly line: number;
  readonly column: number;
  readonly description: string;
  readonly severity: 'ERROR';
};

/** Maps offsets to 1-based line and column, and quotes lines for excerpts. */
export class SourceText {
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly text: string,
    readonly fileName = 'firestore.rules',
  ) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    }
  }

  locate(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }

  lineText(line: number): string {
    const start = this.lineStarts[line - 1] ?? this.text.length;
    const next = this.lineStarts[line];
    const end = next === undefined ? this.text.length : next - 1;
    return this.text.slice(start, end).replace(/\r$/, '');
  }

  issue(span: SourceSpan, description: string): RulesIssue {
    const { line, column } = this.locate(span.start);
    return { line, column, description, severity: 'ERROR' };
  }

  /** `file:line:column: description`, the offending line, and a caret under the span. */
  format(issue: RulesIssue, span?: SourceSpan): string {
    const text = this.lineText(issue.line);
    const gutter = String(issue.line);
    const lineEnd = text.length + 1;
    const width =
      span === undefined ? 1 : Math.max(1, Math.min(span.end - span.start, lineEnd - issue.column));
    const pad = ' '.repeat(gutter.length);
    return [
      `${this.fileName}:${issue.line}:${issue.column}: ${issue.description}`,
      `${gutter} | ${text}`,
      `${pad} | ${' '.repeat(Math.max(0, issue.column - 1))}${'^'.repeat(width)}`,
    ].join('\n');
  }
}

/** Base of the two compile-time errors: a description at a span. */
abstract class LocatedRulesError extends Error {
  constructor(
    readonly description: string,
    readonly span: SourceSpan,
  ) {
    super(description);
  }
}

export class RulesSyntaxError extends LocatedRulesError {
  override readonly name = 'RulesSyntaxError';
}

export class RulesCheckError extends LocatedRulesError {
  override readonly name = 'RulesCheckError';
}

/**
 * An evaluation failure. Inside an `allow` condition it makes that condition false, unless `&&`
 * or `||` absorb it. Helpers throw it without a span; the evaluator fills in the node's span.
 */
export class RulesEvalError extends Error {
  override readonly name: string = 'RulesEvalError';
  constructor(
    message: string,
    public span?: SourceSpan,
  ) {
    super(message);
  }
}

/**
 * A request-level limit (document accesses, call depth) was exceeded. Production denies the
 * whole request, so `&&`/`||` never absorb it.
 */
export class RulesLimitError extends RulesEvalError {
  override readonly name = 'RulesLimitError';
}
