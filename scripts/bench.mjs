// `npm run bench`: builds the workspace packages when stale, runs every bench module, prints one table.
//
// A bench module is any `{apps,packages}/*/bench/*.bench.mjs` (or `functions/bench/*.bench.mjs`) file exporting
// `run({ root, log, selected, quick }) => Promise<Row[]>` and optionally `title`, `scenarios` (the
// names `selected(name)` is asked about), `legend` (a line printed under the notes) and
// `peerLabel` / `ratioLabel` / `referenceLabel` (its table's headers for those columns, e.g. a
// floor measured in the same run). A Row is
// `{ figure, measured, peer?, ratio?, goal, reference, note? }` (strings): `measured` is ours,
// `peer` the same figure from the peer emulator in the same run, `ratio` peer ÷ ours unless it
// says otherwise. Modules run one after another so they do not disturb each other's timings.
//
// Options: `--only <text>[,<text>…]` runs only the modules whose path contains one of the texts,
// and of the other modules only the scenarios whose name contains one; `--quick` asks for fewer
// repetitions; `--skip-build` reuses the current builds.
import { readdirSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { prepareRepository } from './lib/bootstrap.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '') : undefined;
const terms = only?.split(',').filter((term) => term !== '');
const quick = args.includes('--quick');
const log = (message) => process.stderr.write(`bench: ${message}\n`);

if (only !== undefined && (terms.length === 0 || only.startsWith('--'))) {
  console.error('bench: --only needs a module path or scenario name, e.g. --only fan-out');
  process.exit(2);
}
const unknown = args.filter(
  (arg, i) =>
    !['--only', '--quick', '--skip-build'].includes(arg) && (onlyAt < 0 || i !== onlyAt + 1),
);
if (unknown.length > 0) {
  console.error(`bench: unknown option ${unknown[0]}; use --only <text>, --quick, --skip-build`);
  process.exit(2);
}

function discoverModules() {
  const workspaces = [];
  for (const group of ['packages', 'apps']) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const workspace of readdirSync(groupDir).sort())
      workspaces.push(join(groupDir, workspace));
  }
  // The Cloud Function's workspace sits at the root, where firebase.json names it.
  workspaces.push(join(root, 'functions'));
  const found = [];
  for (const workspace of workspaces) {
    const benchDir = join(workspace, 'bench');
    if (!existsSync(benchDir)) continue;
    for (const file of readdirSync(benchDir).sort()) {
      if (file.endsWith('.bench.mjs')) found.push(join(benchDir, file));
    }
  }
  return found;
}

/** Which of a module's scenarios to run: all when no filter or its path matches, else by name. */
function selection(name, module) {
  if (terms === undefined || terms.some((term) => name.includes(term))) return () => true;
  const matches = (scenario) => terms.some((term) => scenario.includes(term));
  return (module.scenarios ?? []).some(matches) ? matches : undefined;
}

if (!args.includes('--skip-build')) {
  log('building the workspace packages when stale');
  prepareRepository({ log });
}

const load = loadavg()[0];
const runStarted = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const rows = [];
const failures = [];
const legends = [];
/** Column headers a module names itself, by its title. */
const labels = new Map();
let ran = 0;
for (const file of discoverModules()) {
  const name = relative(root, file);
  try {
    const module = await import(pathToFileURL(file).href);
    const selected = selection(name, module);
    if (selected === undefined) continue;
    ran++;
    log(`running ${name}${quick ? ' (quick)' : ''}`);
    const moduleStarted = performance.now();
    const produced = await module.run({
      root,
      log: (message) => log(`  ${message}`),
      selected,
      quick,
    });
    rows.push(...produced.map((row) => ({ ...row, source: module.title ?? name })));
    labels.set(module.title ?? name, {
      peer: module.peerLabel,
      ratio: module.ratioLabel,
      reference: module.referenceLabel,
    });
    if (module.legend !== undefined) legends.push(module.legend);
    log(`${name} took ${seconds(performance.now() - moduleStarted)}`);
  } catch (error) {
    ran++;
    failures.push(
      `${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}
if (ran === 0) failures.push(`no bench module or scenario matches --only ${only}`);

const escape = (text) => String(text ?? '').replaceAll('|', '\\|');
const filled = (value) => value !== undefined && value !== null && value !== '' && value !== '—';
// One table per module, with only the columns its rows fill: the web app has no peer to compare
// with, and a column of dashes under "peer" would only say so at length.
const COLUMNS = [
  { key: 'peer', label: 'peer (same run)' },
  { key: 'ratio', label: 'ratio (peer ÷ ours)' },
  { key: 'goal', label: 'goal' },
  { key: 'reference', label: 'official emulator (published, v1.22.0, not measured)' },
];
const sources = [...new Set(rows.map((row) => row.source))];
for (const source of sources) {
  const group = rows.filter((row) => row.source === source);
  const named = labels.get(source) ?? {};
  const columns = COLUMNS.filter(({ key }) => group.some((row) => filled(row[key]))).map(
    (column) => ({ ...column, label: named[column.key] ?? column.label }),
  );
  const measuredLabel = columns.some(({ key }) => key === 'peer') ? 'ours' : 'measured';
  const header = ['figure', measuredLabel, ...columns.map(({ label }) => label), 'note'];
  console.log(`### ${source}`);
  console.log('');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---|').join('')}`);
  for (const row of group) {
    const number = rows.indexOf(row) + 1;
    const cells = [row.figure, row.measured, ...columns.map(({ key }) => row[key] ?? '—')];
    cells.push(row.note ? `[${number}]` : '');
    console.log(`| ${cells.map(escape).join(' | ')} |`);
  }
  console.log('');
}
rows.forEach((row, i) => {
  if (row.note) console.log(`${i + 1}. ${row.figure}: ${row.note}`);
});
console.log('');
for (const legend of legends) console.log(legend);
console.log(
  `Machine: ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, 1-minute load average ${load.toFixed(2)} at the start of the run and ${loadavg()[0].toFixed(2)} at its end; the run took ${seconds(performance.now() - runStarted)}${quick ? ' (--quick: fewer repetitions)' : ''}.`,
);
if (failures.length > 0) {
  console.log('');
  console.log('Bench modules that failed:');
  for (const failure of failures) console.log(`- ${failure}`);
  process.exitCode = 1;
}
// Everything is printed: leave now rather than wait for a client that is still backing off
// from a server the bench stopped on purpose (a capped peer load), which can take a minute.
process.exit();
