import { describe, expect, it } from 'vitest';
import { matchFirstPaintRoute } from './route';

describe('matchFirstPaintRoute', () => {
  it('draws the gallery in its default order, most liked, or narrowed by one tag', () => {
    expect(matchFirstPaintRoute('/', '')).toEqual({ kind: 'gallery', sort: 'newest', tag: null });
    expect(matchFirstPaintRoute('/', '?sort=liked')).toEqual({
      kind: 'gallery',
      sort: 'liked',
      tag: null,
    });
    expect(matchFirstPaintRoute('/', '?sort=newest&tag=game')).toEqual({
      kind: 'gallery',
      sort: 'newest',
      tag: 'game',
    });
    expect(matchFirstPaintRoute('/', '?tag=pixel-art&sort=liked')).toEqual({
      kind: 'gallery',
      sort: 'liked',
      tag: 'pixel-art',
    });
  });

  it('leaves a search, an unknown parameter or a value the app reads differently to the app', () => {
    expect(matchFirstPaintRoute('/', '?q=lamp')).toBeNull();
    expect(matchFirstPaintRoute('/', '?tag=game&q=lamp')).toBeNull();
    expect(matchFirstPaintRoute('/', '?utm_source=x')).toBeNull();
    expect(matchFirstPaintRoute('/', '?sort=oldest')).toBeNull();
    expect(matchFirstPaintRoute('/', '?sort=liked&sort=newest')).toBeNull();
    // The app would normalise these (case, a leading #, a list): the first paint does not guess.
    expect(matchFirstPaintRoute('/', '?tag=Game')).toBeNull();
    expect(matchFirstPaintRoute('/', '?tag=%23game')).toBeNull();
    expect(matchFirstPaintRoute('/', '?tag=game,art')).toBeNull();
    expect(matchFirstPaintRoute('/', '?tag=')).toBeNull();
  });

  it("draws a showcase's own address, its id decoded", () => {
    expect(matchFirstPaintRoute('/s/demo-32-lighthouse-series', '')).toEqual({
      kind: 'showcase',
      id: 'demo-32-lighthouse-series',
    });
    expect(matchFirstPaintRoute('/s/a%20b', '')).toEqual({ kind: 'showcase', id: 'a b' });
  });

  it("draws a profile's own address, its uid decoded", () => {
    expect(matchFirstPaintRoute('/u/demo-maya', '')).toEqual({ kind: 'profile', uid: 'demo-maya' });
    expect(matchFirstPaintRoute('/u/demo-maya', '?tab=x')).toBeNull();
    expect(matchFirstPaintRoute('/u/..', '')).toBeNull();
    expect(matchFirstPaintRoute('/u/a/b', '')).toBeNull();
  });

  it('leaves every other address to the app', () => {
    for (const [pathname, search] of [
      ['/s/abc/edit', ''],
      ['/s/', ''],
      ['/s/abc', '?x=1'],
      ['/s/%2Fabc', ''],
      ['/s/..', ''],
      ['/s/__id__', ''],
      ['/s/%E0%A4%A', ''],
      ['/welcome', ''],
      ['/u/', ''],
      ['/me/showcases', ''],
      ['/new', ''],
    ] as const) {
      expect(matchFirstPaintRoute(pathname, search), pathname + search).toBeNull();
    }
  });
});
