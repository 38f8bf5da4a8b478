// Turns rules source into tokens with spans. Two kinds of token are context-sensitive:
// - after `match`, a `/` starts a match path (`/users/{uid}/{rest=**}`), lexed as one token;
// - where an operand may start, a `/` starts a path literal (`/databases/$(database)/documents`),
//   also one token, whose `$(…)` ranges the parser lexes again as expressions.
// Everywhere else `/` is division, as in `a / b`.
import type { MatchSegment } from './ast.js';
import { RulesSyntaxError, type SourceSpan } from './errors.js';

export type Punctuator =
  | '{'
  | '}'
  | '('
  | ')'
  | '['
  | ']'
  | ','
  | ';'
  | ':'
  | '.'
  | '?'
  | '!'
  | '='
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '&&'
  | '||'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%';

/** A path literal before its interpolations are parsed: text, or the source range inside `$(…)`. */
export type RawPathPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'interpolation'; readonly span: SourceSpan };

export type Token =
  | { readonly kind: 'identifier'; readonly text: string; readonly span: SourceSpan }
  | { readonly kind: 'int'; readonly value: bigint; readonly span: SourceSpan }
  | { readonly kind: 'float'; readonly value: number; readonly span: SourceSpan }
  | { readonly kind: 'string'; readonly value: string; readonly span: SourceSpan }
  | { readonly kind: 'bytes'; readonly value: Uint8Array; readonly span: SourceSpan }
  | {
      readonly kind: 'matchPath';
      readonly segments: readonly MatchSegment[];
      readonly span: SourceSpan;
    }
  | {
      readonly kind: 'pathLiteral';
      readonly parts: readonly RawPathPart[];
      readonly span: SourceSpan;
    }
  | { readonly kind: 'punctuator'; readonly text: Punctuator; readonly span: SourceSpan }
  | { readonly kind: 'eof'; readonly span: SourceSpan };

const TWO_CHAR_PUNCTUATORS = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const ONE_CHAR_PUNCTUATORS = new Set('{}()[],;:.?!=<>+-*/%');

/** Keywords after which an operand (so possibly a path literal) follows. */
const OPERAND_KEYWORDS = new Set(['if', 'return', 'in', 'allow']);

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isHexDigit = (c: string): boolean => /^[0-9a-fA-F]$/.test(c);
const isIdentifierStart = (c: string): boolean => /^[A-Za-z_]$/.test(c);
const isIdentifierPart = (c: string): boolean => /^[A-Za-z0-9_]$/.test(c);
/** Characters of a literal path segment (document ids in rules are plain words). */
const isPathChar = (c: string): boolean => /^[A-Za-z0-9_\-.~%@+]$/.test(c);

/** Lexes `text[start, end)`; spans are offsets into the whole text. */
export function tokenize(text: string, start = 0, end = text.length): Token[] {
  return new Lexer(text, start, end).run();
}

class Lexer {
  private pos: number;
  private readonly tokens: Token[] = [];

  constructor(
    private readonly text: string,
    start: number,
    private readonly end: number,
  ) {
    this.pos = start;
  }

  run(): Token[] {
    for (;;) {
      this.skipTrivia();
      if (this.pos >= this.end) break;
      this.tokens.push(this.next());
    }
    this.tokens.push({ kind: 'eof', span: { start: this.end, end: this.end } });
    return this.tokens;
  }

  private peek(offset = 0): string {
    const at = this.pos + offset;
    return at < this.end ? this.text[at]! : '';
  }

  private fail(message: string, start: number, end = start + 1): never {
    throw new RulesSyntaxError(message, { start, end: Math.max(end, start + 1) });
  }

  private skipTrivia(): void {
    while (this.pos < this.end) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
        this.pos++;
      } else if (c === '/' && this.peek(1) === '/') {
        while (this.pos < this.end && this.peek() !== '\n') this.pos++;
      } else if (c === '/' && this.peek(1) === '*') {
        const close = this.text.indexOf('*/', this.pos + 2);
        if (close === -1 || close + 2 > this.end)
          this.fail('Unterminated comment.', this.pos, this.pos + 2);
        this.pos = close + 2;
      } else {
        return;
      }
    }
  }

  private next(): Token {
    const start = this.pos;
    const c = this.peek();
    if (c === '/' && this.previousIsKeyword('match')) return this.matchPath();
    if (c === '/' && this.operandExpected()) return this.pathLiteral();
    if (this.stringStartsHere()) return this.stringLiteral();
    if (isIdentifierStart(c)) {
      while (isIdentifierPart(this.peek())) this.pos++;
      return {
        kind: 'identifier',
        text: this.text.slice(start, this.pos),
        span: { start, end: this.pos },
      };
    }
    if (isDigit(c)) return this.number();
    const two = c + this.peek(1);
    if (TWO_CHAR_PUNCTUATORS.has(two)) {
      this.pos += 2;
      return { kind: 'punctuator', text: two as Punctuator, span: { start, end: this.pos } };
    }
    if (ONE_CHAR_PUNCTUATORS.has(c)) {
      this.pos++;
      return { kind: 'punctuator', text: c as Punctuator, span: { start, end: this.pos } };
    }
    const codePoint = this.text.codePointAt(start)!;
    return this.fail(`Unexpected character '${String.fromCodePoint(codePoint)}'.`, start);
  }

  private previousIsKeyword(keyword: string): boolean {
    const previous = this.tokens.at(-1);
    const beforeThat = this.tokens.at(-2);
    const isMemberName = beforeThat?.kind === 'punctuator' && beforeThat.text === '.';
    return previous?.kind === 'identifier' && previous.text === keyword && !isMemberName;
  }

  /** True where the grammar expects an operand, so `/` cannot be division. */
  private operandExpected(): boolean {
    const previous = this.tokens.at(-1);
    if (previous === undefined) return true;
    switch (previous.kind) {
      case 'identifier':
        return OPERAND_KEYWORDS.has(previous.text) && !this.previousIsMemberName();
      case 'punctuator':
        return previous.text !== ')' && previous.text !== ']';
      default:
        return false;
    }
  }

  private previousIsMemberName(): boolean {
    const beforeThat = this.tokens.at(-2);
    return beforeThat?.kind === 'punctuator' && beforeThat.text === '.';
  }

  private matchPath(): Token {
    const start = this.pos;
    const segments: MatchSegment[] = [];
    while (this.peek() === '/') {
      this.pos++;
      if (this.peek() === '{') {
        segments.push(this.wildcard());
        continue;
      }
      const segmentStart = this.pos;
      if (this.text.startsWith('(default)', this.pos)) this.pos += '(default)'.length;
      else while (isPathChar(this.peek())) this.pos++;
      if (this.pos === segmentStart) this.fail('Expected a path segment after "/".', segmentStart);
      segments.push({ kind: 'literal', value: this.text.slice(segmentStart, this.pos) });
    }
    return { kind: 'matchPath', segments, span: { start, end: this.pos } };
  }

  private wildcard(): MatchSegment {
    const open = this.pos++;
    const nameStart = this.pos;
    if (!isIdentifierStart(this.peek())) this.fail('Expected a wildcard name after "{".', this.pos);
    while (isIdentifierPart(this.peek())) this.pos++;
    const name = this.text.slice(nameStart, this.pos);
    let recursive = false;
    if (this.peek() === '=') {
      if (this.peek(1) !== '*' || this.peek(2) !== '*') {
        this.fail('Expected "**" after "=" in a wildcard.', this.pos + 1, this.pos + 3);
      }
      this.pos += 3;
      recursive = true;
    }
    if (this.peek() !== '}') this.fail('Expected "}" to close the wildcard.', this.pos);
    this.pos++;
    if (this.peek() !== '/' && isPathChar(this.peek())) {
      this.fail('A wildcard must be a whole path segment.', open, this.pos + 1);
    }
    return recursive ? { kind: 'recursive', name } : { kind: 'wildcard', name };
  }

  private pathLiteral(): Token {
    const start = this.pos;
    const parts: RawPathPart[] = [];
    let text = '';
    while (this.peek() === '/') {
      text += '/';
      this.pos++;
      const segmentStart = this.pos;
      for (;;) {
        if (this.peek() === '$' && this.peek(1) === '(') {
          if (text !== '') parts.push({ kind: 'text', text });
          text = '';
          parts.push({ kind: 'interpolation', span: this.interpolation() });
        } else if (this.pos === segmentStart && this.text.startsWith('(default)', this.pos)) {
          // The one parenthesised segment production paths use: /databases/(default)/…
          text += '(default)';
          this.pos += '(default)'.length;
        } else if (isPathChar(this.peek())) {
          text += this.peek();
          this.pos++;
        } else {
          break;
        }
      }
      if (this.pos === segmentStart) this.fail('Expected a path segment after "/".', segmentStart);
    }
    if (text !== '') parts.push({ kind: 'text', text });
    return { kind: 'pathLiteral', parts, span: { start, end: this.pos } };
  }

  /** Skips `$( … )` with nested parentheses and strings; returns the inner range. */
  private interpolation(): SourceSpan {
    const open = this.pos;
    this.pos += 2;
    const innerStart = this.pos;
    let depth = 1;
    while (this.pos < this.end) {
      if (this.stringStartsHere()) {
        this.stringLiteral();
        continue;
      }
      const c = this.peek();
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        const inner = { start: innerStart, end: this.pos };
        this.pos++;
        return inner;
      }
      this.pos++;
    }
    return this.fail('Unterminated "$(" in a path.', open, open + 2);
  }

  private number(): Token {
    const start = this.pos;
    if (this.peek() === '0' && (this.peek(1) === 'x' || this.peek(1) === 'X')) {
      this.pos += 2;
      const digitsStart = this.pos;
      while (isHexDigit(this.peek())) this.pos++;
      if (this.pos === digitsStart)
        this.fail('Expected hexadecimal digits after "0x".', start, this.pos);
      return this.intToken(BigInt(this.text.slice(start, this.pos)), start);
    }
    while (isDigit(this.peek())) this.pos++;
    let isFloat = false;
    if (this.peek() === '.' && isDigit(this.peek(1))) {
      isFloat = true;
      this.pos++;
      while (isDigit(this.peek())) this.pos++;
    }
    if (this.peek() === 'e' || this.peek() === 'E') {
      const signOffset = this.peek(1) === '+' || this.peek(1) === '-' ? 2 : 1;
      if (isDigit(this.peek(signOffset))) {
        isFloat = true;
        this.pos += signOffset;
        while (isDigit(this.peek())) this.pos++;
      }
    }
    if (isIdentifierStart(this.peek())) this.fail('Unexpected character after a number.', this.pos);
    const literal = this.text.slice(start, this.pos);
    if (isFloat) return { kind: 'float', value: Number(literal), span: { start, end: this.pos } };
    return this.intToken(BigInt(literal), start);
  }

  private intToken(value: bigint, start: number): Token {
    // 2^63 itself is allowed so that `-9223372036854775808` can be written; the parser checks.
    if (value > 2n ** 63n) this.fail('Integer literal is out of range.', start, this.pos);
    return { kind: 'int', value, span: { start, end: this.pos } };
  }

  private stringStartsHere(): boolean {
    let offset = 0;
    while (offset < 2 && /^[rRbB]$/.test(this.peek(offset))) offset++;
    const quote = this.peek(offset);
    if (quote !== '"' && quote !== "'") return false;
    if (offset === 0) return true;
    const prefix = this.text.slice(this.pos, this.pos + offset).toLowerCase();
    const previous = this.pos > 0 ? this.text[this.pos - 1]! : '';
    return (
      (prefix === 'r' || prefix === 'b' || prefix === 'rb' || prefix === 'br') &&
      !isIdentifierPart(previous)
    );
  }

  private stringLiteral(): Token {
    const start = this.pos;
    let raw = false;
    let bytes = false;
    while (this.peek() !== '"' && this.peek() !== "'") {
      if (this.peek().toLowerCase() === 'r') raw = true;
      else bytes = true;
      this.pos++;
    }
    const quoteChar = this.peek();
    const triple = this.peek(1) === quoteChar && this.peek(2) === quoteChar;
    const delimiter = triple ? quoteChar.repeat(3) : quoteChar;
    this.pos += delimiter.length;
    const out = new LiteralBuilder(bytes);
    for (;;) {
      if (this.pos >= this.end) this.fail('Unterminated string literal.', start, this.pos);
      if (this.text.startsWith(delimiter, this.pos)) {
        this.pos += delimiter.length;
        break;
      }
      const c = this.peek();
      if (!triple && (c === '\n' || c === '\r'))
        this.fail('Unterminated string literal.', start, this.pos);
      if (c === '\\' && !raw) {
        this.escape(out);
        continue;
      }
      const codePoint = this.text.codePointAt(this.pos)!;
      out.pushCodePoint(codePoint);
      this.pos += codePoint > 0xffff ? 2 : 1;
    }
    const span = { start, end: this.pos };
    return bytes
      ? { kind: 'bytes', value: out.bytes(), span }
      : { kind: 'string', value: out.string(), span };
  }

  private escape(out: LiteralBuilder): void {
    const start = this.pos;
    const c = this.peek(1);
    this.pos += 2;
    const simple: Record<string, number> = {
      a: 7,
      b: 8,
      f: 12,
      n: 10,
      r: 13,
      t: 9,
      v: 11,
      '\\': 92,
      "'": 39,
      '"': 34,
      '`': 96,
      '?': 63,
    };
    if (c in simple) {
      out.pushCodePoint(simple[c]!);
      return;
    }
    if (c === 'x' || c === 'X') {
      out.pushByte(this.hexDigits(2, start));
      return;
    }
    if (c === 'u' || c === 'U') {
      const codePoint = this.hexDigits(c === 'u' ? 4 : 8, start);
      if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
        this.fail('Invalid Unicode escape.', start, this.pos);
      }
      out.pushCodePoint(codePoint);
      return;
    }
    if (/^[0-3]$/.test(c) && /^[0-7]$/.test(this.peek()) && /^[0-7]$/.test(this.peek(1))) {
      out.pushByte(parseInt(c + this.peek() + this.peek(1), 8));
      this.pos += 2;
      return;
    }
    this.fail(`Invalid escape sequence '\\${c}'.`, start, start + 2);
  }

  private hexDigits(count: number, escapeStart: number): number {
    const digits = this.text.slice(this.pos, this.pos + count);
    if (digits.length !== count || ![...digits].every(isHexDigit)) {
      this.fail(
        `Expected ${count} hexadecimal digits in the escape.`,
        escapeStart,
        this.pos + count,
      );
    }
    this.pos += count;
    return parseInt(digits, 16);
  }
}

/** Collects a string literal's characters, or a bytes literal's bytes (escapes are raw bytes). */
class LiteralBuilder {
  private readonly parts: number[] = [];

  constructor(private readonly isBytes: boolean) {}

  pushCodePoint(codePoint: number): void {
    if (this.isBytes) this.parts.push(...Buffer.from(String.fromCodePoint(codePoint), 'utf8'));
    else this.parts.push(codePoint);
  }

  /** In a string, `\xHH` and octal escapes denote the code point; in bytes, the byte. */
  pushByte(value: number): void {
    this.parts.push(value);
  }

  string(): string {
    return String.fromCodePoint(...this.parts);
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}
