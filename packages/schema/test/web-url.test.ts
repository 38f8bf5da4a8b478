import { describe, expect, it } from 'vitest';
import { isWebUrl, safeHttpUrl, URL_MAX_LENGTH } from '../src/index.js';

describe('safeHttpUrl', () => {
  const accepted: [string, string][] = [
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['  https://example.com/padded  ', 'https://example.com/padded'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ["https://example.com/it's#it's", 'https://example.com/it%27s#it%27s'],
    ['https://example.com/a"b<c>d`e', 'https://example.com/a%22b%3Cc%3Ed%60e'],
  ];
  it.each(accepted)('accepts %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });

  it('returns only URLs the rules accept as stored', () => {
    for (const [input] of accepted) expect(isWebUrl(safeHttpUrl(input))).toBe(true);
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
