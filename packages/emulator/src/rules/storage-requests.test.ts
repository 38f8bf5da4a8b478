import { describe, expect, it } from 'vitest';
import {
  BUCKET,
  StorageRulesHarness,
  TIME,
  anonymous,
  owner,
  storedObject,
  user,
} from './testing.js';

const rules = (body: string, version = '2'): string => `rules_version = '${version}';
service firebase.storage {
  match /b/{bucket}/o {
${body}
  }
}`;

const alice = user('alice');
const bob = user('bob');
const guest = user('guest', { firebase: { sign_in_provider: 'anonymous' } });

describe('object names against match paths', () => {
  const harness = new StorageRulesHarness(
    rules(`    match /users/{uid}/{file} { allow get: if uid == request.auth.uid && file == 'a.webp'; }
    match /public/{rest=**} { allow get: if rest == path('x/y.png') || rest == path(''); }
    match /{bucketWide} { allow get: if bucket == '${BUCKET}'; }`),
  );

  it('bind one wildcard per segment', async () => {
    expect(await harness.get(alice, 'users/alice/a.webp')).toBe(true);
    expect(await harness.get(bob, 'users/alice/a.webp')).toBe(false);
    expect(await harness.get(alice, 'users/alice/b.webp')).toBe(false);
    expect(await harness.get(alice, 'users/alice/x/a.webp')).toBe(false);
  });

  it('bind a recursive wildcard to a path of zero or more segments', async () => {
    expect(await harness.get(alice, 'public/x/y.png')).toBe(true);
    expect(await harness.get(alice, 'public/x/z.png')).toBe(false);
    expect(await harness.get(alice, 'public')).toBe(true);
  });

  it('bind the bucket', async () => {
    expect(await harness.get(alice, 'top.png')).toBe(true);
    expect((await harness.run(alice, 'get', 'top.png', null, 'other.appspot.com')).allowed).toBe(
      false,
    );
  });

  it('drop empty segments, as the official emulator does', async () => {
    expect(await harness.get(alice, 'users//alice/a.webp')).toBe(true);
  });
});

describe('methods', () => {
  const harness = new StorageRulesHarness(
    rules(`    match /r/{f} { allow read; }
    match /w/{f} { allow write; }
    match /g/{f} { allow get; }
    match /l/{rest=**} { allow list; }
    match /c/{f} { allow create, delete; }
    match /m/{f} { allow get, create, update, delete: if request.method == f; }`),
    { objects: [storedObject('w/x'), storedObject('c/x'), storedObject('m/update')] },
  );

  it('read covers get and list; write covers create, update and delete', async () => {
    expect(await harness.get(alice, 'r/x')).toBe(true);
    expect(await harness.list(alice, 'r/')).toBe(true);
    expect(await harness.write(alice, 'r/x')).toBe(false);
    expect(await harness.write(alice, 'w/new')).toBe(true);
    expect(await harness.write(alice, 'w/x')).toBe(true);
    expect(await harness.delete(alice, 'w/x')).toBe(true);
    expect(await harness.get(alice, 'w/x')).toBe(false);
  });

  it('granular methods allow only themselves', async () => {
    expect(await harness.get(alice, 'g/x')).toBe(true);
    expect(await harness.list(alice, 'g/')).toBe(false);
    expect(await harness.list(alice, 'l/')).toBe(true);
    expect(await harness.get(alice, 'l/x')).toBe(false);
    expect(await harness.write(alice, 'c/new')).toBe(true);
    expect(await harness.write(alice, 'c/x')).toBe(false);
    expect(await harness.delete(alice, 'c/x')).toBe(true);
  });

  it('request.method is the granular method', async () => {
    expect(await harness.get(alice, 'm/get')).toBe(true);
    expect(await harness.write(alice, 'm/create')).toBe(true);
    expect(await harness.write(alice, 'm/update')).toBe(true);
    expect(await harness.delete(alice, 'm/delete')).toBe(true);
    expect(await harness.get(alice, 'm/create')).toBe(false);
  });

  it("answers list only under rules_version '2', as production does", async () => {
    const v1 = new StorageRulesHarness(rules('    match /{all=**} { allow read; }', '1'));
    expect(await v1.get(alice, 'a/b')).toBe(true);
    const denied = await v1.run(alice, 'list', 'a/');
    expect(denied).toEqual({
      allowed: false,
      message: "Permission denied. No LIST permission.\nlist requires rules_version = '2'",
    });
  });

  it('judge a list by the patterns that match every child of its prefix', async () => {
    const harness = new StorageRulesHarness(
      rules(`    match /users/{uid}/{file} {
      allow list: if uid == request.auth.uid && request.path == /b/$(bucket)/o/users/$(uid);
    }
    match /files/{rest=**} { allow list: if rest.size() > 0; }
    match /docs/{name} { allow list: if name == 'a'; }`),
    );
    expect(await harness.list(alice, 'users/alice/')).toBe(true);
    expect(await harness.list(bob, 'users/alice/')).toBe(false);
    expect(await harness.list(alice, 'users/')).toBe(false);
    expect(await harness.list(alice, 'users/alice/deeper/')).toBe(false);
    // The children's names are unknown: a condition on them cannot hold for every child.
    expect(await harness.list(alice, 'files/')).toBe(false);
    expect(await harness.list(alice, 'docs/')).toBe(false);
  });
});

describe('request and resource', () => {
  const harness = new StorageRulesHarness(
    rules(`    match /shape/{file} {
      allow create: if resource == null
        && request.resource.name == 'shape/' + file
        && request.resource.bucket == bucket
        && request.resource.size == 2048
        && request.resource.contentType == 'image/png'
        && request.resource.md5Hash is string
        && request.resource.crc32c is string
        && request.resource.etag is string
        && request.resource.generation is int
        && request.resource.metageneration == 1
        && request.resource.timeCreated == request.time
        && request.resource.updated is timestamp
        && request.resource.metadata == {'alt': 'A cat'}
        && request.resource.cacheControl == 'public, max-age=60'
        && request.resource.contentDisposition == null
        && request.resource.contentEncoding == null
        && request.resource.contentLanguage == null;
      allow update: if resource.metadata.alt == 'A cat' && request.resource.metadata.alt == 'A dog';
      allow delete: if request.resource == null && resource.size == 1024;
      allow get: if request.resource == null && resource.name == 'shape/' + file
        && request.path == /b/$(bucket)/o/shape/$(file)
        && request.time.toMillis() == ${TIME.seconds * 1000 + 123};
    }
    match /missing/{file} { allow get: if resource == null; }`),
    { objects: [storedObject('shape/cat.png', { metadata: { alt: 'A cat' } })] },
  );
  const incoming = {
    size: 2048,
    contentType: 'image/png',
    metadata: { alt: 'A cat' },
    cacheControl: 'public, max-age=60',
  };

  it('request.resource on create is the incoming object; resource is null', async () => {
    expect(await harness.write(alice, 'shape/new.png', incoming)).toBe(true);
    expect(await harness.write(alice, 'shape/new.png', { ...incoming, size: 2049 })).toBe(false);
    expect(
      await harness.write(alice, 'shape/new.png', { ...incoming, contentType: undefined }),
    ).toBe(false);
    expect(
      await harness.write(alice, 'shape/new.png', { ...incoming, contentLanguage: 'en' }),
    ).toBe(false);
    expect(
      await harness.write(alice, 'shape/new.png', { ...incoming, metadata: { alt: 'A dog' } }),
    ).toBe(false);
  });

  it('an update sees the stored object and the object after it', async () => {
    expect(await harness.write(alice, 'shape/cat.png', { metadata: { alt: 'A dog' } })).toBe(true);
    expect(await harness.write(alice, 'shape/cat.png', { metadata: { alt: 'A cow' } })).toBe(false);
  });

  it('request.resource is null on delete and on reads', async () => {
    expect(await harness.delete(alice, 'shape/cat.png')).toBe(true);
    expect(await harness.get(alice, 'shape/cat.png')).toBe(true);
    expect(await harness.get(alice, 'shape/dog.png')).toBe(false);
  });

  it('resource is null for a missing object', async () => {
    expect(await harness.get(alice, 'missing/x.png')).toBe(true);
  });
});

describe('request.auth', () => {
  const harness = new StorageRulesHarness(
    rules(`    match /signed-in/{f} { allow get: if request.auth != null; }
    match /member/{f} {
      allow get: if request.auth.token.firebase.sign_in_provider != 'anonymous';
    }
    match /verified/{f} { allow get: if request.auth.token.email_verified == true; }
    match /own/{uid} { allow get: if request.auth.uid == uid; }`),
  );

  it('is null signed out', async () => {
    expect(await harness.get(anonymous, 'signed-in/x')).toBe(false);
    expect(await harness.get(guest, 'signed-in/x')).toBe(true);
  });

  it('carries the uid and every claim of the token', async () => {
    expect(await harness.get(alice, 'own/alice')).toBe(true);
    expect(await harness.get(alice, 'own/bob')).toBe(false);
    expect(await harness.get(alice, 'member/x')).toBe(true);
    expect(await harness.get(guest, 'member/x')).toBe(false);
    expect(await harness.get(user('v', { email_verified: true }), 'verified/x')).toBe(true);
    expect(await harness.get(user('v', { email_verified: false }), 'verified/x')).toBe(false);
  });

  it('the owner token bypasses the rules', async () => {
    expect(await harness.get(owner, 'nowhere/x')).toBe(true);
    expect(await harness.delete(owner, 'nowhere/x')).toBe(true);
    expect(await harness.list(owner, '')).toBe(true);
  });
});

describe('denials', () => {
  const body = `    match /a/{f} {
      allow get: if f == 'open';
      allow write: if request.resource.size < 10;
    }`;

  it("reject with production's wording per kind of request, and the reasons", async () => {
    const harness = new StorageRulesHarness(rules(body));
    expect(await harness.run(alice, 'get', 'a/closed')).toEqual({
      allowed: false,
      message: "Permission denied. No READ permission.\nfalse for 'get' @ L5",
    });
    expect(await harness.run(alice, 'create', 'a/big', storedObject('a/big'))).toEqual({
      allowed: false,
      message: "Permission denied. No WRITE permission.\nfalse for 'create' @ L6",
    });
    expect((await harness.run(alice, 'delete', 'a/x')).message).toBe(
      "Permission denied. No WRITE permission.\nevaluation error at L6:23 for 'delete' @ L6, Null value error.",
    );
    expect((await harness.run(alice, 'list', 'a/')).message).toBe(
      'Permission denied. No LIST permission.\nNo matching allow statements',
    );
  });

  it('reject with the bare message when told not to explain', async () => {
    const harness = new StorageRulesHarness(rules(body), { explain: false });
    expect((await harness.run(alice, 'get', 'a/closed')).message).toBe(
      'Permission denied. No READ permission.',
    );
    expect(harness.authorizer.describe()).toBe('storage rules from storage.rules');
    const described = new StorageRulesHarness(rules(body), { describe: 'rules from test' });
    expect(described.authorizer.describe()).toBe('rules from test');
  });
});
