import { describe, expect, it } from 'vitest';
import { webStorage } from './browser-ports';

function mapStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('webStorage', () => {
  it('reads, writes and removes', () => {
    const backing = mapStorage();
    const storage = webStorage(() => backing);
    expect(storage.get('k')).toBe(null);
    storage.set('k', 'v');
    expect(backing.getItem('k')).toBe('v');
    expect(storage.get('k')).toBe('v');
    storage.set('k', null);
    expect(backing.length).toBe(0);
  });

  it('treats blocked storage (privacy modes) as empty and never throws', () => {
    const blocked = webStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(blocked.get('k')).toBe(null);
    expect(() => blocked.set('k', 'v')).not.toThrow();
    expect(() => blocked.set('k', null)).not.toThrow();
  });
});
