// Who may reach the control surface: tools (no Origin) and pages served from a loopback address
// may upload rules, clear data and export; a page from any other origin, which a developer might
// have open in the same browser, is refused before anything runs. Data requests stay open to
// every origin, as the SDKs need, but Private Network Access is granted to loopback pages only.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { DOCUMENTS, PROJECT, restSet, startEmulator } from '../conformance/support.js';
import type { CapturingLogger } from '../conformance/support.js';

const FOREIGN_ORIGINS = [
  'https://attacker.example',
  'http://127.0.0.1.attacker.example:8080',
  'null',
];
const LOOPBACK_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:3000', 'http://[::1]:8080'];
const ALLOW_ALL =
  'rules_version = "2";\nservice cloud.firestore { match /{d=**} { allow read, write: if true; } }';
const DENY_ALL =
  'rules_version = "2";\nservice cloud.firestore { match /{d=**} { allow read, write: if false; } }';

let server: EmulatorServer;
let log: CapturingLogger;
let exportRoot: string;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  exportRoot = await mkdtemp(join(tmpdir(), 'emulator-origin-'));
});

afterAll(async () => {
  await server?.close();
  await rm(exportRoot, { recursive: true, force: true });
});

function uploadRules(origin: string | undefined, content: string): Promise<Response> {
  return fetch(`${server.url}/emulator/v1/projects/${PROJECT}:securityRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'text/plain', ...(origin === undefined ? {} : { Origin: origin }) },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
  });
}

function clearData(origin: string | undefined): Promise<Response> {
  return fetch(`${server.url}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
    method: 'DELETE',
    headers: origin === undefined ? {} : { Origin: origin },
  });
}

function exportTo(origin: string | undefined, name: string): Promise<Response> {
  return fetch(`${server.url}/emulator/v1/projects/${PROJECT}:export`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', ...(origin === undefined ? {} : { Origin: origin }) },
    body: JSON.stringify({ export_directory: exportRoot, export_name: name }),
  });
}

/** Whether an unauthenticated REST read of `path` is allowed by the rules in force. */
async function anonymousReadAllowed(path: string): Promise<boolean> {
  return (await fetch(`${server.url}/v1/${DOCUMENTS}/${path}`)).status === 200;
}

function preflight(path: string, origin: string, privateNetwork = false): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      ...(privateNetwork ? { 'Access-Control-Request-Private-Network': 'true' } : {}),
    },
  });
}

describe('the control endpoints refuse pages from other origins', () => {
  it.each(FOREIGN_ORIGINS)('%s cannot upload rules, clear data or export', async (origin) => {
    expect((await uploadRules(undefined, DENY_ALL)).status).toBe(200);
    await restSet(server, 'kept/doc', { n: { integerValue: '1' } });

    const upload = await uploadRules(origin, ALLOW_ALL);
    expect(upload.status).toBe(403);
    expect(upload.headers.get('access-control-allow-origin')).toBe(null);
    expect(await anonymousReadAllowed('kept/doc')).toBe(false);

    expect((await clearData(origin)).status).toBe(403);
    expect((await exportTo(origin, 'foreign')).status).toBe(403);
    expect(existsSync(join(exportRoot, 'foreign'))).toBe(false);

    // The document is still there: only the owner's read can tell.
    const read = await fetch(`${server.url}/v1/${DOCUMENTS}/kept/doc`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(read.status).toBe(200);

    const refused = await preflight(`/emulator/v1/projects/${PROJECT}:securityRules`, origin);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe(null);
  });

  it.each(LOOPBACK_ORIGINS)('%s may use them, as may tools that send no Origin', async (origin) => {
    await restSet(server, 'kept/doc', { n: { integerValue: '1' } });
    const upload = await uploadRules(origin, ALLOW_ALL);
    expect(upload.status).toBe(200);
    expect(upload.headers.get('access-control-allow-origin')).toBe(origin);
    expect(await anonymousReadAllowed('kept/doc')).toBe(true);
    expect((await clearData(origin)).status).toBe(200);
    expect((await exportTo(origin, 'loopback')).status).toBe(200);
    expect((await uploadRules(undefined, DENY_ALL)).status).toBe(200);
    expect((await clearData(undefined)).status).toBe(200);
    const allowed = await preflight(`/emulator/v1/projects/${PROJECT}:securityRules`, origin);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
  });
});

describe('data requests and Private Network Access', () => {
  it('answers data requests from any origin with the origin echoed', async () => {
    const response = await fetch(`${server.url}/v1/${DOCUMENTS}:commit`, {
      method: 'POST',
      headers: { Origin: FOREIGN_ORIGINS[0]!, Authorization: 'Bearer owner' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(FOREIGN_ORIGINS[0]);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('grants Private Network Access to loopback origins only', async () => {
    const path = `/v1/${DOCUMENTS}:commit`;
    const foreign = await preflight(path, FOREIGN_ORIGINS[0]!, true);
    expect(foreign.status).toBe(204);
    expect(foreign.headers.get('access-control-allow-private-network')).toBe(null);
    for (const origin of LOOPBACK_ORIGINS) {
      const local = await preflight(path, origin, true);
      expect(local.headers.get('access-control-allow-private-network')).toBe('true');
    }
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
