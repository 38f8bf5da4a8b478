import { describe, expect, it } from 'vitest';
import { toProfileChanges, validateProfile } from './validation';

describe('profile validation', () => {
  it('accepts a name with an empty or http(s) photo URL', () => {
    expect(validateProfile({ displayName: 'Ada', photoURL: '' })).toEqual({});
    expect(validateProfile({ displayName: 'Ada', photoURL: 'https://example.com/a.png' })).toEqual(
      {},
    );
  });

  it('rejects a missing name and a non-web photo URL', () => {
    expect(validateProfile({ displayName: ' ', photoURL: 'javascript:alert(1)' })).toEqual({
      displayName: 'Enter a display name.',
      photoURL: 'Only web addresses starting with https:// or http:// are allowed.',
    });
  });

  it('trims values and removes an emptied photo', () => {
    expect(toProfileChanges({ displayName: ' Ada ', photoURL: '  ' })).toEqual({
      displayName: 'Ada',
      photoURL: null,
    });
    expect(toProfileChanges({ displayName: 'Ada', photoURL: ' https://x.io/a.png ' })).toEqual({
      displayName: 'Ada',
      photoURL: 'https://x.io/a.png',
    });
  });
});
