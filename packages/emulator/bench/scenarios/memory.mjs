// Resident memory of ours and the peer side by side: idle, and after 1,000 documents written one
// commit each through the Admin SDK, alternating between the two.
import { adminFirestore, smallData } from '../lib/admin-client.mjs';
import { rssMiB, spawnEmulator, spawnPeer, stopEmulator } from '../lib/emulator-process.mjs';
import { comparedRow, figure } from '../lib/rows.mjs';
import { formatMiB, sleep } from '../lib/stats.mjs';

const PROJECT = 'demo-bench';
const DOCUMENTS = 1000;

export async function measureMemory({ cli, log }) {
  const servers = { ours: await spawnEmulator(cli) };
  const clients = {};
  try {
    servers.peer = await spawnPeer();
    // Let start-up allocations settle before reading the idle figure.
    await sleep(1000);
    const idle = {};
    for (const key of ['ours', 'peer']) idle[key] = await rssMiB(servers[key].child);
    log(`memory: ${DOCUMENTS} single-document commits into each, alternating`);
    for (const key of ['ours', 'peer']) clients[key] = adminFirestore(servers[key].port, PROJECT);
    for (let i = 0; i < DOCUMENTS; i++) {
      const order = i % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
      for (const key of order) await clients[key].db.doc(`items/doc-${i}`).set(smallData(i));
    }
    await sleep(1000);
    const loaded = {};
    for (const key of ['ours', 'peer']) loaded[key] = await rssMiB(servers[key].child);
    const mib = (value) => figure(value, formatMiB(value));
    return [
      comparedRow({
        figure: 'resident memory, idle',
        ours: mib(idle.ours),
        peer: mib(idle.peer),
        goal: '< 60 MiB',
        reference: '95 MiB',
        note: 'resident set size each process reports (bench/lib/usage-probe.mjs, preloaded into both) 1 s after it accepts, before any request',
      }),
      comparedRow({
        figure: 'resident memory, 1,000 small documents',
        ours: mib(loaded.ours),
        peer: mib(loaded.peer),
        goal: '< 90 MiB',
        reference: '456 MiB',
        note: `${DOCUMENTS.toLocaleString('en-US')} Admin SDK set() calls over gRPC (one commit each) of a 4-field document (string, integer, 2-string array, timestamp), alternating between the two servers; resident set size 1 s later`,
      }),
    ];
  } finally {
    for (const client of Object.values(clients)) await client.close();
    for (const server of Object.values(servers)) await stopEmulator(server.child);
  }
}
