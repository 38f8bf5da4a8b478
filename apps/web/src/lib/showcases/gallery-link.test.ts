import { describe, expect, it, vi } from 'vitest';
import { createGalleryLinkStore, galleryHref } from './gallery-link';

describe('galleryHref', () => {
  it('keeps the sort, the tag and the search text, and nothing else', () => {
    expect(galleryHref('')).toBe('/');
    expect(galleryHref('?sort=liked')).toBe('/?sort=liked');
    expect(galleryHref('?tag=game&utm_source=mail&sort=liked')).toBe('/?sort=liked&tag=game');
    expect(galleryHref('?tag=')).toBe('/');
    expect(galleryHref('?q=lan&utm_source=mail&tag=game')).toBe('/?tag=game&q=lan');
    expect(galleryHref('?q=')).toBe('/');
  });

  it('encodes what it keeps', () => {
    expect(galleryHref('?tag=a%26b')).toBe('/?tag=a%26b');
    expect(galleryHref('?q=caf%C3%A9+bar')).toBe('/?q=caf%C3%A9+bar');
  });
});

describe('createGalleryLinkStore', () => {
  it('starts at the plain gallery and follows what the gallery last showed', () => {
    const store = createGalleryLinkStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.href()).toBe('/');
    store.remember('?sort=liked&tag=game');
    expect(store.href()).toBe('/?sort=liked&tag=game');
    store.remember('?tag=game&sort=liked');
    expect(listener).toHaveBeenCalledTimes(1);
    store.remember('');
    expect(store.href()).toBe('/');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const store = createGalleryLinkStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.remember('?sort=liked');
    expect(listener).not.toHaveBeenCalled();
  });
});
