import { describe, expect, it } from 'vitest';
import { RulesHarness, doc, user } from './testing.js';

const rules = (body: string): string => `rules_version = '2';
service cloud.firestore {
  function signedIn() { return request.auth != null; }
  match /databases/{database}/documents {
${body}
  }
}`;

describe('functions', () => {
  it('take parameters and see request, resource and the wildcards around them', () => {
    const harness = new RulesHarness(
      rules(`
    match /rooms/{roomId} {
      function isMember(uid) { return uid in resource.data.members && roomId == 'r1'; }
      allow get: if signedIn() && isMember(request.auth.uid);
    }`),
      [doc('rooms/r1', { members: ['alice'] }), doc('rooms/r2', { members: ['alice'] })],
    );
    expect(harness.get(user('alice'), 'rooms/r1')).toBe(true);
    expect(harness.get(user('bob'), 'rooms/r1')).toBe(false);
    expect(harness.get(user('alice'), 'rooms/r2')).toBe(false);
  });

  it('may call functions declared later in the same block', () => {
    const harness = new RulesHarness(
      rules(`
    function first() { return second() == 2; }
    function second() { return 1 + 1; }
    match /a/{b} { allow get: if first(); }`),
    );
    expect(harness.get(user('u'), 'a/b')).toBe(true);
  });

  it('are scoped to their block', () => {
    const harness = new RulesHarness(
      rules(`
    function level() { return 'outer'; }
    match /a/{b} {
      function level() { return 'inner'; }
      allow get: if level() == 'inner';
    }
    match /c/{d} { allow get: if level() == 'outer'; }`),
    );
    expect(harness.get(user('u'), 'a/b')).toBe(true);
    expect(harness.get(user('u'), 'c/d')).toBe(true);
  });

  it('are limited to a call depth of 20', () => {
    const chain = (depth: number): string =>
      Array.from(
        { length: depth },
        (_, i) => `    function f${i}() { return ${i + 1 < depth ? `f${i + 1}()` : 'true'}; }`,
      ).join('\n');
    const within = new RulesHarness(
      rules(`${chain(20)}\n    match /a/{b} { allow get: if f0(); }`),
    );
    expect(within.get(user('u'), 'a/b')).toBe(true);
    // Past the limit the request is denied outright; `||` does not rescue it.
    const beyond = new RulesHarness(
      rules(`${chain(21)}\n    match /a/{b} { allow get: if f0() || true; }`),
    );
    expect(beyond.get(user('u'), 'a/b')).toBe(false);
  });
});

describe('file-level functions', () => {
  const fileLevel = `rules_version = '2';
function isSignedIn() { return request.auth != null; }
function isOwner(uid) { return isSignedIn() && request.auth.uid == uid; }

service firebase.storage {
  match /b/{bucket}/o { match /{all=**} { allow read: if isSignedIn(); } }
}

service cloud.firestore {
  function ownsNote() { return isOwner(resource.data.owner); }
  match /databases/{database}/documents {
    match /notes/{id} { allow get: if ownsNote(); }
    match /profiles/{uid} { allow get: if isOwner(uid); }
  }
}

function isAdmin() { return isSignedIn() && request.auth.token.admin == true; }
service cloud.firestore {
  match /databases/{database}/documents {
    match /admin/{id} { allow get: if isAdmin(); }
  }
}`;

  it('compile and are visible inside every service block, declared before or after it', () => {
    const harness = new RulesHarness(fileLevel, [doc('notes/n1', { owner: 'alice' })]);
    expect(harness.get(user('alice'), 'notes/n1')).toBe(true);
    expect(harness.get(user('bob'), 'notes/n1')).toBe(false);
    expect(harness.get(user('bob'), 'profiles/bob')).toBe(true);
    expect(harness.get(user('bob'), 'profiles/alice')).toBe(false);
    expect(harness.get(user('root', { admin: true }), 'admin/x')).toBe(true);
    expect(harness.get(user('bob'), 'admin/x')).toBe(false);
  });
});

describe('let bindings', () => {
  it('bind values used by later lets and the return', () => {
    const harness = new RulesHarness(
      rules(`
    function valid(data) {
      let title = data.title;
      let length = title.size();
      return length >= 1 && length <= 5;
    }
    match /posts/{id} { allow create: if valid(request.resource.data); }`),
    );
    expect(harness.write(user('u'), [{ path: 'posts/p', data: { title: 'abc' } }])).toBe(true);
    expect(harness.write(user('u'), [{ path: 'posts/p', data: { title: 'abcdef' } }])).toBe(false);
    expect(harness.write(user('u'), [{ path: 'posts/p', data: { title: 7n } }])).toBe(false);
  });

  it('are evaluated only when used, so an unused failing let does not deny', () => {
    const harness = new RulesHarness(
      rules(`
    function check(data) {
      let broken = data.missing.size();
      let fine = data.present;
      return fine == true || broken > 0;
    }
    match /posts/{id} { allow create: if check(request.resource.data); }`),
    );
    expect(harness.write(user('u'), [{ path: 'posts/p', data: { present: true } }])).toBe(true);
    expect(harness.write(user('u'), [{ path: 'posts/p', data: { present: false } }])).toBe(false);
  });

  it('a failing argument fails the call', () => {
    const harness = new RulesHarness(
      rules(`
    function alwaysTrue(x) { return true; }
    match /posts/{id} { allow create: if alwaysTrue(request.resource.data.missing); }`),
    );
    expect(harness.write(user('u'), [{ path: 'posts/p', data: {} }])).toBe(false);
  });
});
