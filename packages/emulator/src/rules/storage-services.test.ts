import { describe, expect, it } from 'vitest';
import { createRulesAuthorizer } from './authorizer.js';
import { compileRules, type Ruleset } from './compiler.js';
import { createStorageRulesAuthorizer } from './storage-authorizer.js';

const storageRules = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o { match /{all=**} { allow read; } }
}`;
const firestoreRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents { match /{all=**} { allow read; } }
}`;

function rulesetOf(text: string, service?: 'cloud.firestore' | 'firebase.storage'): Ruleset {
  const compiled = compileRules(text, 'test.rules', service);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.ruleset;
}

const noFirestore = { getDocument: () => undefined };

describe('the service a ruleset is for', () => {
  it("is the file's own service", () => {
    expect(rulesetOf(storageRules).service).toBe('firebase.storage');
    expect(rulesetOf(firestoreRules).service).toBe('cloud.firestore');
  });

  it("is Firestore's for a file with both, unless the caller names Storage", () => {
    const both = `${firestoreRules}\n${storageRules.replace("rules_version = '2';", '')}`;
    const firestore = rulesetOf(both);
    expect(firestore.service).toBe('cloud.firestore');
    expect(firestore.matches[0]!.pattern[0]!).toMatchObject({ value: 'databases' });
    const storage = rulesetOf(both, 'firebase.storage');
    expect(storage.service).toBe('firebase.storage');
    expect(storage.matches.map((m) => m.pattern[0])).toEqual([
      { kind: 'literal', value: 'b', level: 1 },
    ]);
  });

  it('refuses storage rules loaded into Firestore, at the service name', () => {
    const result = compileRules(storageRules, 'storage.rules', 'cloud.firestore');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      {
        line: 2,
        column: 9,
        severity: 'ERROR',
        description:
          'Cloud Firestore rules must declare service cloud.firestore; this file declares service firebase.storage (load it into Cloud Storage instead).',
      },
    ]);
    expect(result.message).toBe(
      [
        'storage.rules:2:9: Cloud Firestore rules must declare service cloud.firestore; this file declares service firebase.storage (load it into Cloud Storage instead).',
        '2 | service firebase.storage {',
        '  |         ^^^^^^^^^^^^^^^^',
      ].join('\n'),
    );
  });

  it('refuses Firestore rules loaded into Storage', () => {
    const result = compileRules(firestoreRules, 'firestore.rules', 'firebase.storage');
    expect(result.ok ? [] : result.issues.map((i) => [i.line, i.column, i.description])).toEqual([
      [
        2,
        9,
        'Cloud Storage rules must declare service firebase.storage; this file declares service cloud.firestore (load it into Cloud Firestore instead).',
      ],
    ]);
    expect(compileRules(firestoreRules, 'firestore.rules', 'cloud.firestore').ok).toBe(true);
  });

  it('rejects a service nobody serves', () => {
    const result = compileRules('service firebase.database {\n}', 'x.rules');
    expect(result.ok ? [] : result.issues.map((i) => [i.line, i.column, i.description])).toEqual([
      [1, 9, "Unknown service 'firebase.database'; expected cloud.firestore or firebase.storage."],
    ]);
  });

  it("is checked by each service's authorizer", () => {
    expect(() => createRulesAuthorizer(rulesetOf(storageRules))).toThrow(
      'Rules for firebase.storage cannot authorize Cloud Firestore requests.',
    );
    expect(() =>
      createStorageRulesAuthorizer(rulesetOf(firestoreRules), { firestore: noFirestore }),
    ).toThrow('Rules for cloud.firestore cannot authorize Cloud Storage requests.');
    expect(() =>
      createStorageRulesAuthorizer(rulesetOf(storageRules), { firestore: noFirestore }),
    ).not.toThrow();
  });
});
