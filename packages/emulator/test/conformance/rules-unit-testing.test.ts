// @firebase/rules-unit-testing against an in-process emulator: rules loaded through
// PUT …:securityRules, mock user tokens (unsigned JWTs that expired in 1970), the owner bypass,
// and clearFirestore through the control endpoint.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /profiles/{uid} {
      allow read: if request.auth != null;
      allow create, update: if request.auth.uid == uid
        && request.resource.data.name is string
        && request.resource.data.name.size() <= 20;
      allow delete: if request.auth.uid == uid;
    }
  }
}
`;

let server: EmulatorServer;
let log: CapturingLogger;
let env: RulesTestEnvironment;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  env = await initializeTestEnvironment({
    projectId: 'demo-rules',
    firestore: { rules: RULES, host: '127.0.0.1', port: server.port },
  });
});

afterAll(async () => {
  await env?.cleanup();
  await server?.close();
});

describe('rules-unit-testing', () => {
  it('enforces the loaded rules per caller', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    const bob = env.authenticatedContext('bob').firestore();
    const anonymous = env.unauthenticatedContext().firestore();
    await assertSucceeds(setDoc(doc(alice, 'profiles/alice'), { name: 'Alice' }));
    await assertFails(setDoc(doc(bob, 'profiles/alice'), { name: 'Mallory' }));
    await assertFails(setDoc(doc(alice, 'profiles/alice'), { name: 'A'.repeat(21) }));
    await assertSucceeds(getDoc(doc(bob, 'profiles/alice')));
    await assertFails(getDoc(doc(anonymous, 'profiles/alice')));
    await assertFails(deleteDoc(doc(bob, 'profiles/alice')));
  });

  it('bypasses rules with withSecurityRulesDisabled and clears data', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'elsewhere/x'), { any: 'thing' });
    });
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(getDoc(doc(alice, 'elsewhere/x')));
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await getDoc(doc(context.firestore(), 'elsewhere/x'))).exists()).toBe(false);
    });
  });

  it('rejects rules that do not compile with line and column', async () => {
    const response = await fetch(`${server.url}/emulator/v1/projects/demo-rules:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({
        rules: { files: [{ name: 'broken.rules', content: 'service cloud.firestore {' }] },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toMatch(/broken\.rules:\d+:\d+/);
    const ignored = await fetch(`${server.url}/emulator/v1/projects/demo-rules:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({
        ignore_errors: true,
        rules: { files: [{ name: 'security.rules', content: 'service cloud.firestore {' }] },
      }),
    });
    expect(ignored.status).toBe(200);
    const issues = (await ignored.json()) as {
      issues: { sourcePosition: { line: number; column: number } }[];
    };
    expect(issues.issues.length).toBeGreaterThan(0);
    expect(issues.issues[0]!.sourcePosition.line).toBe(1);
    // The previous rules are still in force.
    const bob = env.authenticatedContext('bob').firestore();
    await assertFails(setDoc(doc(bob, 'profiles/alice'), { name: 'Mallory' }));
  });

  it('reports no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
