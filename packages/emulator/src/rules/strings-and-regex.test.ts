import { describe, expect, it } from 'vitest';
import { evaluate, outcome } from './testing.js';
import { str } from './values.js';

describe('strings', () => {
  it.each([
    ["'abc'.size() == 3", true],
    ["''.size() == 0", true],
    // size() counts characters (code points): an emoji outside the BMP is one.
    ["'😀'.size() == 1", true],
    ["'é😀a'.size() == 3", true],
    ["'ABC123'.lower() == 'abc123'", true],
    ["'abc'.upper() == 'ABC'", true],
    ["'  a b \\t\\n'.trim() == 'a b'", true],
    ["'abc'[0] == 'a'", true],
    ["'😀x'[1] == 'x'", true],
    ["'abcdef'[0:3] == 'abc'", true],
    ["'abcdef'[3:] == 'def'", true],
    ["'a😀b'[1:2] == '😀'", true],
    ["'a,b,,c'.split(',') == ['a', 'b', '', 'c']", true],
    ["'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']", true],
    ["'banana'.replace('a', 'o') == 'bonono'", true],
    ["'banana'.replace('ana', 'ee') == 'beena'", true],
    // The pattern is a regular expression: '.' matches every character.
    ["'foo@test.com'.replace('.', '-') == '------------'", true],
    // The replacement is literal text.
    ["'ab'.replace('a', '$0\\\\1') == '$0\\\\1b'", true],
    ["'é'.toUtf8() == b'\\xC3\\xA9'", true],
    ["'é'.toUtf8().size() == 2", true],
    ["'a' + 'b' == 'ab'", true],
  ])('%s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it.each(["'abc'[3]", "'abc'[-1]", "'abc'[2:1]", "'abc'[0:9]", "'abc'[1.0]", "'a'.split(1)"])(
    '%s is an error',
    (text) => {
      expect(outcome(`${text} == 'x'`)).toBe('error');
    },
  );
});

describe('matches: a full match with RE2 syntax', () => {
  it.each([
    ["'user@domain.com'.matches('.*@domain[.]com')", true],
    ["'banana'.matches('.*@domain[.]com')", false],
    ["'abc'.matches('b')", false],
    ["'abc'.matches('a.c')", true],
    ["'abc'.matches('(?i)ABC')", true],
    ["'tag-1'.matches('[a-z0-9-]{1,24}')", true],
    ["'Tag'.matches('[a-z0-9-]{1,24}')", false],
    ["''.matches('[a-z0-9-]{1,24}')", false],
    ["'https://x.dev'.matches('https?://.+')", true],
    ["'javascript:alert(1)'.matches('https?://.+')", false],
    ["'a\\nb'.matches('a.b')", false],
    ["'😀'.matches('.')", true],
    ["'ü'.matches('\\\\p{L}')", true],
  ])('%s is %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it('treats an invalid pattern as an evaluation error', () => {
    expect(outcome("'a'.matches('(')")).toBe('error');
    // RE2 has no lookaround or backreferences.
    expect(outcome("'aa'.matches('(a)\\\\1')")).toBe('error');
    expect(outcome("'a'.matches('(?=a)a')")).toBe('error');
  });

  it('stays linear on patterns that make backtracking engines explode', () => {
    const input = 'a'.repeat(50_000) + '!';
    const started = performance.now();
    for (const pattern of ['(a+)+$', '(a|a)*b', '(a*)*b', '(.*a){20}']) {
      expect(evaluate('s.matches(p)', { s: str(input), p: str(pattern) })).toEqual({
        type: 'bool',
        value: false,
      });
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
