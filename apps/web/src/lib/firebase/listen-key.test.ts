import { describe, expect, it } from 'vitest';
import { canonicalKey, listenKey } from './listen-key';

describe('canonicalKey', () => {
  it('ignores the order of object keys, at any depth', () => {
    expect(canonicalKey({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe(
      canonicalKey({ a: [1, { c: 3, d: 2 }], b: 1 }),
    );
  });

  it('tells different values apart, including order in arrays and null vs a string', () => {
    expect(canonicalKey([1, 2])).not.toBe(canonicalKey([2, 1]));
    expect(canonicalKey({ tag: null })).not.toBe(canonicalKey({ tag: 'null' }));
    expect(canonicalKey({ limit: 24 })).not.toBe(canonicalKey({ limit: 48 }));
  });

  it('reads undefined as null', () => {
    expect(canonicalKey([undefined, { a: undefined }])).toBe(canonicalKey([null, { a: null }]));
  });
});

describe('listenKey', () => {
  const byId = (_db: unknown, id: string) => id;
  const byOwner = (_db: unknown, uid: string) => uid;

  it('is the same for one builder with equal arguments', () => {
    expect(listenKey(byId, ['a'])).toBe(listenKey(byId, ['a']));
    expect(listenKey(byId, [{ x: 1, y: 2 }])).toBe(listenKey(byId, [{ y: 2, x: 1 }]));
  });

  it('differs between builders and between arguments', () => {
    expect(listenKey(byId, ['a'])).not.toBe(listenKey(byOwner, ['a']));
    expect(listenKey(byId, ['a'])).not.toBe(listenKey(byId, ['b']));
  });
});
