// Vector search (`findNearest`) on the built emulator beside a floor measured in the same run:
// the same distances and top-k computed by a plain loop in the bench process.
import { join } from 'node:path';
import { measureFindNearest } from './scenarios/find-nearest.mjs';

export const title = 'Vector search';

export const scenarios = ['find-nearest'];

export const peerLabel = 'floor (same run)';
export const ratioLabel = 'ratio';

export const legend =
  'Vector search floor: a plain loop in the bench process computing the same Euclidean distances and top 10 over the same vectors held as Float64Arrays; ratios are ours ÷ floor, so lower is better.';

const SETTINGS = { full: { queries: 50, warmUp: 5 }, quick: { queries: 15, warmUp: 3 } };

export async function run({ root, log, selected = () => true, quick = false }) {
  const cli = join(root, 'packages/emulator/dist/cli.js');
  if (!selected('find-nearest')) return [];
  return measureFindNearest({ cli, ...(quick ? SETTINGS.quick : SETTINGS.full), log });
}
