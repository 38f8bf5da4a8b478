// Resident memory per stored MiB: the built emulator with Storage in its own process, its RSS
// before and after 64 objects of 1 MiB each are uploaded through the Node `firebase/storage` SDK.
import { randomBytes } from 'node:crypto';
import { processUsage, spawnStorageEmulator, stopEmulator } from '../lib/emulator-process.mjs';
import { comparedRow, figure } from '../lib/rows.mjs';
import { sleep } from '../lib/stats.mjs';

const OBJECTS = 64;
const OBJECT_BYTES = 2 ** 20;
const SETTLE_MS = 1_000;

export async function measureStorageMemory({ cli, log }) {
  const server = await spawnStorageEmulator(cli);
  const { deleteApp, initializeApp } = await import('firebase/app');
  const sdk = await import('firebase/storage');
  const app = initializeApp({ projectId: 'demo-bench', storageBucket: 'demo-bench.appspot.com' });
  try {
    const storage = sdk.getStorage(app);
    sdk.connectStorageEmulator(storage, '127.0.0.1', server.storagePort);
    // One small object first, so what Storage loads on its first request is not counted as data.
    await sdk.uploadBytes(sdk.ref(storage, 'bench/first'), new Uint8Array([1]));
    await sleep(SETTLE_MS);
    const before = await processUsage(server.child);
    log(`storage: ${OBJECTS} objects of 1 MiB into the emulator`);
    for (let i = 0; i < OBJECTS; i++) {
      await sdk.uploadBytes(sdk.ref(storage, `bench/memory-${i}`), randomBytes(OBJECT_BYTES));
    }
    await sleep(SETTLE_MS);
    const after = await processUsage(server.child);
    const perMiB = (after.rssMiB - before.rssMiB) / ((OBJECTS * OBJECT_BYTES) / 2 ** 20);
    return [
      comparedRow({
        figure: 'resident memory per stored MiB',
        ours: figure(perMiB, `${perMiB.toFixed(2)} MiB`),
        peer: '—',
        ratio: '—',
        goal: '≤ 1.15 MiB',
        note: `the built CLI with \`--storage-port\` in its own process; RSS as it reports it (bench/lib/usage-probe.mjs) ${SETTLE_MS / 1000} s after one 1-byte upload, then ${SETTLE_MS / 1000} s after ${OBJECTS} \`uploadBytes\` calls (multipart) of 1 MiB of random bytes each from the Node SDK: ${before.rssMiB.toFixed(1)} → ${after.rssMiB.toFixed(1)} MiB for ${OBJECTS} MiB stored; high-water ${after.maxRssMiB.toFixed(1)} MiB`,
      }),
    ];
  } finally {
    await deleteApp(app);
    await stopEmulator(server.child);
  }
}
