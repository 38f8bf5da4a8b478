import { describe, expect, it } from 'vitest';
import {
  matchesSearch,
  SEARCH_TERM_MAX_LENGTH,
  SEARCH_TERM_PATTERN,
  SEARCH_TERMS_MAX,
  searchPlan,
  searchTermsFor,
  searchTermsToWrite,
  searchWords,
} from '../src/index.js';

describe('searchWords', () => {
  it('lower-cases and splits on anything that is not a letter or digit', () => {
    expect(searchWords('Lantern Workshop: v2.0 (beta)!')).toEqual([
      'lantern',
      'workshop',
      'v2',
      '0',
      'beta',
    ]);
    expect(searchWords('pixel-art')).toEqual(['pixel', 'art']);
    expect(searchWords('snake_case/and\tTabs\nnewlines')).toEqual([
      'snake',
      'case',
      'and',
      'tabs',
      'newlines',
    ]);
  });

  it('keeps letters of every script and drops accents', () => {
    expect(searchWords('Café Ünïcode façade')).toEqual(['cafe', 'unicode', 'facade']);
    expect(searchWords('Ελληνικά Русский 日本語 한국어')).toEqual([
      'ελληνικα',
      'русскии',
      '日本語',
      '한국어',
    ]);
    expect(searchWords('İstanbul ŞEHİR')).toEqual(['istanbul', 'sehir']);
  });

  it('unfolds compatibility forms and keeps digits of other scripts', () => {
    expect(searchWords('ﬁne ２０２６ ٣')).toEqual(['fine', '2026', '٣']);
  });

  it('drops repeats and empty text', () => {
    expect(searchWords('Lamp lamp LAMP')).toEqual(['lamp']);
    expect(searchWords('  — … !!! ')).toEqual([]);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('🙂 ❤️')).toEqual([]);
  });

  it('cuts a word to the longest stored term, counting characters not code units', () => {
    const long = 'a'.repeat(40);
    expect(searchWords(long)).toEqual(['a'.repeat(SEARCH_TERM_MAX_LENGTH)]);
    const astral = '𝒜'.repeat(30); // letters outside the BMP: two UTF-16 units each
    const [word] = searchWords(astral);
    expect(Array.from(word!)).toHaveLength(SEARCH_TERM_MAX_LENGTH);
  });
});

describe('searchTermsFor', () => {
  it('stores every prefix of each title word and each tag', () => {
    expect(searchTermsFor('Lantern Workshop', ['pixel-art'])).toEqual([
      'l',
      'la',
      'lan',
      'lant',
      'lante',
      'lanter',
      'lantern',
      'w',
      'wo',
      'wor',
      'work',
      'works',
      'worksh',
      'worksho',
      'workshop',
      'p',
      'pi',
      'pix',
      'pixe',
      'pixel',
      'a',
      'ar',
      'art',
    ]);
  });

  it('stores a prefix once however many words share it', () => {
    const terms = searchTermsFor('Lamp Lamps lantern', ['lamp']);
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms.filter((term) => term === 'la')).toHaveLength(1);
    expect(terms).toContain('lamps');
  });

  it('finds accented and non-Latin titles by what people type', () => {
    const terms = searchTermsFor('Crème brûlée', []);
    expect(terms).toEqual(expect.arrayContaining(['cre', 'creme', 'bru', 'brulee']));
    expect(searchTermsFor('日本語', [])).toEqual(['日', '日本', '日本語']);
  });

  it('keeps every term within the shape the rules accept', () => {
    const samples = [
      searchTermsFor('Ωmega ΣΊΣΥΦΟΣ straße ǅemal ﬃ ²³ x', ['a-b-c', 'z9']),
      searchTermsFor('x'.repeat(80), ['y'.repeat(24)]),
      searchTermsFor('İ ẞ ǈ Ⅻ ⅷ', []),
    ];
    for (const terms of samples) {
      expect(terms.length).toBeLessThanOrEqual(SEARCH_TERMS_MAX);
      for (const term of terms) expect(term).toMatch(SEARCH_TERM_PATTERN);
    }
  });

  it('caps the list at 200 terms, title first', () => {
    // 79 characters that unfold to 160 letters: 16 words, each "<letter>ﬃﬃﬃ" (a ligature is three).
    const words = Array.from('abcdeghjkmnopqrs', (letter) => `${letter}ﬃﬃﬃ`);
    expect(words.join(' ')).toHaveLength(79);
    const tags = ['zyxwvutsrqponmlkjihgfedc', 'tuvwxyz0123456789abcdefg'];
    const terms = searchTermsFor(words.join(' '), tags);
    expect(terms).toHaveLength(SEARCH_TERMS_MAX);
    expect(terms.slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, n) => 'affiffiffi'.slice(0, n + 1)),
    );
    expect(terms).toContain('sffiffiffi');
    expect(terms).toContain(tags[0]);
    // 160 + 24 = 184 terms before the second tag, so 16 of its prefixes fit.
    expect(terms).toContain(tags[1]!.slice(0, 16));
    expect(terms).not.toContain(tags[1]!.slice(0, 17));
  });

  it('gives no terms for a title with no letters or digits', () => {
    expect(searchTermsFor('!!!', [])).toEqual([]);
  });
});

describe('searchPlan and matchesSearch', () => {
  it('sends the longest word to the server and checks the others on the results', () => {
    expect(searchPlan('lan work')).toEqual({ term: 'work', otherWords: ['lan'] });
    expect(searchPlan('  Lan  ')).toEqual({ term: 'lan', otherWords: [] });
    expect(searchPlan('ab cd')).toEqual({ term: 'ab', otherWords: ['cd'] });
    expect(searchPlan(' ?! ')).toBeNull();
  });

  it('matches a showcase only when every typed word starts one of its words', () => {
    const terms = searchTermsFor('Lantern Workshop', ['pixel-art']);
    expect(matchesSearch(terms, searchPlan('lan')!)).toBe(true);
    expect(matchesSearch(terms, searchPlan('pix')!)).toBe(true);
    expect(matchesSearch(terms, searchPlan('work LAN')!)).toBe(true);
    expect(matchesSearch(terms, searchPlan('workshop lamp')!)).toBe(false);
    expect(matchesSearch(terms, searchPlan('antern')!)).toBe(false);
  });
});

describe('searchTermsToWrite', () => {
  const stored = {
    title: 'Lamp',
    tags: ['diy'],
    searchTerms: searchTermsFor('Lamp', ['diy']),
  };

  it('writes the terms of a create', () => {
    expect(searchTermsToWrite(null, { title: 'Lamp', tags: ['diy'] })).toEqual(stored.searchTerms);
  });

  it('writes the terms of the resulting title and tags when an edit sets either', () => {
    expect(searchTermsToWrite(stored, { title: 'Desk' })).toEqual(searchTermsFor('Desk', ['diy']));
    expect(searchTermsToWrite(stored, { tags: ['wood'] })).toEqual(
      searchTermsFor('Lamp', ['wood']),
    );
    expect(searchTermsToWrite(stored, { title: 'Desk', tags: [] })).toEqual(
      searchTermsFor('Desk', []),
    );
    // Even when the words stay the same: the write sets the title, so its terms go with it.
    expect(searchTermsToWrite(stored, { title: 'LAMP' })).toEqual(stored.searchTerms);
  });

  it('leaves the terms alone when an edit sets neither and they are current', () => {
    expect(searchTermsToWrite(stored, {})).toBeNull();
  });

  it('backfills a document stored without terms, or with stale ones, on any edit', () => {
    expect(searchTermsToWrite({ ...stored, searchTerms: [] }, {})).toEqual(stored.searchTerms);
    expect(searchTermsToWrite({ ...stored, searchTerms: ['old'] }, {})).toEqual(stored.searchTerms);
  });

  it('needs nothing for a document whose title and tags give no terms, unless it lacks them', () => {
    expect(searchTermsToWrite({ title: '…', tags: [], searchTerms: [] }, {})).toBeNull();
    expect(searchTermsToWrite({ title: '…', tags: [], searchTerms: null }, {})).toEqual([]);
  });
});
