import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, locationPath, readAuthState, signInFirst } from './return-to';

describe('return paths', () => {
  it('accepts in-app paths only', () => {
    expect(isSafeReturnPath('/me')).toBe(true);
    expect(isSafeReturnPath('/s/abc?x=1#top')).toBe(true);
    for (const value of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      42,
      null,
    ]) {
      expect(isSafeReturnPath(value)).toBe(false);
    }
  });

  it('reads from and email out of router state, dropping anything unsafe', () => {
    expect(readAuthState({ from: '/me', email: 'ada@example.com' })).toEqual({
      from: '/me',
      email: 'ada@example.com',
    });
    expect(readAuthState({ from: 'https://evil.example' })).toEqual({});
    expect(readAuthState(null)).toEqual({});
    expect(readAuthState('x')).toEqual({});
  });

  it('joins a location back into a path', () => {
    expect(locationPath({ pathname: '/s/1', search: '?a=b', hash: '#c' })).toBe('/s/1?a=b#c');
  });

  it('sends a visitor to sign in with the path to come back to', () => {
    const link = signInFirst('/s/abc?x=1');
    expect(link).toEqual({ to: '/signin', state: { from: '/s/abc?x=1' } });
    expect(readAuthState(link.state).from).toBe('/s/abc?x=1');
  });
});
