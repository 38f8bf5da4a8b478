// The project's storage.rules under test with @firebase/rules-unit-testing against our
// in-process emulator: the test environment PUTs the rules to the Storage port's
// /internal/setRules, clears objects with clearStorage(), and seeds objects and Firestore
// documents with rules disabled. The storage rules read those documents in-process
// (firestore.get()), so both services run in the one server.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, setLogLevel, type Firestore } from 'firebase/firestore';
import {
  deleteObject,
  listAll,
  ref,
  uploadBytes,
  type FirebaseStorage,
  type StorageReference,
} from 'firebase/storage';
import { createServer, type EmulatorServer } from '../../src/server.js';
import { silentLogger } from '../../src/transport/logger.js';
import { PROJECT_ID, RULES_PATH, contextFor, toSdk, type Actor } from './support.js';

export const STORAGE_RULES_PATH = fileURLToPath(
  new URL('../../../../storage.rules', import.meta.url),
);

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** An object to store before a case runs. */
export type SeedObject = { readonly contentType: string; readonly size: number };

export type StorageRulesSuite = {
  readonly server: EmulatorServer;
  readonly env: RulesTestEnvironment;
  /** The Storage an actor's requests go through (one app per actor, reused). */
  storage(actor: Actor): FirebaseStorage;
  /** Clears objects and documents, then stores both with rules disabled. */
  reset(
    documents: Readonly<Record<string, Record<string, unknown>>>,
    objects: Readonly<Record<string, SeedObject>>,
  ): Promise<void>;
  close(): Promise<void>;
};

/** `size` bytes of a stand-in image (the rules judge metadata, never the bytes). */
export const bytes = (size: number): Uint8Array => new Uint8Array(size).fill(7);

async function deleteEverything(folder: StorageReference): Promise<void> {
  const { items, prefixes } = await listAll(folder);
  await Promise.all([
    ...items.map((item) => deleteObject(item)),
    ...prefixes.map(deleteEverything),
  ]);
}

export async function startStorageRulesSuite(): Promise<StorageRulesSuite> {
  setLogLevel('silent');
  const server = await createServer({ port: 0, storagePort: 0, log: silentLogger });
  const storagePort = server.storage!.port;
  const env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { host: '127.0.0.1', port: server.port, rules: readFileSync(RULES_PATH, 'utf8') },
    storage: {
      host: '127.0.0.1',
      port: storagePort,
      rules: readFileSync(STORAGE_RULES_PATH, 'utf8'),
    },
  });
  const storages = new Map<Actor, FirebaseStorage>();
  const storage = (actor: Actor): FirebaseStorage => {
    let instance = storages.get(actor);
    if (instance === undefined) {
      instance = contextFor(env, actor).storage() as unknown as FirebaseStorage;
      storages.set(actor, instance);
    }
    return instance;
  };
  return {
    server,
    env,
    storage,
    async reset(documents, objects) {
      await Promise.all([env.clearFirestore(), env.clearStorage()]);
      await env.withSecurityRulesDisabled(async (context) => {
        const admin = context.firestore() as unknown as Firestore;
        const adminStorage = context.storage() as unknown as FirebaseStorage;
        // clearStorage() deletes only the bucket's top-level objects (one listAll() of the
        // root); the images live deeper.
        await deleteEverything(ref(adminStorage));
        await Promise.all([
          ...Object.entries(documents).map(([path, data]) =>
            setDoc(doc(admin, path), toSdk(data) as Record<string, unknown>),
          ),
          ...Object.entries(objects).map(([name, object]) =>
            uploadBytes(ref(adminStorage, name), bytes(object.size), {
              contentType: object.contentType,
            }),
          ),
        ]);
      });
    },
    async close() {
      await env.cleanup();
      await server.close();
    },
  };
}
