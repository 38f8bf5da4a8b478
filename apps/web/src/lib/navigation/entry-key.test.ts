import { describe, expect, it } from 'vitest';
import { currentEntryKey } from './entry-key';

describe('currentEntryKey', () => {
  it('reads React Router\'s key from history.state, "default" for the first entry', () => {
    expect(currentEntryKey({ usr: null, key: 'k1', idx: 3 })).toBe('k1');
    expect(currentEntryKey({ idx: 0 })).toBe('default');
    expect(currentEntryKey(null)).toBe('default');
  });
});
