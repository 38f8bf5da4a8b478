import { describe, expect, it } from 'vitest';
import { RulesSyntaxError } from './errors.js';
import { tokenize, type Token } from './lexer.js';

const kinds = (text: string): string[] => tokenize(text).map((t) => t.kind);
const only = (text: string): Token => {
  const tokens = tokenize(text);
  expect(tokens).toHaveLength(2);
  return tokens[0]!;
};
const lexError = (text: string): RulesSyntaxError => {
  try {
    tokenize(text);
  } catch (error) {
    if (error instanceof RulesSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected a syntax error for ${text}`);
};

describe('lexer', () => {
  it('records spans as offsets into the source', () => {
    const tokens = tokenize('allow  read');
    expect(tokens[0]).toEqual({ kind: 'identifier', text: 'allow', span: { start: 0, end: 5 } });
    expect(tokens[1]).toEqual({ kind: 'identifier', text: 'read', span: { start: 7, end: 11 } });
    expect(tokens[2]).toEqual({ kind: 'eof', span: { start: 11, end: 11 } });
  });

  it('skips line and block comments', () => {
    expect(kinds('a // note\n /* block\n comment */ b')).toEqual([
      'identifier',
      'identifier',
      'eof',
    ]);
  });

  it.each([
    ['42', { kind: 'int', value: 42n }],
    ['0x1F', { kind: 'int', value: 31n }],
    ['9223372036854775807', { kind: 'int', value: 9223372036854775807n }],
    ['1.5', { kind: 'float', value: 1.5 }],
    ['2e3', { kind: 'float', value: 2000 }],
    ['2.5E-1', { kind: 'float', value: 0.25 }],
  ])('lexes the number %s', (text, expected) => {
    expect(only(text)).toMatchObject(expected);
  });

  it('keeps `1.size` apart from a float', () => {
    expect(tokenize('1.size').map((t) => ('text' in t ? t.text : t.kind))).toEqual([
      'int',
      '.',
      'size',
      'eof',
    ]);
  });

  it.each([
    [`'it\\'s'`, "it's"],
    [`"say \\"hi\\""`, 'say "hi"'],
    [`'a\\nb\\tc\\\\'`, 'a\nb\tc\\'],
    [`'\\u00e9\\U0001F600\\x41\\101'`, 'é😀AA'],
    [`r'\\d+\\s'`, '\\d+\\s'],
    [`'''multi\nline'''`, 'multi\nline'],
    [`'😀 outside the BMP'`, '😀 outside the BMP'],
  ])('lexes the string %s', (text, value) => {
    expect(only(text)).toMatchObject({ kind: 'string', value });
  });

  it('lexes bytes literals with raw byte escapes', () => {
    expect(only(`b'\\xff\\x00a'`)).toMatchObject({
      kind: 'bytes',
      value: Uint8Array.from([255, 0, 97]),
    });
  });

  it('lexes longest punctuators first', () => {
    const texts = tokenize('a<=b&&c!=d||!e==f').flatMap((t) =>
      t.kind === 'punctuator' ? [t.text] : [],
    );
    expect(texts).toEqual(['<=', '&&', '!=', '||', '!', '==']);
  });

  it('lexes a match path with wildcards as one token', () => {
    const [, path] = tokenize('match /users/{uid}/{rest=**} {');
    expect(path).toMatchObject({
      kind: 'matchPath',
      segments: [
        { kind: 'literal', value: 'users' },
        { kind: 'wildcard', name: 'uid' },
        { kind: 'recursive', name: 'rest' },
      ],
    });
  });

  it('lexes a path literal with interpolations where an operand is expected', () => {
    const [, , path] = tokenize('get(/databases/$(database)/documents/users/$(request.auth.uid))');
    expect(path).toMatchObject({
      kind: 'pathLiteral',
      parts: [
        { kind: 'text', text: '/databases/' },
        { kind: 'interpolation' },
        { kind: 'text', text: '/documents/users/' },
        { kind: 'interpolation' },
      ],
    });
  });

  it('treats `/` after an operand as division', () => {
    expect(kinds('a / b')).toEqual(['identifier', 'punctuator', 'identifier', 'eof']);
    expect(kinds('(a) / 2')).toEqual([
      'punctuator',
      'identifier',
      'punctuator',
      'punctuator',
      'int',
      'eof',
    ]);
  });

  it.each([
    ["'open", 'Unterminated string literal.'],
    ["'a\nb'", 'Unterminated string literal.'],
    ['/* never closed', 'Unterminated comment.'],
    ["'\\q'", "Invalid escape sequence '\\q'."],
    ['a # b', "Unexpected character '#'."],
    ['0x', 'Expected hexadecimal digits after "0x".'],
    ['12abc', 'Unexpected character after a number.'],
    ['99999999999999999999', 'Integer literal is out of range.'],
    ['get(/a/$(b', 'Unterminated "$(" in a path.'],
  ])('reports %j at its span', (text, message) => {
    expect(lexError(text).message).toBe(message);
  });

  it('points at the offending character', () => {
    expect(lexError('allow read: if a @ b;').span).toEqual({ start: 17, end: 18 });
  });
});
