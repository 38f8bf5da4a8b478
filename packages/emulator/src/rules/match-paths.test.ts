import { describe, expect, it } from 'vitest';
import { RulesHarness, user } from './testing.js';

const v2 = (body: string): string => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`;
const v1 = (body: string): string => v2(body).replace("rules_version = '2';\n", '');

const alice = user('alice');
const collection = (collectionId: string, allDescendants = false) => ({
  from: [{ collectionId, allDescendants }],
});

describe('match paths', () => {
  it('binds wildcards as strings and the database id', () => {
    const harness = new RulesHarness(
      v2(`    match /users/{uid}/posts/{postId} {
      allow get: if uid == request.auth.uid && postId.size() == 2 && database == '(default)';
    }`),
    );
    expect(harness.get(alice, 'users/alice/posts/p1')).toBe(true);
    expect(harness.get(alice, 'users/bob/posts/p1')).toBe(false);
    expect(harness.get(alice, 'users/alice/posts/p12')).toBe(false);
  });

  it('matches whole paths only: a collection rule does not cover subcollections', () => {
    const harness = new RulesHarness(v2('    match /users/{uid} { allow read; }'));
    expect(harness.get(alice, 'users/alice')).toBe(true);
    expect(harness.get(alice, 'users/alice/private/doc')).toBe(false);
  });

  it('nests matches, each adding to the path', () => {
    const harness = new RulesHarness(
      v2(`    match /users/{uid} {
      match /notes/{noteId} { allow get: if uid == 'alice' && noteId == 'n'; }
    }`),
    );
    expect(harness.get(alice, 'users/alice/notes/n')).toBe(true);
    expect(harness.get(alice, 'users/alice')).toBe(false);
  });

  it('binds a recursive wildcard as a path of zero or more segments in version 2', () => {
    const harness = new RulesHarness(
      v2(`    match /cities/{city}/{rest=**} {
      allow get: if rest == path('') || rest[0] == 'landmarks';
    }`),
    );
    expect(harness.get(alice, 'cities/sf')).toBe(true);
    expect(harness.get(alice, 'cities/sf/landmarks/bridge')).toBe(true);
    expect(harness.get(alice, 'cities/sf/landmarks/bridge/photos/p1')).toBe(true);
    expect(harness.get(alice, 'cities/sf/people/p1')).toBe(false);
  });

  it('needs at least one segment for a recursive wildcard in version 1', () => {
    const harness = new RulesHarness(v1('    match /cities/{city}/{rest=**} { allow get; }'));
    expect(harness.get(alice, 'cities/sf')).toBe(false);
    expect(harness.get(alice, 'cities/sf/landmarks/bridge')).toBe(true);
  });

  it('allows when any matching block allows', () => {
    const harness = new RulesHarness(
      v2(`    match /{document=**} { allow get: if request.auth.uid == 'admin'; }
    match /posts/{id} { allow get: if id == 'public'; }`),
    );
    expect(harness.get(alice, 'posts/public')).toBe(true);
    expect(harness.get(alice, 'posts/secret')).toBe(false);
    expect(harness.get(user('admin'), 'posts/secret')).toBe(true);
  });
});

describe('methods', () => {
  const harness = new RulesHarness(
    v2(`    match /r/{id} { allow read; }
    match /w/{id} { allow write; }
    match /g/{id} { allow get; }
    match /c/{id} { allow create: if request.method == 'create'; allow update: if request.method == 'update'; }
    match /d/{id} { allow delete: if request.path == /databases/(default)/documents/d/$(id); }`),
  );

  it('read covers get and list; write covers create, update and delete', () => {
    expect(harness.get(alice, 'r/1')).toBe(true);
    expect(harness.list(alice, '', collection('r'))).toBe(true);
    expect(harness.write(alice, [{ path: 'r/1', data: {} }])).toBe(false);
    expect(harness.get(alice, 'w/1')).toBe(false);
    expect(harness.write(alice, [{ path: 'w/1', data: {} }])).toBe(true);
    expect(harness.write(alice, [{ path: 'w/1', data: null }])).toBe(true);
  });

  it('get does not cover list', () => {
    expect(harness.get(alice, 'g/1')).toBe(true);
    expect(harness.list(alice, '', collection('g'))).toBe(false);
  });

  it('sets request.method and request.path', () => {
    expect(harness.write(alice, [{ path: 'c/1', data: {} }])).toBe(true);
    expect(harness.write(alice, [{ path: 'd/1', data: null }])).toBe(true);
  });
});

describe('collection-group queries', () => {
  const harness = new RulesHarness(
    v2(`    match /{path=**}/posts/{postId} { allow list: if request.auth != null; }
    match /users/{uid}/notes/{noteId} { allow list: if request.auth != null; }`),
  );

  it('are allowed by a recursive-wildcard match that covers every ancestor', () => {
    expect(harness.list(alice, '', collection('posts', true))).toBe(true);
    expect(harness.list(alice, 'users/alice', collection('posts', true))).toBe(true);
  });

  it('are not allowed by a match that fixes the ancestors', () => {
    expect(harness.list(alice, '', collection('notes', true))).toBe(false);
    expect(harness.list(alice, 'users/alice', collection('notes'))).toBe(true);
  });
});
