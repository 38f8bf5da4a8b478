/// <reference types="vite/client" />
// Loads a vendored SDK suite (Firestore's or Storage's) in the page and exposes
// `sdkSuite.load(suite, files)` and `sdkSuite.run(suite, file)` to the Node side.
import './process-env.js';
import { harness } from './mocha-install.js';
import * as firebaseApp from '@firebase/app';
import { deleteApp, getApps } from '@firebase/app';
import { terminate } from '@firebase/firestore';
import type { Firestore } from '@firebase/firestore';
import type { Hooks, TestResult } from '../mocha-globals.js';

export type SuiteName = 'firestore' | 'storage';

const FILES: Record<SuiteName, Record<string, () => Promise<unknown>>> = {
  firestore: import.meta.glob('../../sdk-suite/upstream/integration/api/*.test.ts'),
  storage: import.meta.glob(
    '../../storage-sdk-suite/upstream/packages/storage/test/integration/*.test.ts',
  ),
};

/** The file of `suite` named `name` (its base name without `.test.ts`). */
function importerOf(suite: SuiteName, name: string): () => Promise<unknown> {
  const entry = Object.entries(FILES[suite]).find(([path]) => path.endsWith(`/${name}.test.ts`));
  if (entry === undefined) throw new Error(`no such ${suite} suite file: ${name}`);
  return entry[1];
}

export type SdkSuitePage = {
  load(suite: SuiteName, files: readonly string[]): Promise<void>;
  run(
    suite: SuiteName,
    file: string,
    select?: Pick<Hooks, 'grep' | 'leaveOut' | 'leaveOutTitles'>,
  ): Promise<TestResult[]>;
};

/**
 * Every Firestore instance the suite creates, recorded by wrapping the registered component's
 * factory. Deleting an app is not enough: `terminate()` unregisters an instance by database
 * id, so a test that terminates one instance, opens a second on the same app and then
 * terminates the first again ("can start a new instance after shut down") leaves the second
 * running but unknown to its app, still holding two WebChannel requests.
 */
const created = new Set<Firestore>();

/** The part of `@firebase/app`'s internal component registry used here. */
type ComponentRegistry = Map<
  string,
  { instanceFactory: (container: unknown, options: unknown) => unknown }
>;
let recording = false;

function recordFirestoreInstances(): void {
  if (recording) return;
  const registry = (firebaseApp as unknown as { _components: ComponentRegistry })._components;
  const component = registry.get('firestore');
  if (component === undefined) throw new Error('the Firestore component is not registered');
  const factory = component.instanceFactory;
  component.instanceFactory = (container, options) => {
    const instance = factory(container, options);
    created.add(instance as Firestore);
    return instance;
  };
  recording = true;
}

/** Keys the harness by suite, so both suites' files could share one page. */
const key = (suite: SuiteName, file: string): string => `${suite}/${file}`;

const sdkSuite: SdkSuitePage = {
  async load(suite, files) {
    for (const file of files) await harness.load(key(suite, file), importerOf(suite, file));
  },
  async run(suite, file, select = {}) {
    if (suite === 'firestore') recordFirestoreInstances();
    let before = new Set(getApps());
    return harness.run(key(suite, file), {
      ...select,
      // Close the Firestore instances and apps a test left open: each instance holds WebChannel
      // requests, and the page may only have six connections to the emulator.
      afterEachTest: async () => {
        const instances = [...created];
        created.clear();
        await Promise.all(instances.map((db) => terminate(db).catch(() => undefined)));
        const leftovers = getApps().filter((app) => !before.has(app));
        await Promise.all(leftovers.map((app) => deleteApp(app).catch(() => undefined)));
        before = new Set(getApps());
      },
    });
  },
};

(globalThis as unknown as { sdkSuite: SdkSuitePage }).sdkSuite = sdkSuite;
