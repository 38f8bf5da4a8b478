import { describe, expect, it } from 'vitest';
import {
  nameInitial,
  profileCountEntries,
  profileGridLabel,
  profileHeading,
  profileShowcaseCount,
} from './profile';

describe('profileShowcaseCount', () => {
  it('counts up to the limit and says "60+" from it', () => {
    expect(profileShowcaseCount(0)).toBe('0');
    expect(profileShowcaseCount(59)).toBe('59');
    expect(profileShowcaseCount(60)).toBe('60+');
  });
});

describe('profileCountEntries', () => {
  it('labels each count in the singular for one', () => {
    expect(profileCountEntries({ showcases: '1', followers: 1, following: 1 })).toEqual([
      ['showcase', '1'],
      ['follower', '1'],
      ['following', '1'],
    ]);
    expect(profileCountEntries({ showcases: '60+', followers: 1200, following: 0 })).toEqual([
      ['showcases', '60+'],
      ['followers', (1200).toLocaleString()],
      ['following', '0'],
    ]);
  });
});

describe('a profile without a name', () => {
  it('still has a heading, a grid label and an initial', () => {
    expect(profileHeading('')).toBe('A member');
    expect(profileGridLabel('')).toBe('Showcases by this member');
    expect(nameInitial('')).toBe('?');
    expect(nameInitial('émile')).toBe('É');
  });
});
