import { describe, expect, it } from 'vitest';
import { createScrollPositions, currentEntryKey, SCROLL_STORAGE_KEY } from './scroll-positions';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(
    initial === undefined ? [] : [[SCROLL_STORAGE_KEY, initial]],
  );
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('createScrollPositions', () => {
  it('remembers a position per entry and survives a reload through the storage', () => {
    const storage = memoryStorage();
    const positions = createScrollPositions(storage);
    positions.set('a', 1200);
    positions.set('b', 0);
    positions.set('a', 1500);
    expect(positions.get('a')).toBe(1500);
    expect(positions.get('c')).toBeUndefined();
    positions.persist();
    const reloaded = createScrollPositions(storage);
    expect(reloaded.get('a')).toBe(1500);
    expect(reloaded.get('b')).toBe(0);
  });

  it('keeps only the latest entries', () => {
    const positions = createScrollPositions(memoryStorage(), 2);
    positions.set('a', 1);
    positions.set('b', 2);
    positions.set('a', 3);
    positions.set('c', 4);
    expect(positions.get('b')).toBeUndefined();
    expect(positions.get('a')).toBe(3);
    expect(positions.get('c')).toBe(4);
  });

  it('starts empty from storage it cannot read or did not write', () => {
    expect(createScrollPositions(memoryStorage('not json')).get('a')).toBeUndefined();
    expect(createScrollPositions(memoryStorage('{"a":1}')).get('a')).toBeUndefined();
    const mixed = createScrollPositions(memoryStorage('[["a",10],["b","x"],[3,4]]'));
    expect(mixed.get('a')).toBe(10);
    expect(mixed.get('b')).toBeUndefined();
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    const positions = createScrollPositions(blocked);
    positions.set('a', 5);
    expect(() => positions.persist()).not.toThrow();
    expect(createScrollPositions(null).get('a')).toBeUndefined();
  });
});

describe('currentEntryKey', () => {
  it('reads React Router\'s key from history.state, "default" for the first entry', () => {
    expect(currentEntryKey({ usr: null, key: 'k1', idx: 3 })).toBe('k1');
    expect(currentEntryKey({ idx: 0 })).toBe('default');
    expect(currentEntryKey(null)).toBe('default');
  });
});
