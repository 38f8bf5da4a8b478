// Security rules are kept per project, as the official emulator keeps them: two
// @firebase/rules-unit-testing environments with different project ids load different rules
// into one emulator, and each project is judged by its own, over real sockets. Rules for one
// database of a project, and the default rules (loaded without a project) for projects that have
// none, take their place in the same lookup. Every denial has an allowed twin.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type EmulatorServer } from '../../src/server.js';
import { silentLogger } from '../../src/transport/logger.js';

/** Rules allowing reads and writes of `/{collection}/{id}` and nothing else. */
function rulesAllowing(collection: string): string {
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /${collection}/{id} {
      allow read, write: if true;
    }
  }
}
`;
}

let server: EmulatorServer;
let first: RulesTestEnvironment;
let second: RulesTestEnvironment;

beforeAll(async () => {
  setLogLevel('silent');
  server = await createServer({ port: 0, log: silentLogger });
  const firestore = { host: '127.0.0.1', port: server.port };
  first = await initializeTestEnvironment({
    projectId: 'demo-first',
    firestore: { ...firestore, rules: rulesAllowing('apples') },
  });
  second = await initializeTestEnvironment({
    projectId: 'demo-second',
    firestore: { ...firestore, rules: rulesAllowing('pears') },
  });
});

afterAll(async () => {
  await first?.cleanup();
  await second?.cleanup();
  await server?.close();
});

/** PUTs rules for `path` (`projects/{p}` or `projects/{p}/databases/{d}`). */
async function putRules(path: string, content: string): Promise<void> {
  const response = await fetch(`${server.url}/emulator/v1/${path}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
  });
  expect(response.status).toBe(200);
}

/** The HTTP status of an unauthenticated REST read of `documents/{path}` in `database`. */
async function readStatus(database: string, path: string): Promise<number> {
  const response = await fetch(`${server.url}/v1/${database}/documents/${path}`);
  return response.status;
}

describe('rules per project on one emulator', () => {
  it('judges each project by the rules it loaded', async () => {
    const inFirst = first.unauthenticatedContext().firestore();
    const inSecond = second.unauthenticatedContext().firestore();
    await assertSucceeds(setDoc(doc(inFirst, 'apples/a'), { n: 1 }));
    await assertFails(setDoc(doc(inFirst, 'pears/p'), { n: 1 }));
    await assertSucceeds(setDoc(doc(inSecond, 'pears/p'), { n: 1 }));
    await assertFails(setDoc(doc(inSecond, 'apples/a'), { n: 1 }));
    await assertSucceeds(getDoc(doc(inFirst, 'apples/a')));
    await assertFails(getDoc(doc(inSecond, 'apples/a')));
  });

  it("keeps one project's rules when another project reloads its own", async () => {
    await putRules('projects/demo-first', rulesAllowing('plums'));
    const inFirst = first.unauthenticatedContext().firestore();
    const inSecond = second.unauthenticatedContext().firestore();
    await assertFails(setDoc(doc(inFirst, 'apples/b'), { n: 1 }));
    await assertSucceeds(setDoc(doc(inFirst, 'plums/b'), { n: 1 }));
    await assertSucceeds(setDoc(doc(inSecond, 'pears/b'), { n: 1 }));
    await assertFails(setDoc(doc(inSecond, 'plums/b'), { n: 1 }));
    await putRules('projects/demo-first', rulesAllowing('apples'));
  });

  it('lets rules for one database of a project take precedence over the project rules', async () => {
    await putRules('projects/demo-first/databases/orchard', rulesAllowing('cherries'));
    expect(await readStatus('projects/demo-first/databases/orchard', 'cherries/c')).toBe(404);
    expect(await readStatus('projects/demo-first/databases/orchard', 'apples/a')).toBe(403);
    expect(await readStatus('projects/demo-first/databases/(default)', 'apples/a')).toBe(200);
    expect(await readStatus('projects/demo-first/databases/(default)', 'cherries/c')).toBe(403);
  });

  it('applies the default rules only to projects without rules of their own', async () => {
    expect(await readStatus('projects/demo-third/databases/(default)', 'figs/f')).toBe(404);
    const loaded = await server.rules.load({
      name: 'default.rules',
      content: rulesAllowing('figs'),
    });
    expect(loaded.loaded).toBe(true);
    expect(await readStatus('projects/demo-third/databases/(default)', 'figs/f')).toBe(404);
    expect(await readStatus('projects/demo-third/databases/(default)', 'apples/a')).toBe(403);
    expect(await readStatus('projects/demo-first/databases/(default)', 'apples/a')).toBe(200);
    expect(await readStatus('projects/demo-first/databases/(default)', 'figs/f')).toBe(403);
    expect(server.rules.current()?.name).toBe('default.rules');
    expect(server.rules.current({ projectId: 'demo-second' })?.content).toBe(
      rulesAllowing('pears'),
    );
  });
});
