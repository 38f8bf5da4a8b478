// Enforcement around the rules themselves: loading through PUT …:securityRules (compile errors
// with line and column, the old rules staying in force, reloads), denials over REST with
// production's status and wording, listeners, and the owner token.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type EmulatorServer } from '../../src/server.js';
import { silentLogger } from '../../src/transport/logger.js';
import { PROJECT_ID, RULES_PATH } from './support.js';

const DOCUMENTS = `projects/${PROJECT_ID}/databases/(default)/documents`;

/** An unsigned ID token like the Auth emulator's (alg none, empty signature). */
function idToken(uid: string, provider: string): string {
  const encode = (value: object): string =>
    Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
    sub: uid,
    user_id: uid,
    iat: 0,
    exp: 3600,
    firebase: { sign_in_provider: provider, identities: {} },
  })}.`;
}

describe('rules loading and enforcement over the wire', () => {
  let server: EmulatorServer;

  const putRules = (content: string, extra: Record<string, unknown> = {}): Promise<Response> =>
    fetch(`${server.url}/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] }, ...extra }),
    });

  const getDocument = (path: string, token?: string): Promise<Response> =>
    fetch(`${server.url}/v1/${DOCUMENTS}/${path}`, {
      headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    server = await createServer({ port: 0, log: silentLogger });
    const response = await putRules(readFileSync(RULES_PATH, 'utf8'));
    expect(response.status).toBe(200);
    const seed = await fetch(`${server.url}/v1/${DOCUMENTS}:commit`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        writes: [
          {
            update: {
              name: `${DOCUMENTS}/showcases/draft`,
              fields: { status: { stringValue: 'draft' }, ownerUid: { stringValue: 'owner' } },
            },
          },
        ],
      }),
    });
    expect(seed.status).toBe(200);
  });
  afterAll(() => server.close());

  it('denies over REST with 403, PERMISSION_DENIED and production wording', async () => {
    const response = await getDocument('showcases/draft', idToken('other', 'password'));
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('PERMISSION_DENIED');
    expect(body.error.message).toMatch(/^Missing or insufficient permissions\./);
  });

  it('allows over REST when the rules allow', async () => {
    expect((await getDocument('showcases/draft', idToken('owner', 'password'))).status).toBe(200);
  });

  it('lets the owner token bypass the rules', async () => {
    expect((await getDocument('showcases/draft', 'owner')).status).toBe(200);
  });

  it('rejects rules that do not compile, naming line and column, and keeps the old ones', async () => {
    const broken =
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents {\n    allow read: if (;\n  }\n}\n";
    const response = await putRules(broken);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toContain(
      "firestore.rules:4:21: Unexpected ';'; expected an expression.",
    );
    expect(body.error.message).toContain('4 |     allow read: if (;');
    // The project's rules are still in force.
    expect((await getDocument('showcases/draft', idToken('other', 'password'))).status).toBe(403);
  });

  it('reports issues with source positions when asked to ignore errors', async () => {
    const response = await putRules(
      'service cloud.firestore { match /a/{b} { allow read: if nope; } }',
      {
        ignore_errors: true,
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      issues: [
        {
          sourcePosition: { line: 1, column: 57 },
          description: "Unknown variable 'nope'.",
          severity: 'ERROR',
        },
      ],
    });
  });

  it('reloads: new rules apply to the next request', async () => {
    const open =
      "rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read; } } }";
    expect((await putRules(open)).status).toBe(200);
    expect((await getDocument('showcases/draft')).status).toBe(200);
    expect((await putRules(readFileSync(RULES_PATH, 'utf8'))).status).toBe(200);
    expect((await getDocument('showcases/draft')).status).toBe(403);
  });
});
