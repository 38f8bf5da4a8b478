// The emulator's performance figures, measured on the built CLI (dist/cli.js) in separate
// processes, beside the peer emulator `@firestore-emulator/server` (gRPC only, no rules) in the
// same run: start-up and first answers, memory, store size, fan-out, and a soak. Each scenario
// can be picked alone with `--only <name>`; `--quick` runs fewer repetitions.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { measureFanOut } from './scenarios/fan-out.mjs';
import { measureMemory } from './scenarios/memory.mjs';
import { measureStartUp } from './scenarios/start-up.mjs';
import { measureStoreSize } from './scenarios/store-size.mjs';
import { comparedRow, PEER_CANNOT } from './lib/rows.mjs';
import { measureSoak, SOAK_BATCH } from './lib/soak.mjs';

export const title = 'Firestore emulator';

/** Repetitions and time bounds; `--quick` trades precision for a run of about two minutes. */
const SETTINGS = {
  full: {
    startRuns: 10,
    commits: 200,
    warmUp: 20,
    peerLoadCapMs: 30_000,
    fanOut: [
      { listeners: 200, commits: 40, warmUp: 5, budgetMs: 30_000 },
      { listeners: 1000, commits: 20, warmUp: 3, budgetMs: 45_000 },
    ],
    soak: { listens: 2_000, sessions: 200 },
  },
  quick: {
    startRuns: 3,
    commits: 30,
    warmUp: 5,
    peerLoadCapMs: 10_000,
    fanOut: [
      { listeners: 200, commits: 10, warmUp: 2, budgetMs: 15_000 },
      { listeners: 1000, commits: 5, warmUp: 1, budgetMs: 20_000 },
    ],
    soak: { listens: 500, sessions: 50 },
  },
};

export const scenarios = ['start-up', 'memory', 'store-size', 'fan-out', 'soak'];

const peerVersion = createRequire(import.meta.url)(
  '@firestore-emulator/server/package.json',
).version;

export const legend = `Peer: \`@firestore-emulator/server\` ${peerVersion} (a JavaScript Firestore emulator: gRPC only, no rules), spawned like ours and bound to 127.0.0.1, driven over gRPC by the same clients (Admin SDK, raw grpc-js Listen streams); a ratio above 1 means ours is faster or leaner.`;

async function soakRow({ listens, sessions }, log) {
  const soak = await measureSoak({ listens, sessions, log });
  const heapGrowth = soak.after.heapUsed - soak.before.heapUsed;
  const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return comparedRow({
    figure: `soak: ${listens.toLocaleString('en-US')} Listen streams and ${sessions} WebChannel sessions opened and closed`,
    ours: `heap after GC ${mib(soak.before.heapUsed)} → ${mib(soak.after.heapUsed)} (${heapGrowth >= 0 ? '+' : '−'}${mib(Math.abs(heapGrowth))}); ${soak.after.transport.openSockets} sockets and ${soak.after.transport.sessions} sessions left`,
    peer: PEER_CANNOT.webChannel,
    goal: 'heap back near its start (< +2 MiB), nothing left open',
    note: `one emulator in a process started with --expose-gc (bench/lib/soak-server.mjs), heap read after two full GCs, before (after a warm-up round) and after the soak, which took ${soak.seconds.toFixed(1)} s. Listens: gRPC, each on its own channel as separate clients would, ${SOAK_BATCH} at a time, each waiting for its initial snapshot before closing. WebChannel: handshake with a document target, one long-poll backchannel carrying the target's answer, terminate, each request on its own connection. RSS ${mib(soak.before.rss)} → ${mib(soak.after.rss)} (RSS keeps what the allocator got back from the GC)`,
  });
}

export async function run({ root, log, selected = () => true, quick = false }) {
  const cli = join(root, 'packages/emulator/dist/cli.js');
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const rows = [];
  if (selected('start-up')) {
    rows.push(...(await measureStartUp({ cli, runs: settings.startRuns, log })));
  }
  if (selected('memory')) rows.push(...(await measureMemory({ cli, log })));
  if (selected('store-size')) {
    rows.push(...(await measureStoreSize({ cli, ...settings, log })));
  }
  if (selected('fan-out')) {
    for (const [i, fanOut] of settings.fanOut.entries()) {
      const last = i === settings.fanOut.length - 1;
      rows.push(...(await measureFanOut({ cli, ...fanOut, perListener: last, log })));
    }
  }
  if (selected('soak')) rows.push(await soakRow(settings.soak, log));
  return rows;
}
