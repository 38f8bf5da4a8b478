// `npm run bench`: builds the workspace packages when stale, runs every bench module, prints one table.
//
// A bench module is any `{apps,packages}/*/bench/*.bench.mjs` file exporting
// `run({ root, log }) => Promise<Row[]>` (and optionally `title`), where a Row is
// `{ figure, measured, goal, reference, note? }` (strings). Modules run one after another so
// they do not disturb each other's timings. Options: `--only <text>` runs only modules whose
// path contains the text; `--skip-build` reuses the current builds.
import { readdirSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { prepareRepository } from './lib/bootstrap.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const log = (message) => process.stderr.write(`bench: ${message}\n`);

function discoverModules() {
  const found = [];
  for (const group of ['packages', 'apps']) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const workspace of readdirSync(groupDir).sort()) {
      const benchDir = join(groupDir, workspace, 'bench');
      if (!existsSync(benchDir)) continue;
      for (const file of readdirSync(benchDir).sort()) {
        if (file.endsWith('.bench.mjs')) found.push(join(benchDir, file));
      }
    }
  }
  return found.filter((file) => only === undefined || relative(root, file).includes(only));
}

if (!args.includes('--skip-build')) {
  log('building the workspace packages when stale');
  prepareRepository({ log });
}

const load = loadavg()[0];
const rows = [];
const failures = [];
for (const file of discoverModules()) {
  const name = relative(root, file);
  log(`running ${name}`);
  try {
    const module = await import(pathToFileURL(file).href);
    const produced = await module.run({ root, log: (message) => log(`  ${message}`) });
    rows.push(...produced.map((row) => ({ ...row, source: module.title ?? name })));
  } catch (error) {
    failures.push(
      `${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}

const escape = (text) => String(text ?? '').replaceAll('|', '\\|');
const lines = [
  '| figure | measured here | goal | official emulator (published, v1.22.0, not measured) |',
  '|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${escape(row.figure)} | ${escape(row.measured)} | ${escape(row.goal)} | ${escape(row.reference)} |`,
  ),
];
console.log(lines.join('\n'));
console.log('');
rows.forEach((row, i) => {
  if (row.note) console.log(`${i + 1}. ${row.figure}: ${row.note}`);
});
console.log('');
console.log(
  `Machine: ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, 1-minute load average ${load.toFixed(2)} at the start of the run.`,
);
if (failures.length > 0) {
  console.log('');
  console.log('Bench modules that failed:');
  for (const failure of failures) console.log(`- ${failure}`);
  process.exitCode = 1;
}
