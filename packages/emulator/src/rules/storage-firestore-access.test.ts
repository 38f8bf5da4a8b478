import { describe, expect, it } from 'vitest';
import { compileRules } from './compiler.js';
import { StorageRulesHarness, doc, user, type StorageOutcome } from './testing.js';

const rules = (body: string): string => `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function showcase(id) { return /databases/(default)/documents/showcases/$(id); }
${body}
  }
}`;

const alice = user('alice');
const bob = user('bob');

const world = [
  doc('showcases/pub', { status: 'published', ownerUid: 'alice' }),
  doc('showcases/draft', { status: 'draft', ownerUid: 'alice' }),
];

describe('firestore.get() and firestore.exists()', () => {
  const harness = new StorageRulesHarness(
    rules(`    match /images/{showcaseId}/{file} {
      allow get: if firestore.get(showcase(showcaseId)).data.status == 'published'
        || firestore.get(showcase(showcaseId)).data.ownerUid == request.auth.uid;
    }
    match /exists/{showcaseId} { allow get: if firestore.exists(showcase(showcaseId)); }
    match /missing/{showcaseId} { allow get: if firestore.get(showcase(showcaseId)) == null; }`),
    { documents: world },
  );

  it("read the same project's documents", async () => {
    expect(await harness.get(bob, 'images/pub/a.webp')).toBe(true);
    expect(await harness.get(alice, 'images/draft/a.webp')).toBe(true);
    expect(await harness.get(bob, 'images/draft/a.webp')).toBe(false);
  });

  it('exists() says whether the document is stored; get() of a missing one is null', async () => {
    expect(await harness.get(bob, 'exists/pub')).toBe(true);
    expect(await harness.get(bob, 'exists/nope')).toBe(false);
    expect(await harness.get(bob, 'missing/nope')).toBe(true);
    expect(await harness.get(bob, 'missing/pub')).toBe(false);
  });

  it('deny when a missing document is read through', async () => {
    expect(await harness.get(alice, 'images/nope/a.webp')).toBe(false);
  });
});

describe('which Firestore the rules read', () => {
  const body = `    match /{showcaseId} { allow get: if firestore.exists(showcase(showcaseId)); }`;
  const read = async (bucket: string, projectId?: string): Promise<string[]> => {
    const harness = new StorageRulesHarness(rules(body), {
      documents: world,
      ...(projectId === undefined ? {} : { projectId }),
    });
    await harness.run(alice, 'get', 'pub', null, bucket);
    return harness.reads;
  };
  const name = (project: string) =>
    `projects/${project}/databases/(default)/documents/showcases/pub`;

  it("the bucket's project: p.appspot.com, p.firebasestorage.app, or a bucket named p", async () => {
    expect(await read('demo-test.appspot.com')).toEqual([name('demo-test')]);
    expect(await read('demo-test.firebasestorage.app')).toEqual([name('demo-test')]);
    expect(await read('demo-test')).toEqual([name('demo-test')]);
    expect(await read('demo-other.appspot.com')).toEqual([name('demo-other')]);
  });

  it('the configured project, when the server names one', async () => {
    expect(await read('anything.example', 'demo-test')).toEqual([name('demo-test')]);
  });

  it('only the (default) database, and only document paths', async () => {
    const harness = new StorageRulesHarness(
      rules(`    match /other/{f} { allow get: if firestore.get(/databases/other/documents/showcases/pub) != null; }
    match /collection/{f} { allow get: if firestore.get(/databases/(default)/documents/showcases) == null; }
    match /ok/{f} { allow get: if firestore.get(/databases/(default)/documents/showcases/pub) != null; }`),
      { documents: world },
    );
    expect(await harness.get(alice, 'ok/x')).toBe(true);
    const other = await harness.run(alice, 'get', 'other/x');
    expect(other.allowed).toBe(false);
    expect(other.message).toContain('is not in database (default)');
    expect(await harness.get(alice, 'collection/x')).toBe(false);
    expect(harness.reads).toEqual([name('demo-test')]);
  });
});

describe('the cross-service access limit', () => {
  const reads = (ids: readonly string[]): string =>
    ids.map((id) => `firestore.exists(showcase('${id}'))`).join(' || ');
  const harnessFor = (condition: string) =>
    new StorageRulesHarness(rules(`    match /{f} { allow get: if ${condition}; }`), {
      documents: world,
    });
  const limitReason = (outcome: StorageOutcome) =>
    outcome.message.includes('Exceeded the limit of 2 document accesses');

  it('allows two distinct documents per request', async () => {
    expect(await harnessFor(`${reads(['a', 'b'])} || true`).get(alice, 'x')).toBe(true);
  });

  it('denies the third, and `||` does not absorb the limit', async () => {
    const outcome = await harnessFor(`${reads(['a', 'b', 'c'])} || true`).run(alice, 'get', 'x');
    expect(outcome.allowed).toBe(false);
    expect(limitReason(outcome)).toBe(true);
  });

  it('does not count repeated reads of one document', async () => {
    const harness = harnessFor(`${reads(['a', 'a', 'b', 'b', 'a'])} || true`);
    expect(await harness.get(alice, 'x')).toBe(true);
  });
});

describe('functions of the other service', () => {
  const located = (text: string, service: 'cloud.firestore' | 'firebase.storage') => {
    const result = compileRules(text, 'x.rules', service);
    return result.ok ? [] : result.issues.map((i) => `${i.line}:${i.column} ${i.description}`);
  };

  it('storage rules have no get()/exists(); they read Firestore with firestore.get()', () => {
    expect(
      located(rules('    match /{f} { allow get: if exists(showcase(f)); }'), 'firebase.storage'),
    ).toEqual(['5:32 Function not found error: Name: [exists].']);
    expect(
      located(
        rules('    match /{f} { allow get: if firestore.exists(showcase(f)); }'),
        'firebase.storage',
      ),
    ).toEqual([]);
  });

  it('Firestore rules have no firestore.get()', () => {
    const firestoreRules = `service cloud.firestore {
  match /databases/{database}/documents {
    match /a/{id} { allow get: if firestore.get(/databases/(default)/documents/a/b) != null; }
  }
}`;
    expect(located(firestoreRules, 'cloud.firestore')).toEqual([
      '3:35 Function not found error: Name: [firestore.get].',
    ]);
  });
});
