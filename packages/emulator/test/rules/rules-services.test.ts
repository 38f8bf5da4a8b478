// Each emulator loads only its own service's rules: storage.rules PUT to Firestore's rules
// endpoint, or firestore.rules PUT to Storage's /internal/setRules (what rules-unit-testing
// sends), is refused with the line and column of the wrong service, and the rules in force stay.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type EmulatorServer } from '../../src/server.js';
import { silentLogger } from '../../src/transport/logger.js';
import { STORAGE_RULES_PATH } from './storage-support.js';
import { PROJECT_ID, RULES_PATH } from './support.js';

const firestoreRules = readFileSync(RULES_PATH, 'utf8');
const storageRules = readFileSync(STORAGE_RULES_PATH, 'utf8');

let server: EmulatorServer;

beforeAll(async () => {
  server = await createServer({ port: 0, storagePort: 0, log: silentLogger });
});

afterAll(async () => {
  await server?.close();
});

async function putFirestoreRules(content: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'rules.file', content }] } }),
  });
  return { status: response.status, text: await response.text() };
}

async function putStorageRules(content: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.storage!.url}/internal/setRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'rules.file', content }] } }),
  });
  return { status: response.status, text: await response.text() };
}

/** The line of `service …` in a rules file, 1-based. */
const serviceLine = (text: string): number =>
  text.split('\n').findIndex((line) => line.startsWith('service ')) + 1;

describe('rules loaded into the wrong emulator', () => {
  it('Firestore refuses storage rules at their service name, and takes its own', async () => {
    const refused = await putFirestoreRules(storageRules);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      `rules.file:${serviceLine(storageRules)}:9: Cloud Firestore rules must declare service cloud.firestore; this file declares service firebase.storage`,
    );
    expect((await putFirestoreRules(firestoreRules)).status).toBe(200);
  });

  it('Storage refuses Firestore rules at their service name, and takes its own', async () => {
    const refused = await putStorageRules(firestoreRules);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      `rules.file:${serviceLine(firestoreRules)}:9: Cloud Storage rules must declare service firebase.storage; this file declares service cloud.firestore`,
    );
    expect((await putStorageRules(storageRules)).status).toBe(200);
  });
});
