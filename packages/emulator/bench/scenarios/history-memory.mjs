// Memory of the version history: one simulated hour and a quarter of steady single-document
// commits (on a driven clock) into an in-process core, with history on (production's one hour,
// capped at 20,000 versions and 32 MiB by storage size) and off (the floor: the same data, no old versions),
// each in its own process started with --expose-gc. Figures are heap after two full GCs.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { comparedRow, figure } from '../lib/rows.mjs';

const WRITER = fileURLToPath(new URL('../lib/history-writer.mjs', import.meta.url));

async function write({ dist, history, commits, documents, minutes }) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--expose-gc',
      WRITER,
      ...['--dist', dist, '--history', history ? 'on' : 'off'],
      ...['--commits', String(commits), '--documents', String(documents)],
      ...['--minutes', String(minutes)],
    ],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop());
}

export async function measureHistoryMemory({ root, commits, log }) {
  const dist = join(root, 'packages/emulator/dist');
  const documents = 1000;
  const minutes = 75;
  log(`history: ${commits} commits over ${minutes} simulated minutes, history on, then off`);
  const on = await write({ dist, history: true, commits, documents, minutes });
  const off = await write({ dist, history: false, commits, documents, minutes });
  const mib = (bytes) => figure(bytes / 2 ** 20, `${(bytes / 2 ** 20).toFixed(1)} MiB`);
  const ours = mib(on.heapUsed);
  const floor = mib(off.heapUsed);
  const perMinute = Math.round(commits / minutes);
  return [
    comparedRow({
      figure: `heap with one hour of versions kept, ${perMinute.toLocaleString('en-US')} commits a minute for ${minutes} minutes (driven clock)`,
      ours: figure(
        ours.value,
        `${ours.text}; ${on.oldVersions.toLocaleString('en-US')} versions, ${(on.oldVersionBytes / 2 ** 20).toFixed(1)} MiB by storage size`,
      ),
      peer: floor,
      ratio: `+${(ours.value - floor.value).toFixed(1)} MiB (${(ours.value / floor.value).toFixed(2)}×)`,
      goal: 'history within its bound: ≤ 20,000 versions, ≤ 32 MiB (storage size)',
      note: `${commits.toLocaleString('en-US')} single-document commits through the service (no transport) rewriting ${documents.toLocaleString('en-US')} 4-field documents in turn, the clock advanced ${((60 * minutes) / commits).toFixed(3)} s per commit; floor: the same commits with history off (maxVersions 0). Heap used after two full GCs, each core in its own --expose-gc process (bench/lib/history-writer.mjs). Commit cost ${on.microsPerCommit.toFixed(0)} µs with history, ${off.microsPerCommit.toFixed(0)} µs without`,
    }),
  ];
}
