import { describe, expect, it } from 'vitest';
import { drawsBeforeAuth, searchAfterFirstScreen } from './before-auth';

describe('drawsBeforeAuth', () => {
  it('draws the screens a visitor sees nothing of a session on, where nobody was signed in', () => {
    for (const pathname of ['/welcome', '/', '/s/abc123', '/u/maya']) {
      expect(drawsBeforeAuth(pathname, true)).toBe(true);
      expect(drawsBeforeAuth(pathname, false)).toBe(false);
    }
  });

  it('waits for Auth everywhere else', () => {
    for (const pathname of ['/signin', '/s/abc123/edit', '/new', '/me', '/saved']) {
      expect(drawsBeforeAuth(pathname, true)).toBe(false);
    }
  });
});

describe('searchAfterFirstScreen', () => {
  it('holds Search back only on a visitor’s welcome screen', () => {
    expect(searchAfterFirstScreen('/welcome', true)).toBe(true);
    expect(searchAfterFirstScreen('/welcome', false)).toBe(false);
    expect(searchAfterFirstScreen('/', true)).toBe(false);
    expect(searchAfterFirstScreen('/s/abc123', true)).toBe(false);
  });
});
