// Two figures of the emulator's fidelity work, each beside a floor measured in the same run: a
// burst of 1,000 concurrent REST commits (against a bare node:http server), and the memory the
// version history for reads at a past time takes under steady writes (against history off).
// `--only rest-burst` or `--only history-memory` picks one.
import { join } from 'node:path';
import { measureHistoryMemory } from './scenarios/history-memory.mjs';
import { measureRestBurst } from './scenarios/rest-burst.mjs';

export const title = 'Firestore emulator: connection bursts and version history';

export const scenarios = ['rest-burst', 'history-memory'];

export const peerLabel = 'floor (same run)';
export const ratioLabel = 'ratio';

export const legend =
  'Floors: a bare node:http server answering the same bytes (REST burst), and the same commits with the version history off (history); ratios are ours ÷ floor.';

const SETTINGS = { full: { runs: 5, commits: 200_000 }, quick: { runs: 2, commits: 50_000 } };

export async function run({ root, log, selected = () => true, quick = false }) {
  const cli = join(root, 'packages/emulator/dist/cli.js');
  const { runs, commits } = quick ? SETTINGS.quick : SETTINGS.full;
  const rows = [];
  if (selected('rest-burst')) rows.push(...(await measureRestBurst({ cli, runs, log })));
  if (selected('history-memory'))
    rows.push(...(await measureHistoryMemory({ root, commits, log })));
  return rows;
}
