import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, safeHttpUrl } from './safe-url';

describe('safeHttpUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['  https://example.com/padded  ', 'https://example.com/padded'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ["https://example.com/it's#it's", 'https://example.com/it%27s#it%27s'],
    ['https://example.com/a"b<c>d`e', 'https://example.com/a%22b%3Cc%3Ed%60e'],
  ])('accepts %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
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
    const atLimit = base + 'a'.repeat(MAX_URL_LENGTH - base.length);
    expect(safeHttpUrl(atLimit)).toBe(atLimit);
    expect(safeHttpUrl(atLimit + 'a')).toBeNull();
  });
});
