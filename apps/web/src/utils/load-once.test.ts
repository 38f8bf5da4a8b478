import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('imports once and then answers the value at once', async () => {
    let calls = 0;
    const piece = loadOnce(() => Promise.resolve(`module ${++calls}`));
    expect(piece.current()).toBeNull();
    const first = piece.load();
    expect(piece.load()).toBe(first);
    await expect(first).resolves.toBe('module 1');
    expect(piece.current()).toBe('module 1');
    await piece.load();
    expect(calls).toBe(1);
  });

  it('tries again after a failed import', async () => {
    let calls = 0;
    const piece = loadOnce(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('module'),
    );
    await expect(piece.load()).rejects.toThrow('offline');
    expect(piece.current()).toBeNull();
    await expect(piece.load()).resolves.toBe('module');
    expect(calls).toBe(2);
  });
});
