import { describe, expect, it } from 'vitest';
import { galleryHeading, readSearch, searchResultFilter } from './gallery-search';

describe('readSearch', () => {
  it('has no search without text', () => {
    expect(readSearch(null)).toBeNull();
    expect(readSearch('')).toBeNull();
    expect(readSearch('   ')).toBeNull();
  });

  it('keeps the text as typed (trimmed) and plans the longest word for the server', () => {
    expect(readSearch('  Lan work ')).toEqual({
      text: 'Lan work',
      plan: { term: 'work', otherWords: ['lan'] },
    });
  });

  it('knows text with no searchable word', () => {
    expect(readSearch('?!')).toEqual({ text: '?!', plan: null });
  });
});

describe('searchResultFilter', () => {
  const lantern = { title: 'Lantern Workshop', tags: ['pixel-art', 'light'] };
  const lamp = { title: 'Desk lamp', tags: ['light'] };
  const plan = (text: string) => readSearch(text)!.plan!;

  it('keeps results with every typed word as a prefix of a title word or a tag word', () => {
    const both = searchResultFilter(plan('lan work'), null);
    expect(both(lantern)).toBe(true);
    expect(both(lamp)).toBe(false);
    expect(searchResultFilter(plan('pix'), null)(lantern)).toBe(true);
    expect(searchResultFilter(plan('art lantern'), null)(lantern)).toBe(true);
  });

  it('checks the title the card shows, so a renamed showcase no longer matches its old words', () => {
    const renamed = { ...lantern, title: 'Paper Moon' };
    expect(searchResultFilter(plan('lantern'), null)(renamed)).toBe(false);
    expect(searchResultFilter(plan('moo'), null)(renamed)).toBe(true);
  });

  it('applies the chosen tag exactly', () => {
    expect(searchResultFilter(plan('la'), 'light')(lamp)).toBe(true);
    expect(searchResultFilter(plan('la'), 'pixel-art')(lamp)).toBe(false);
    expect(searchResultFilter(plan('la'), 'pixel')(lantern)).toBe(false);
  });
});

describe('galleryHeading', () => {
  it('names what the grid shows', () => {
    expect(galleryHeading(null, null)).toBe('Showcases');
    expect(galleryHeading('game', null)).toBe('Showcases tagged #game');
    expect(galleryHeading(null, readSearch('lan'))).toBe('Results for “lan”');
    expect(galleryHeading('game', readSearch(' lan  work'))).toBe(
      'Results for “lan  work” tagged #game',
    );
  });
});
