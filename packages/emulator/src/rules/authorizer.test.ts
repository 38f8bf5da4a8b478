import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { createRulesAuthorizer } from './authorizer.js';
import { compileRules } from './compiler.js';
import {
  DATABASE,
  RulesHarness,
  TIME,
  anonymous,
  contextOf,
  doc,
  nameOf,
  owner,
  user,
} from './testing.js';

const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isMember() {
      return request.auth != null && request.auth.token.firebase.sign_in_provider != 'anonymous';
    }
    match /notes/{id} {
      allow get: if request.auth != null;
      allow create: if isMember()
        && request.resource.data.owner == request.auth.uid
        && request.resource.data.createdAt == request.time
        && resource == null;
      allow update: if isMember()
        && resource.data.owner == request.auth.uid
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['text']);
      allow delete: if isMember() && resource.data.owner == request.auth.uid
        && request.resource == null;
    }
    match /verified/{id} {
      allow get: if request.auth.token.email_verified == true;
    }
  }
}`;

const alice = user('alice');
const guest = user('guest', { firebase: { sign_in_provider: 'anonymous' } });

describe('the rules authorizer', () => {
  const harness = new RulesHarness(rules, [
    doc('notes/mine', { owner: 'alice', text: 'a', createdAt: TIME }),
  ]);

  it('lets the owner token bypass rules for every method', () => {
    expect(harness.get(owner, 'verified/x')).toBe(true);
    expect(
      harness.list(owner, '', { from: [{ collectionId: 'notes', allDescendants: false }] }),
    ).toBe(true);
    expect(harness.write(owner, [{ path: 'elsewhere/x', data: {} }])).toBe(true);
  });

  it('gives request.auth null without a token and the claims with one', () => {
    expect(harness.get(anonymous, 'notes/mine')).toBe(false);
    expect(harness.get(alice, 'notes/mine')).toBe(true);
    expect(harness.get(user('v', { email_verified: true }), 'verified/x')).toBe(true);
    expect(harness.get(user('v', { email_verified: false }), 'verified/x')).toBe(false);
  });

  it('judges a create with request.resource as the document after the write', () => {
    const create = (caller: typeof alice, data: Record<string, unknown>) =>
      harness.write(caller, [{ path: 'notes/new', data }]);
    expect(create(alice, { owner: 'alice', createdAt: TIME })).toBe(true);
    expect(create(alice, { owner: 'bob', createdAt: TIME })).toBe(false);
    expect(
      create(alice, { owner: 'alice', createdAt: { seconds: TIME.seconds - 1, nanos: 0 } }),
    ).toBe(false);
    expect(create(guest, { owner: 'guest', createdAt: TIME })).toBe(false);
  });

  it('judges an update with the merged document and the stored one', () => {
    expect(harness.write(alice, [{ path: 'notes/mine', data: { text: 'b' }, merge: true }])).toBe(
      true,
    );
    expect(
      harness.write(alice, [{ path: 'notes/mine', data: { owner: 'alice', text: 'b' } }]),
    ).toBe(false);
    expect(
      harness.write(alice, [{ path: 'notes/mine', data: { owner: 'bob' }, merge: true }]),
    ).toBe(false);
    expect(
      harness.write(user('bob'), [{ path: 'notes/mine', data: { text: 'b' }, merge: true }]),
    ).toBe(false);
  });

  it('judges a delete with request.resource null', () => {
    expect(harness.write(alice, [{ path: 'notes/mine', data: null }])).toBe(true);
    expect(harness.write(user('bob'), [{ path: 'notes/mine', data: null }])).toBe(false);
  });

  it('denies the whole batch when one write is denied', () => {
    expect(
      harness.write(alice, [
        { path: 'notes/mine', data: { text: 'b' }, merge: true },
        { path: 'notes/other', data: { owner: 'bob', createdAt: TIME } },
      ]),
    ).toBe(false);
  });

  it('throws PERMISSION_DENIED with production wording, and explains unless told not to', () => {
    const compiled = compileRules(rules);
    if (!compiled.ok) throw new Error(compiled.message);
    const read = { time: TIME, lookup: harness.lookup, name: nameOf('notes/mine') };
    const explained = createRulesAuthorizer(compiled.ruleset);
    const plain = createRulesAuthorizer(compiled.ruleset, {
      explain: false,
      describe: 'rules from test',
    });
    expect(() => explained.authorizeGet(contextOf(anonymous), read)).toThrow(
      new EmulatorError(
        'PERMISSION_DENIED',
        "Missing or insufficient permissions.\nfalse for 'get' @ L8",
      ),
    );
    expect(() => plain.authorizeGet(contextOf(anonymous), read)).toThrow(
      'Missing or insufficient permissions.',
    );
    expect(() =>
      plain.authorizeGet(contextOf(anonymous), { ...read, name: `${DATABASE}/documents/none/x` }),
    ).toThrow('Missing or insufficient permissions.');
    expect(explained.describe()).toBe('security rules from firestore.rules');
    expect(plain.describe()).toBe('rules from test');
  });

  it('says when no allow statement applies', () => {
    const compiled = compileRules(rules);
    if (!compiled.ok) throw new Error(compiled.message);
    const authorizer = createRulesAuthorizer(compiled.ruleset);
    expect(() =>
      authorizer.authorizeGet(contextOf(alice), {
        time: TIME,
        lookup: () => null,
        name: nameOf('none/x'),
      }),
    ).toThrow('No matching allow statements');
  });
});
