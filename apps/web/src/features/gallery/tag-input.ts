import { TAG_MAX_LENGTH, TAG_PATTERN } from '@showcase/schema';

/** What may be in a tag, said once for every message below. */
export const TAG_RULE = `Tags use lower-case letters a–z, digits and hyphens, up to ${TAG_MAX_LENGTH} characters.`;

/**
 * The tag filter's text read as a tag: the tag when it is one, else why not, in words. Nothing
 * is rewritten behind the reader's back: "Game" is not quietly read as "game". Only a leading
 * `#` is dropped, and the field says so (`note`), since tags are shown with one.
 */
export type TagInput =
  | { kind: 'empty' }
  | { kind: 'tag'; tag: string; note: string | null }
  | { kind: 'invalid'; problem: string };

function quoted(text: string): string {
  return `“${text}”`;
}

export function readTagInput(text: string): TagInput {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const hashed = trimmed.startsWith('#');
  const candidate = hashed ? trimmed.slice(1) : trimmed;
  const note = hashed ? 'The # is not part of the tag and is ignored.' : null;
  if (candidate === '') return { kind: 'invalid', problem: `Type a tag after the #. ${TAG_RULE}` };
  if (TAG_PATTERN.test(candidate)) return { kind: 'tag', tag: candidate, note };

  // Say everything that is wrong at once, so fixing one thing does not reveal the next.
  const problems: string[] = [];
  if (/\s/u.test(candidate)) {
    const joined = candidate.toLowerCase().split(/\s+/u).join('-');
    problems.push(`A tag is one word: no spaces (hyphens join words, as in ${quoted(joined)}).`);
  }
  const lower = candidate.toLowerCase();
  if (lower !== candidate) {
    problems.push(
      TAG_PATTERN.test(lower)
        ? `Tags are lower case: try ${quoted(lower)}.`
        : 'Tags are lower case.',
    );
  }
  const others = [...new Set([...lower].filter((c) => !/[a-z0-9\-\s]/u.test(c)))];
  if (others.length > 0) {
    const listed = others.map(quoted).join(', ');
    problems.push(`${listed} cannot be part of a tag.`);
  }
  const length = [...candidate].length;
  if (length > TAG_MAX_LENGTH) {
    problems.push(`This is ${length} characters long; a tag has at most ${TAG_MAX_LENGTH}.`);
  }
  return { kind: 'invalid', problem: [...problems, TAG_RULE].join(' ') };
}
