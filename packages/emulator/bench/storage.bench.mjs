// The Storage emulator's figures, measured on the built CLI (dist/cli.js with `--storage-port`)
// in its own process: transfer rates of the unmodified `firebase/storage` SDK (Node and headless
// Chromium) against a bare Node HTTP server moving the same bytes, resident memory per stored
// MiB, and start to accepting before and after Storage. `--only storage` runs them all.
import { join } from 'node:path';
import { measureStorageMemory } from './scenarios/storage-memory.mjs';
import { measureStorageStartUp } from './scenarios/storage-start-up.mjs';
import { measureStorageTransfer } from './scenarios/storage-transfer.mjs';

export const title = 'Storage emulator';

export const scenarios = ['storage-transfer', 'storage-memory', 'storage-start-up'];

/** The peer column holds the floor: the same SDK against a server that does nothing else. */
export const peerLabel = 'floor (same run)';
export const ratioLabel = 'ratio';

export const legend =
  'Storage floor: bench/lib/bare-storage-server.mjs, a Node HTTP server that keeps the chunks it receives and sends them back, speaking only the resumable-upload and `alt=media` parts of the v0 protocol the SDK uses (no checksums, metadata, rules or limits), spawned exactly as the emulator is; ratios are ours ÷ floor, so above 0.7× meets the goal.';

const SETTINGS = { full: { runs: 5, startRuns: 10 }, quick: { runs: 2, startRuns: 3 } };

export async function run({ root, log, selected = () => true, quick = false }) {
  const cli = join(root, 'packages/emulator/dist/cli.js');
  const { runs, startRuns } = quick ? SETTINGS.quick : SETTINGS.full;
  const rows = [];
  if (selected('storage-transfer'))
    rows.push(...(await measureStorageTransfer({ cli, runs, log })));
  if (selected('storage-memory')) rows.push(...(await measureStorageMemory({ cli, log })));
  if (selected('storage-start-up')) {
    rows.push(...(await measureStorageStartUp({ root, cli, runs: startRuns, log })));
  }
  return rows;
}
