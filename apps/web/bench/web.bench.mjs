// The web app's rows for `npm run bench` (collected by scripts/bench.mjs).
import { runWebBench } from './web-bench.mjs';

export const title = 'web app';

/** @param {{ log: (message: string) => void }} options */
export async function run({ log }) {
  const { rows } = await runWebBench({ log });
  return rows;
}
