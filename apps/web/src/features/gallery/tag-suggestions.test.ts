import { describe, expect, it } from 'vitest';
import { countTags, matchTags } from './tag-suggestions';

describe('countTags', () => {
  it('counts each tag once per showcase, most used first, ties alphabetically', () => {
    expect(
      countTags([
        { id: 'a', tags: ['game', 'pixel-art'] },
        { id: 'b', tags: ['pixel-art', 'audio'] },
        { id: 'c', tags: ['pixel-art', 'game', 'game'] },
        { id: 'd', tags: [] },
      ]),
    ).toEqual([
      { tag: 'pixel-art', count: 3 },
      { tag: 'game', count: 2 },
      { tag: 'audio', count: 1 },
    ]);
  });

  it('counts a showcase found in several lists once', () => {
    expect(
      countTags(
        [{ id: 'a', tags: ['game'] }],
        [
          { id: 'a', tags: ['game'] },
          { id: 'b', tags: ['game', 'zine'] },
        ],
      ),
    ).toEqual([
      { tag: 'game', count: 2 },
      { tag: 'zine', count: 1 },
    ]);
  });

  it('has nothing to suggest without showcases', () => {
    expect(countTags()).toEqual([]);
    expect(countTags([])).toEqual([]);
  });
});

describe('matchTags', () => {
  const suggestions = [
    { tag: 'pixel-art', count: 5 },
    { tag: 'art', count: 4 },
    { tag: 'game', count: 3 },
    { tag: 'artisan', count: 1 },
  ];

  it('keeps all suggestions while nothing is typed', () => {
    expect(matchTags(suggestions, '  ')).toEqual(suggestions);
  });

  it('puts tags starting with the text first, then tags with a word starting with it', () => {
    expect(matchTags(suggestions, 'art').map((s) => s.tag)).toEqual([
      'art',
      'artisan',
      'pixel-art',
    ]);
  });

  it('ignores a leading # and case while matching', () => {
    expect(matchTags(suggestions, '#GA').map((s) => s.tag)).toEqual(['game']);
  });

  it('matches no tag that only contains the text inside a word', () => {
    expect(matchTags(suggestions, 'xel')).toEqual([]);
  });
});
