// The stack's emulator server over loopback: Firestore and Storage in one server, each with the
// app's rules file, each logging to its own sink (the server has one logger; Storage's messages
// are told apart by naming Storage, not by a path that happens to contain the word).
import type { EmulatorServer } from '@showcase/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_FILE, STORAGE_RULES_FILE } from '../src/paths.js';
import { startFirestoreEmulator } from '../src/stack.js';

type Lines = { log: string[]; sink: Pick<Console, 'log' | 'warn' | 'error'> };
function lines(): Lines {
  const log: string[] = [];
  const push = (message: unknown) => void log.push(String(message));
  return { log, sink: { log: push, warn: push, error: push } };
}

const firestoreLog = lines();
const storageLog = lines();
let server: EmulatorServer;

beforeAll(async () => {
  server = await startFirestoreEmulator({
    rulesFile: RULES_FILE,
    log: firestoreLog.sink,
    storagePort: 0,
    storageRulesFile: STORAGE_RULES_FILE,
    storageLog: storageLog.sink,
  });
});

afterAll(() => server?.close());

describe('startFirestoreEmulator with storagePort', () => {
  it('serves Storage on its own port with storage.rules in force', async () => {
    expect(server.storage).toBeDefined();
    expect(server.storage!.port).not.toBe(server.port);
    // storage.rules lists nothing: a guest's list of the bucket's root is refused, the owner's
    // (rules bypassed) is not.
    const list = `${server.storage!.url}/v0/b/demo-showcase.appspot.com/o`;
    expect((await fetch(list)).status).toBe(403);
    expect((await fetch(list, { headers: { Authorization: 'Bearer owner' } })).status).toBe(200);
  });

  it("logs each service's messages to its own sink", () => {
    expect(firestoreLog.log.some((m) => m.includes('security rules loaded from'))).toBe(true);
    expect(firestoreLog.log.some((m) => /storage/i.test(m.split(' from ')[0]!))).toBe(false);
    expect(storageLog.log.some((m) => m.startsWith('storage security rules loaded from'))).toBe(
      true,
    );
  });
});
