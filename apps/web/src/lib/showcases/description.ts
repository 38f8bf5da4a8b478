import { safeHttpUrl } from '@showcase/schema';

/** A run of plain text, or a web address that becomes a link (`href` is safe to render). */
export type DescriptionSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** One line of a paragraph: the line breaks a user typed inside a paragraph are kept. */
export type DescriptionLine = DescriptionSegment[];

/** A paragraph: lines separated by single newlines. */
export type DescriptionParagraph = DescriptionLine[];

// A blank line (nothing but spaces or tabs between two newlines) starts a new paragraph.
const PARAGRAPH_BREAK = /\n(?:[^\S\n]*\n)+/u;

/**
 * A showcase's description as paragraphs of text and links. Nothing is interpreted but
 * paragraphs, line breaks and bare `http://` / `https://` addresses: no HTML, no Markdown, and
 * anything that is not a web address the schema's `safeHttpUrl` accepts stays text.
 */
export function parseDescription(text: string): DescriptionParagraph[] {
  return text
    .replace(/\r\n?/gu, '\n')
    .split(PARAGRAPH_BREAK)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/gu, ''))
    .filter((paragraph) => paragraph.trim().length > 0)
    .map((paragraph) => paragraph.split('\n').map(lineSegments));
}

// Where an address starts: its scheme, not glued to a word before it ("xhttp://" is no link).
const SCHEME = /https?:\/\//giu;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
// Where it ends: whitespace, controls, invisible separators, or a character that cannot appear
// in a URL as typed and usually wraps one (`<https://…>`, `"https://…"`).
const URL_END =
  // eslint-disable-next-line no-control-regex -- stopping at control characters is the point.
  /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff<>"`]/u;
// Punctuation that ends a sentence or a clause rather than the address it follows.
const TRAILING_PUNCTUATION = /[.,;:!?'"”’»…]$/u;
const CLOSING_TO_OPENING: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

function lineSegments(line: string): DescriptionLine {
  const segments: DescriptionLine = [];
  const pushText = (text: string) => {
    if (text.length === 0) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += text;
    else segments.push({ kind: 'text', text });
  };

  let consumed = 0;
  for (const match of line.matchAll(SCHEME)) {
    const start = match.index;
    if (start < consumed) continue;
    if (start > 0 && WORD_CHARACTER.test(line[start - 1]!)) continue;
    const address = trimTrailing(untilEnd(line.slice(start)));
    const href = address.length > match[0].length ? safeHttpUrl(address) : null;
    if (href === null) continue;
    pushText(line.slice(consumed, start));
    segments.push({ kind: 'link', text: address, href });
    consumed = start + address.length;
  }
  pushText(line.slice(consumed));
  return segments;
}

function untilEnd(text: string): string {
  const end = text.search(URL_END);
  return end === -1 ? text : text.slice(0, end);
}

/**
 * Drops what follows an address in prose: "see https://a.example/x." ends before the full stop,
 * "(https://a.example/x)" before the bracket. A closing bracket stays when the address opened it
 * ("https://en.wikipedia.org/wiki/Lamp_(furniture)").
 */
function trimTrailing(address: string): string {
  let result = address;
  for (;;) {
    const last = result.at(-1);
    if (last === undefined) return result;
    const opening = CLOSING_TO_OPENING[last];
    if (opening !== undefined) {
      if (count(result, opening) >= count(result, last)) return result;
    } else if (!TRAILING_PUNCTUATION.test(last)) return result;
    result = result.slice(0, -1);
  }
}

const count = (text: string, character: string): number => text.split(character).length - 1;
