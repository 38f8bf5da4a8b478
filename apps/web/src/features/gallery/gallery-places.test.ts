import { describe, expect, it } from 'vitest';
import { createGalleryPlaces } from './gallery-places';

describe('createGalleryPlaces', () => {
  it('remembers pages, cards shown and scroll per history entry', () => {
    const places = createGalleryPlaces();
    places.update('entry-a', 'newest', { pages: 2, shown: 48 });
    places.update('entry-a', 'newest', { scrollY: 1800 });
    places.update('entry-b', 'liked', { pages: 3 });
    expect(places.get('entry-a')).toEqual({
      family: 'newest',
      pages: 2,
      shown: 48,
      scrollY: 1800,
    });
    expect(places.get('entry-b')).toEqual({ family: 'liked', pages: 3, shown: 0, scrollY: 0 });
    expect(places.get('entry-c')).toBeUndefined();
  });

  it('starts afresh when an entry is recorded for another sort or tag', () => {
    const places = createGalleryPlaces();
    places.update('entry-a', 'newest', { pages: 4, shown: 96, scrollY: 5000 });
    places.update('entry-a', 'tag:game', { shown: 3 });
    expect(places.get('entry-a')).toEqual({ family: 'tag:game', pages: 1, shown: 3, scrollY: 0 });
  });

  it('forgets the least recently written entries beyond its capacity', () => {
    const places = createGalleryPlaces(2);
    places.update('first', 'newest', { pages: 2 });
    places.update('second', 'newest', { pages: 3 });
    places.update('first', 'newest', { scrollY: 10 });
    places.update('third', 'newest', { pages: 4 });
    expect(places.get('second')).toBeUndefined();
    expect(places.get('first')).toMatchObject({ pages: 2, scrollY: 10 });
    expect(places.get('third')).toMatchObject({ pages: 4 });
  });
});
