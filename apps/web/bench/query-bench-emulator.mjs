// What the benches of the app's queries share: the app's own module loaded from its source, and
// our emulator in a process of its own (so it does not share the bench's CPU) with the project's
// rules, an owner client to seed it and browser-SDK clients connected to it.
import path from 'node:path';
import { defaultServerConditions, runnerImport } from 'vite';
import { deleteApp, initializeApp } from 'firebase/app';
import { performance } from 'node:perf_hooks';
import {
  connectFirestoreEmulator,
  getFirestore,
  onSnapshot,
  setLogLevel,
  terminate,
} from 'firebase/firestore';
import { API_KEY, EmulatorClient, PROJECT_ID, RULES_FILE } from '@showcase/dev-stack';
// The emulator benches' way of running the built CLI as its own process (ready within a bound,
// SIGKILL if SIGTERM is not enough).
import {
  spawnEmulator,
  stopEmulator,
} from '../../../packages/emulator/bench/lib/emulator-process.mjs';
import { quantile } from '../../../packages/emulator/bench/lib/stats.mjs';

const WEB_DIR = path.resolve(import.meta.dirname, '..');

/** One of the app's modules (`src/…`), from its source as the app bundles it (schema too). */
export async function importAppModule(sourcePath) {
  const conditions = ['@showcase/source', ...defaultServerConditions];
  const { module } = await runnerImport(path.join(WEB_DIR, sourcePath), {
    configFile: false,
    root: WEB_DIR,
    logLevel: 'silent',
    resolve: { conditions },
    ssr: { resolve: { conditions } },
  });
  return module;
}

/**
 * Runs `task({ client, firestore })` against a fresh emulator and always stops it and every
 * client after, even when the task throws. `client` writes as the owner (rules bypassed);
 * `firestore(name)` opens a browser-SDK client of its own (its own stream and cache).
 * @template T
 * @param {string} root  the repository
 * @param {(stack: { client: EmulatorClient, firestore: (name: string) => import('firebase/firestore').Firestore }) => Promise<T>} task
 * @returns {Promise<T>}
 */
export async function withQueryBenchEmulator(root, task) {
  const emulator = await spawnEmulator(path.join(root, 'packages/emulator/dist/cli.js'), {
    args: ['--rules', RULES_FILE],
  });
  const client = new EmulatorClient({ authUrl: 'http://127.0.0.1:1', firestoreUrl: emulator.url });
  setLogLevel('silent');
  const opened = [];
  const firestore = (name) => {
    const app = initializeApp({ projectId: PROJECT_ID, apiKey: API_KEY }, name);
    const db = getFirestore(app);
    connectFirestoreEmulator(db, '127.0.0.1', emulator.port);
    opened.push({ app, db });
    return db;
  };
  try {
    return await task({ client, firestore });
  } finally {
    await Promise.all(opened.map(({ db }) => terminate(db)));
    await Promise.all(opened.map(({ app }) => deleteApp(app)));
    await stopEmulator(emulator.child);
  }
}

/**
 * `warmUp` untimed rounds, then `runs` rounds that time every operation once, taking turns, so
 * a drift in the machine's load falls on all of them alike. Each operation answers the size of
 * its result, which the last round keeps.
 * @param {Array<() => Promise<number>>} operations
 * @param {{ runs: number, warmUp: number }} settings
 */
export async function sampleRoundRobin(operations, { runs, warmUp }) {
  const times = operations.map(() => []);
  const sizes = [];
  for (let round = 0; round < warmUp + runs; round += 1) {
    for (const [index, operation] of operations.entries()) {
      const started = performance.now();
      sizes[index] = await operation();
      if (round >= warmUp) times[index].push(performance.now() - started);
    }
  }
  return operations.map((_, index) => ({
    p50: quantile(times[index], 0.5),
    p95: quantile(times[index], 0.95),
    size: sizes[index],
  }));
}

/**
 * A new listener on `target` until its first snapshot from the server; answers `size` of it
 * (by default the number of documents).
 * @param {import('firebase/firestore').Query} target
 * @param {(snapshot: import('firebase/firestore').QuerySnapshot) => number} [size]
 */
export function firstServerSnapshot(target, size = (snapshot) => snapshot.size) {
  return new Promise((resolve, reject) => {
    const stop = onSnapshot(
      target,
      { includeMetadataChanges: true },
      (snapshot) => {
        if (snapshot.metadata.fromCache) return;
        stop();
        resolve(size(snapshot));
      },
      reject,
    );
  });
}
