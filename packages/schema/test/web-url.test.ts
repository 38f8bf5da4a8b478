import { describe, expect, it } from 'vitest';
import { isWebUrl, safeHttpUrl, URL_MAX_LENGTH } from '../src/index.js';

describe('safeHttpUrl', () => {
  const accepted: [string, string][] = [
    ['https://example.com', 'https://example.com'],
    ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
    ['HTTPS://Example.COM/Path', 'HTTPS://Example.COM/Path'],
    ['  https://example.com/padded  ', 'https://example.com/padded'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['https://bücher.example/', 'https://bücher.example/'],
    ["https://example.com/it's#it's", 'https://example.com/it%27s#it%27s'],
    ['https://example.com/a"b<c>d`e', 'https://example.com/a%22b%3Cc%3Ed%60e'],
  ];
  it.each(accepted)('accepts %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });

  it('returns only URLs the rules accept as stored', () => {
    for (const [input] of accepted) expect(isWebUrl(safeHttpUrl(input))).toBe(true);
  });

  // A saved link comes back in the edit form exactly as it was typed.
  it.each([
    'https://Example.com/Ünï',
    'https://EXAMPLE.com',
    'http://example.com:8080',
    'https://example.com/Some/Path?Query=Ä&x=1#Fragment-Ö',
    'https://例え.jp/パス?検索=語#節',
    'https://example.com/a%20b?q=%C3%9C',
    'https://example.com:443/default-port',
    'https://user@example.com/a/../b/./c',
  ])('keeps %j as typed', (typed) => {
    expect(safeHttpUrl(typed)).toBe(typed);
    expect(safeHttpUrl(safeHttpUrl(typed))).toBe(typed);
  });

  it.each([
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['https://example.com/Ünï b?q=x y#z w', 'https://example.com/Ünï%20b?q=x%20y#z%20w'],
    // A backslash in the path is a slash to the URL parser; in the query it is just a character.
    ['https://example.com\\path\\To?q=a\\b#c\\d', 'https://example.com/path/To?q=a%5Cb#c%5Cd'],
    ['https://example.com\\@evil.example/', 'https://example.com/@evil.example/'],
  ])('encodes only what the rules refuse in %j', (typed, stored) => {
    expect(safeHttpUrl(typed)).toBe(stored);
    expect(isWebUrl(stored)).toBe(true);
    expect(new URL(stored).href).toBe(new URL(typed).href.replaceAll('\\', '%5C'));
    expect(safeHttpUrl(stored)).toBe(stored);
  });

  it('refuses a URL that only encoding would push over the length limit', () => {
    const base = 'https://example.com/';
    const spaced = base + ' '.repeat(10) + 'a'.repeat(URL_MAX_LENGTH - base.length - 10);
    expect(spaced.length).toBe(URL_MAX_LENGTH);
    expect(safeHttpUrl(spaced)).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/',
    '//example.com/protocol-relative',
    '/relative/path',
    'example.com',
    'https://',
    'http:///nohost',
    'https://exa mple.com/',
    'https://example.com/\u200bzero-width',
    'https://example.com/\u2028line-separator',
    'https:\\\\example.com',
    '',
    '   ',
  ])('rejects %j', (input) => {
    expect(safeHttpUrl(input)).toBeNull();
  });

  it('rejects non-strings', () => {
    for (const value of [null, undefined, 42, {}, ['https://example.com'], true]) {
      expect(safeHttpUrl(value)).toBeNull();
    }
  });

  it('enforces the length limit the rules use', () => {
    const base = 'https://example.com/';
    const atLimit = base + 'a'.repeat(URL_MAX_LENGTH - base.length);
    expect(safeHttpUrl(atLimit)).toBe(atLimit);
    expect(safeHttpUrl(atLimit + 'a')).toBeNull();
  });
});

describe('isWebUrl', () => {
  it('accepts stored http(s) URLs up to the limit, in any case of scheme', () => {
    const base = 'https://example.com/';
    expect(isWebUrl(base + 'a'.repeat(URL_MAX_LENGTH - base.length))).toBe(true);
    expect(isWebUrl('HTTP://example.com')).toBe(true);
    expect(isWebUrl('https://example.com?q=1#top')).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'https://',
    'https:///nohost',
    'https://example.com/a b',
    'https://example.com/"quoted"',
    "https://example.com/it's",
    'https://example.com/<b>',
    'https://example.com/\\back',
    'https://example.com/\u0007',
    '',
  ])('rejects %j', (value) => {
    expect(isWebUrl(value)).toBe(false);
  });

  it('rejects non-strings and URLs over the limit', () => {
    const base = 'https://example.com/';
    expect(isWebUrl(base + 'a'.repeat(URL_MAX_LENGTH - base.length + 1))).toBe(false);
    for (const value of [null, undefined, 42, ['https://example.com/']])
      expect(isWebUrl(value)).toBe(false);
  });
});
