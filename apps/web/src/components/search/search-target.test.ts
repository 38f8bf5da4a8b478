import { describe, expect, it } from 'vitest';
import { searchEntryState, searchNavigation, shownSearchText } from './search-target';

const at = (href: string, state: unknown = null) => {
  const [pathname = '/', query] = href.split('?');
  return { pathname, search: query ? `?${query}` : '', state };
};

describe('shownSearchText', () => {
  it('shows the gallery URL’s q on the gallery', () => {
    expect(shownSearchText(at('/?q=lan&tag=game'), '/')).toBe('lan');
    expect(shownSearchText(at('/?sort=liked'), '/?q=old')).toBe('');
  });

  it('shows the search the gallery link keeps on other screens', () => {
    expect(shownSearchText(at('/s/abc'), '/?tag=game&q=lan')).toBe('lan');
    expect(shownSearchText(at('/me'), '/')).toBe('');
  });

  it('decodes what it shows', () => {
    expect(shownSearchText(at('/?q=caf%C3%A9+bar'), '/')).toBe('café bar');
  });
});

describe('searchNavigation', () => {
  it('pushes the first search from the gallery, keeping sort and tag', () => {
    expect(searchNavigation('lan', at('/?sort=liked&tag=game'), '/')).toEqual({
      to: '/?sort=liked&tag=game&q=lan',
      replace: false,
    });
  });

  it('replaces an entry the search made, so Back skips the letters typed', () => {
    expect(searchNavigation('lant', at('/?q=lan', searchEntryState), '/')).toEqual({
      to: '/?q=lant',
      replace: true,
    });
    // An entry the search did not make (a shared link, Back to it) is kept.
    expect(searchNavigation('lant', at('/?q=lan', { from: '/x' }), '/')).toEqual({
      to: '/?q=lant',
      replace: false,
    });
  });

  it('goes to the gallery from another screen, with the sort and tag it last showed', () => {
    expect(searchNavigation('pix', at('/s/abc', searchEntryState), '/?sort=liked&q=old')).toEqual({
      to: '/?sort=liked&q=pix',
      replace: false,
    });
  });

  it('trims the text and does nothing when the gallery already shows it', () => {
    expect(searchNavigation('  lan ', at('/?q=lan'), '/')).toBeNull();
    expect(searchNavigation('', at('/'), '/')).toBeNull();
    expect(searchNavigation('  ', at('/?sort=liked'), '/')).toBeNull();
  });

  it('clears the search on the gallery, keeping the rest', () => {
    expect(searchNavigation('', at('/?tag=game&q=lan', searchEntryState), '/')).toEqual({
      to: '/?tag=game',
      replace: true,
    });
    expect(searchNavigation(' ', at('/?q=lan'), '/')).toEqual({ to: '/', replace: false });
  });

  it('leaves another screen alone when the field is emptied there', () => {
    expect(searchNavigation('', at('/s/abc'), '/?q=lan')).toBeNull();
  });

  it('encodes what it writes', () => {
    expect(searchNavigation('a&b #c', at('/'), '/')).toEqual({
      to: '/?q=a%26b+%23c',
      replace: false,
    });
  });
});
