import { describe, expect, it } from 'vitest';
import { RulesHarness, doc, user, type BatchWrite } from './testing.js';

const rules = (body: string): string => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function user(uid) { return /databases/$(database)/documents/users/$(uid); }
${body}
  }
}`;

const alice = user('alice');

describe('get() and exists()', () => {
  const harness = new RulesHarness(
    rules(`    match /posts/{id} {
      allow get: if get(user(request.auth.uid)).data.role == 'admin';
      allow get: if exists(user(request.auth.uid)) && id == 'open';
    }
    match /missing/{id} { allow get: if get(user('nobody')) == null && !exists(user('nobody')); }
    match /bad/{id} { allow get: if exists(/users/alice) || get(/databases/other/documents/users/alice) != null; }`),
    [doc('users/admin', { role: 'admin' }), doc('users/alice', { role: 'member' })],
  );

  it('read stored documents', () => {
    expect(harness.get(user('admin'), 'posts/secret')).toBe(true);
    expect(harness.get(alice, 'posts/secret')).toBe(false);
    expect(harness.get(alice, 'posts/open')).toBe(true);
    expect(harness.get(user('nobody'), 'posts/open')).toBe(false);
  });

  it('get() of a missing document is null', () => {
    expect(harness.get(alice, 'missing/x')).toBe(true);
  });

  it('a path outside this database or not to a document is an error', () => {
    expect(harness.get(alice, 'bad/x')).toBe(false);
  });
});

describe('getAfter() and existsAfter() see the whole batch', () => {
  const harness = new RulesHarness(
    rules(`    match /counters/{id} {
      allow update: if request.resource.data.n == resource.data.n + 1
        && !exists(/databases/$(database)/documents/counters/$(id)/marks/$(request.auth.uid))
        && existsAfter(/databases/$(database)/documents/counters/$(id)/marks/$(request.auth.uid));
      match /marks/{uid} {
        allow create: if uid == request.auth.uid
          && getAfter(/databases/$(database)/documents/counters/$(id)).data.n
             == get(/databases/$(database)/documents/counters/$(id)).data.n + 1;
      }
    }`),
    [doc('counters/c', { n: 0n })],
  );
  const bump: BatchWrite = { path: 'counters/c', data: { n: 1n } };
  const mark: BatchWrite = { path: 'counters/c/marks/alice', data: {} };

  it('allows the counter and its mark together, in either order', () => {
    expect(harness.write(alice, [bump, mark])).toBe(true);
    expect(harness.write(alice, [mark, bump])).toBe(true);
  });

  it('denies either one alone', () => {
    expect(harness.write(alice, [bump])).toBe(false);
    expect(harness.write(alice, [mark])).toBe(false);
  });

  it('denies a mark written for someone else', () => {
    expect(harness.write(alice, [bump, { path: 'counters/c/marks/bob', data: {} }])).toBe(false);
  });
});

describe('document access limits', () => {
  const reads = (count: number, offset = 0): string =>
    Array.from(
      { length: count },
      (_, i) => `exists(/databases/$(database)/documents/items/i${i + offset})`,
    ).join(' || ');

  it('allows 10 distinct documents for a single-document request', () => {
    const harness = new RulesHarness(
      rules(`    match /a/{id} { allow get: if ${reads(10)} || true; }`),
    );
    expect(harness.get(alice, 'a/1')).toBe(true);
  });

  it('denies the 11th, and `||` does not absorb the limit', () => {
    const harness = new RulesHarness(
      rules(`    match /a/{id} { allow get: if ${reads(11)} || true; }`),
    );
    expect(harness.get(alice, 'a/1')).toBe(false);
  });

  it('does not count repeated reads of the same document', () => {
    const same = Array.from(
      { length: 15 },
      () => 'exists(/databases/$(database)/documents/items/one)',
    ).join(' || ');
    const harness = new RulesHarness(rules(`    match /a/{id} { allow get: if ${same} || true; }`));
    expect(harness.get(alice, 'a/1')).toBe(true);
  });

  it('allows 20 for a batch, but still 10 per write', () => {
    const perWrite = (offset: number): string => `${reads(10, offset)} || true`;
    const harness = new RulesHarness(
      rules(`    match /a/{id} { allow create: if id == 'x' ? (${perWrite(0)}) : id == 'y' ? (${perWrite(10)}) : (${perWrite(20)}); }
    match /b/{id} { allow create: if ${reads(11)} || true; }`),
    );
    expect(
      harness.write(alice, [
        { path: 'a/x', data: {} },
        { path: 'a/y', data: {} },
      ]),
    ).toBe(true);
    expect(
      harness.write(alice, [
        { path: 'a/x', data: {} },
        { path: 'a/y', data: {} },
        { path: 'a/z', data: {} },
      ]),
    ).toBe(false);
    expect(
      harness.write(alice, [
        { path: 'b/1', data: {} },
        { path: 'a/x', data: {} },
      ]),
    ).toBe(false);
  });
});
