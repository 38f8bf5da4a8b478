import { describe, expect, it } from 'vitest';
import type { DescriptionSegment } from './description';
import { parseDescription } from './description';

const text = (value: string): DescriptionSegment => ({ kind: 'text', text: value });
const link = (value: string, href = value): DescriptionSegment => ({
  kind: 'link',
  text: value,
  href,
});
/** The segments of a one-line description. */
const line = (value: string) => {
  const paragraphs = parseDescription(value);
  expect(paragraphs).toHaveLength(1);
  expect(paragraphs[0]).toHaveLength(1);
  return paragraphs[0]![0]!;
};

describe('parseDescription: paragraphs and lines', () => {
  it('splits paragraphs on blank lines and keeps single newlines as line breaks', () => {
    expect(parseDescription('First line\nsecond line\n\nNext paragraph')).toEqual([
      [[text('First line')], [text('second line')]],
      [[text('Next paragraph')]],
    ]);
  });

  it('treats several blank lines, whitespace-only lines and CRLF as one paragraph break', () => {
    expect(parseDescription('One\r\n\r\n \t\r\n\nTwo\rstill two')).toEqual([
      [[text('One')]],
      [[text('Two')], [text('still two')]],
    ]);
  });

  it('drops blank lines at the start and end, keeps indentation inside', () => {
    expect(parseDescription('\n\n  indented\n    more\n\n\n')).toEqual([
      [[text('  indented')], [text('    more')]],
    ]);
  });

  it('has no paragraphs for an empty or blank description', () => {
    expect(parseDescription('')).toEqual([]);
    expect(parseDescription(' \n\n\t\n')).toEqual([]);
  });

  it('keeps an empty line inside a paragraph only as a paragraph break', () => {
    expect(parseDescription('a\n\nb\nc')).toHaveLength(2);
  });
});

describe('parseDescription: links', () => {
  it('turns bare http and https addresses into links, keeping the text around them', () => {
    expect(line('See https://example.com/work and http://old.example/ too')).toEqual([
      text('See '),
      link('https://example.com/work'),
      text(' and '),
      link('http://old.example/'),
      text(' too'),
    ]);
  });

  it('links an address that is the whole line, and one per line', () => {
    expect(parseDescription('https://a.example\nhttps://b.example')).toEqual([
      [[link('https://a.example')], [link('https://b.example')]],
    ]);
  });

  it.each([
    ['Read https://example.com/post.', 'https://example.com/post', '.'],
    ['Really https://example.com/post?!', 'https://example.com/post', '?!'],
    ['Ends…https://example.com/a…', 'https://example.com/a', '…'],
    ['(see https://example.com/x)', 'https://example.com/x', ')'],
    ['(see https://example.com/x).', 'https://example.com/x', ').'],
    ['[https://example.com/x]', 'https://example.com/x', ']'],
    ['"https://example.com/x"', 'https://example.com/x', '"'],
    ['“https://example.com/x”', 'https://example.com/x', '”'],
    ['<https://example.com/x>', 'https://example.com/x', '>'],
    ['first https://example.com/x, then', 'https://example.com/x', ', then'],
    ['at https://example.com/x: here', 'https://example.com/x', ': here'],
  ])('leaves trailing punctuation out of the link in %j', (input, address, after) => {
    const segments = line(input);
    const linked = segments.find((segment) => segment.kind === 'link');
    expect(linked).toEqual(link(address));
    expect(segments.at(-1)).toEqual(text(after));
    expect(segments.map((segment) => segment.text).join('')).toBe(input);
  });

  it('keeps brackets the address itself opened', () => {
    expect(line('https://en.wikipedia.org/wiki/Lamp_(furniture)')).toEqual([
      link('https://en.wikipedia.org/wiki/Lamp_(furniture)'),
    ]);
    expect(line('(https://en.wikipedia.org/wiki/Lamp_(furniture))')).toEqual([
      text('('),
      link('https://en.wikipedia.org/wiki/Lamp_(furniture)'),
      text(')'),
    ]);
  });

  it('keeps query, fragment, port, upper case and unicode as typed', () => {
    const typed = 'https://Example.com:8080/Ünï?q=Ä&x=1#Teil-2';
    expect(line(`Go to ${typed}`)).toEqual([text('Go to '), link(typed)]);
  });

  it('links with the safe form where the text holds characters an href must not', () => {
    expect(line("https://example.com/it's")).toEqual([
      link("https://example.com/it's", 'https://example.com/it%27s'),
    ]);
  });

  it('stops an address at whitespace and invisible separators', () => {
    expect(line('https://example.com/a\u200bhidden')).toEqual([
      link('https://example.com/a'),
      text('\u200bhidden'),
    ]);
    expect(line('https://example.com/a\u00a0b')).toEqual([
      link('https://example.com/a'),
      text('\u00a0b'),
    ]);
  });
});

describe('parseDescription: nothing else is interpreted', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    '//example.com/protocol-relative',
    'www.example.com',
    'example.com/path',
    'mailto:someone@example.com',
    'https://',
    'https://.',
    'http:///no-host',
    'xhttps://example.com/glued-to-a-word',
    'https:\\\\example.com',
  ])('leaves %j as text', (input) => {
    expect(line(input)).toEqual([text(input)]);
  });

  it('keeps HTML and Markdown as the characters typed', () => {
    const input = '<b>bold</b> **strong** [label](https://example.com/x) &amp; <a href="x">a</a>';
    const segments = line(input);
    expect(segments.map((segment) => segment.text).join('')).toBe(input);
    // Only the bare address inside the Markdown link's brackets becomes a link.
    expect(segments.filter((segment) => segment.kind === 'link')).toEqual([
      link('https://example.com/x'),
    ]);
  });

  it('links only the https address hidden behind a javascript: prefix', () => {
    expect(line('javascript:alert(1)//https://example.com')).toEqual([
      text('javascript:alert(1)//'),
      link('https://example.com'),
    ]);
  });

  it('loses no character of any line', () => {
    const input = 'a https://x.example/(b) c.\nd "https://y.example" e\n\nf <https://z.example/>';
    const joined = parseDescription(input)
      .map((paragraph) =>
        paragraph.map((segments) => segments.map((segment) => segment.text).join('')).join('\n'),
      )
      .join('\n\n');
    expect(joined).toBe(input);
  });
});
