// Start to accepting, before and after Storage: the emulator as it was before Storage existed
// (built from git when that commit is known) and the current build, which always serves Storage
// too (until its Firestore port accepts, and until both ports do), spawned in rotation.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnEmulator, spawnStorageEmulator, stopEmulator } from '../lib/emulator-process.mjs';
import { comparedRow, figure } from '../lib/rows.mjs';
import { formatMs, formatRatio, formatSeconds, median, rotation } from '../lib/stats.mjs';

const git = (root, ...args) =>
  execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/**
 * The emulator as it was just before `--storage-port` entered its CLI, built once into
 * `.data/bench/` (git archive + tsc); undefined when git has no such commit (the current build
 * then has no Storage either).
 */
function buildBeforeStorage(root, log) {
  let commit;
  try {
    const adding = git(
      root,
      'log',
      '--format=%H',
      '-S',
      'storage-port',
      '--',
      'packages/emulator/src/cli.ts',
    )
      .split('\n')
      .filter(Boolean)
      .at(-1);
    if (adding === undefined) return undefined;
    commit = git(root, 'rev-parse', `${adding}^`);
  } catch {
    return undefined;
  }
  const dir = join(root, '.data', 'bench', `emulator-${commit.slice(0, 12)}`);
  const cli = join(dir, 'packages/emulator/dist/cli.js');
  if (!existsSync(cli)) {
    log(`storage: building the emulator of ${commit.slice(0, 12)} (before Storage) once`);
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'sh',
      [
        '-c',
        `git -C "${root}" archive ${commit} packages/emulator tsconfig.base.json | tar -x -C "${dir}"`,
      ],
      { stdio: 'inherit' },
    );
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/typescript/bin/tsc'),
        '-p',
        join(dir, 'packages/emulator/tsconfig.build.json'),
      ],
      { stdio: 'inherit' },
    );
  }
  return { cli, commit: commit.slice(0, 12) };
}

/** Spawn until accepting, then stop: ms from spawn to the Firestore port and to both ports. */
async function timeStart(spawn) {
  const server = await spawn();
  await stopEmulator(server.child);
  return {
    firestore: server.acceptMs,
    both: Math.max(server.acceptMs, server.storageAcceptMs ?? server.acceptMs),
  };
}

export async function measureStorageStartUp({ root, cli, runs, log }) {
  const before = buildBeforeStorage(root, log);
  const starters = [['after', () => spawnStorageEmulator(cli, { acceptOnly: true })]];
  if (before) {
    starters.push([
      'before',
      () => spawnEmulator(before.cli, { acceptOnly: true, storageFlag: false }),
    ]);
  }
  const times = { before: [], afterFirestore: [], afterBoth: [] };
  log(`storage: start to accepting ×${runs}, ${starters.map(([k]) => k).join(' and ')} rotating`);
  for (let round = 0; round < runs; round++) {
    for (const [key, spawn] of rotation(starters, round)) {
      const sample = await timeStart(spawn);
      if (key === 'before') times.before.push(sample.firestore);
      else {
        times.afterFirestore.push(sample.firestore);
        times.afterBoth.push(sample.both);
      }
    }
  }
  const seconds = (values) =>
    figure(
      median(values),
      `${formatSeconds(median(values))} (best ${formatSeconds(Math.min(...values))})`,
    );
  const all = (values) => values.map((ms) => formatMs(ms)).join(', ');
  const versus = (values) =>
    before ? `÷ before ${formatRatio(median(values), median(times.before))}` : '—';
  const common = `median of ${runs} spawns each of \`node --import usage-probe.mjs cli.js --port P\`, rotating; spawn to the first successful TCP connect`;
  const rows = [];
  if (before) {
    rows.push(
      comparedRow({
        figure: `start to port accepting, before Storage (${before.commit})`,
        ours: seconds(times.before),
        peer: '—',
        ratio: '—',
        goal: 'the baseline',
        note: `${common}; the emulator built from the parent of the commit that added \`--storage-port\` (git archive + tsc into .data/bench/, once). All runs: ${all(times.before)}`,
      }),
    );
  }
  rows.push(
    comparedRow({
      figure: 'start to Firestore port accepting, with Storage (this build)',
      ours: seconds(times.afterFirestore),
      peer: '—',
      ratio: versus(times.afterFirestore),
      goal: 'unchanged within noise',
      note: `${common}, with \`--storage-port Q\` (the CLI always serves Storage); the Firestore port P. All runs: ${all(times.afterFirestore)}`,
    }),
    comparedRow({
      figure: 'start to both ports accepting, with Storage (this build)',
      ours: seconds(times.afterBoth),
      peer: '—',
      ratio: versus(times.afterBoth),
      goal: 'unchanged within noise',
      note: `the same spawns, until both P and Q accept. All runs: ${all(times.afterBoth)}`,
    }),
  );
  return rows;
}
