// A small seeded PRNG (mulberry32), so generated demo data and images are the same on every run.

/** Hash a string to a 32-bit seed (FNV-1a). */
export function seedFromString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Returns a function yielding floats in [0, 1), deterministic for a given seed. */
export function createRandom(seed: number | string): () => number {
  let state = typeof seed === 'string' ? seedFromString(seed) : seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
