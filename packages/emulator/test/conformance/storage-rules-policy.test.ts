// Who may use Storage when: without rules only `demo-` projects are open (any other project is
// refused, as the official emulator does), owners and the GCS API (the Admin SDK's) always pass,
// and rules loaded through /internal/setRules are enforced, reading this process's Firestore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

const PROJECT = 'showcase-policy';
const BUCKET = `${PROJECT}.appspot.com`;
const DOCS = `projects/${PROJECT}/databases/(default)/documents`;

let server: EmulatorServer;
let log: CapturingLogger;
let base: string;

function idToken(uid: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid })}.`;
}

function upload(name: string, authorization?: string): Promise<Response> {
  return fetch(`${base}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      'X-Goog-Upload-Protocol': 'multipart',
      'Content-Type': 'multipart/related; boundary=B',
      ...(authorization === undefined ? {} : { Authorization: authorization }),
    },
    body: `--B\r\nContent-Type: application/json\r\n\r\n{}\r\n--B\r\nContent-Type: image/png\r\n\r\nPNG\r\n--B--`,
  });
}

function read(name: string, authorization?: string): Promise<Response> {
  return fetch(`${base}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}?alt=media`, {
    headers: authorization === undefined ? {} : { Authorization: authorization },
  });
}

async function setRules(content: string): Promise<Response> {
  return fetch(`${base}/internal/setRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content }] } }),
  });
}

async function setFlag(open: boolean): Promise<void> {
  const response = await fetch(`${server.url}/v1/${DOCS}:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: [
        { update: { name: `${DOCS}/flags/storage`, fields: { open: { booleanValue: open } } } },
      ],
    }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  ({ server, log } = await startEmulator({ projectId: PROJECT, storagePort: 0 }));
  base = server.storage!.url;
});
afterAll(async () => {
  await server.close();
  expect(log.errors).toEqual([]);
});

describe('Storage rules policy', () => {
  it('refuses every client request of a non-demo project without rules, and says so loudly', async () => {
    expect(log.warnings.join('\n')).toMatch(
      /WARNING: no Storage security rules are loaded and showcase-policy is not a demo- project: every Storage request is refused/,
    );
    const refused = await upload('a.png', `Firebase ${idToken('u1')}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /No Storage security rules are loaded, and project showcase-policy is not a demo- project/,
    );
  });

  it('lets owners (Firebase owner) and the GCS API (the Admin SDK, no token) through regardless', async () => {
    expect((await upload('owned.png', 'Firebase owner')).status).toBe(200);
    const viaGcs = await fetch(`${base}/b/${BUCKET}/o/owned.png`);
    expect(viaGcs.status).toBe(200);
    expect(await viaGcs.json()).toMatchObject({ name: 'owned.png', size: '3' });
  });

  it('enforces loaded rules per caller, with firestore.get() reading this process’s Firestore', async () => {
    const rules = [
      "rules_version = '2';",
      'service firebase.storage {',
      '  match /b/{bucket}/o {',
      '    match /{uid}/{file} {',
      '      allow write: if request.auth != null && request.auth.uid == uid;',
      '      allow read: if firestore.get(/databases/(default)/documents/flags/storage).data.open == true;',
      '    }',
      '  }',
      '}',
    ].join('\n');
    expect((await setRules(rules)).status).toBe(200);
    expect((await upload('u1/pic.png', `Firebase ${idToken('u1')}`)).status).toBe(200);
    const other = await upload('u1/pic.png', `Firebase ${idToken('u2')}`);
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { message: string } }).error.message).toMatch(
      /Permission denied\. No WRITE permission\./,
    );
    await setFlag(false);
    expect((await read('u1/pic.png')).status).toBe(403);
    await setFlag(true);
    const allowed = await read('u1/pic.png');
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toBe('PNG');
  });

  it('keeps the previous rules when new ones do not compile', async () => {
    const broken = await setRules(
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{b}/o {\n    allow read: if ;\n  }\n}\n",
    );
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(
      /previous rules stay in force[\s\S]*storage\.rules:4:\d+/,
    );
    expect((await upload('u2/pic.png', `Firebase ${idToken('u2')}`)).status).toBe(200);
    expect((await upload('u2/pic.png', `Firebase ${idToken('u1')}`)).status).toBe(403);
  });
});
