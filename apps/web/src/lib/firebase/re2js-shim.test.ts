import { describe, expect, it } from 'vitest';
import { RE2JS } from './re2js-shim';

describe('RE2JS shim', () => {
  it('matches the whole text with matches() and any part with test()', () => {
    const pattern = RE2JS.compile('b+');
    expect(pattern.matches('bbb')).toBe(true);
    expect(pattern.matches('abba')).toBe(false);
    expect(pattern.test('abba')).toBe(true);
    expect(pattern.test('acca')).toBe(false);
  });

  it('anchors alternatives as one group for matches()', () => {
    const pattern = RE2JS.compile('cat|dog');
    expect(pattern.matches('dog')).toBe(true);
    expect(pattern.matches('catdog')).toBe(false);
  });

  it("reads RE2's leading inline flags", () => {
    expect(RE2JS.compile('(?i)abc').matches('ABC')).toBe(true);
    expect(RE2JS.compile('abc').matches('ABC')).toBe(false);
    expect(RE2JS.compile('(?s)a.b').matches('a\nb')).toBe(true);
    expect(RE2JS.compile('a.b').matches('a\nb')).toBe(false);
  });

  it('throws on a pattern it cannot read, as RE2 does', () => {
    expect(() => RE2JS.compile('a(')).toThrow();
    expect(() => RE2JS.compile('(?U)a+')).toThrow();
  });
});
