import { describe, expect, it } from 'vitest';
import { readTagInput, TAG_RULE } from './tag-input';

const problem = (text: string) => {
  const read = readTagInput(text);
  return read.kind === 'invalid' ? read.problem : `not invalid: ${read.kind}`;
};

describe('readTagInput', () => {
  it('reads nothing typed (or only spaces) as no tag', () => {
    expect(readTagInput('')).toEqual({ kind: 'empty' });
    expect(readTagInput('   ')).toEqual({ kind: 'empty' });
  });

  it('takes a valid tag as it is, surrounding spaces aside', () => {
    expect(readTagInput('pixel-art')).toEqual({ kind: 'tag', tag: 'pixel-art', note: null });
    expect(readTagInput(' game ')).toEqual({ kind: 'tag', tag: 'game', note: null });
    expect(readTagInput('a'.repeat(24))).toEqual({ kind: 'tag', tag: 'a'.repeat(24), note: null });
  });

  it('drops a leading # and says so', () => {
    expect(readTagInput('#game')).toEqual({
      kind: 'tag',
      tag: 'game',
      note: 'The # is not part of the tag and is ignored.',
    });
    expect(problem('#')).toBe(`Type a tag after the #. ${TAG_RULE}`);
  });

  it('explains upper case instead of lower-casing it', () => {
    expect(problem('Game')).toBe(`Tags are lower case: try “game”. ${TAG_RULE}`);
    expect(problem('#Game')).toBe(`Tags are lower case: try “game”. ${TAG_RULE}`);
  });

  it('explains spaces and shows the hyphenated word', () => {
    expect(problem('pixel art')).toBe(
      `A tag is one word: no spaces (hyphens join words, as in “pixel-art”). ${TAG_RULE}`,
    );
  });

  it('names the characters a tag cannot contain, each once', () => {
    expect(problem('c++')).toBe(`“+” cannot be part of a tag. ${TAG_RULE}`);
    expect(problem('café_au_lait')).toBe(`“é”, “_” cannot be part of a tag. ${TAG_RULE}`);
    expect(problem('##game')).toBe(`“#” cannot be part of a tag. ${TAG_RULE}`);
  });

  it('counts the characters of a tag that is too long', () => {
    expect(problem('a'.repeat(25))).toBe(
      `This is 25 characters long; a tag has at most 24. ${TAG_RULE}`,
    );
  });

  it('says every problem at once', () => {
    expect(problem(`Big ${'x'.repeat(30)}!`)).toBe(
      [
        `A tag is one word: no spaces (hyphens join words, as in “big-${'x'.repeat(30)}!”).`,
        'Tags are lower case.',
        '“!” cannot be part of a tag.',
        'This is 35 characters long; a tag has at most 24.',
        TAG_RULE,
      ].join(' '),
    );
  });
});
