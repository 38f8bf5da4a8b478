// `npm test`: lint, typecheck, unit tests (every workspace and scripts/), the app's screen tests
// and the end-to-end suite, both in headless Chromium against emulators they start and stop. The
// phases run in three lanes at once (LANES below); each phase's output goes to its own log and is
// printed as one block when the phase ends. Every phase runs even if another failed, so one run
// shows everything; the exit code is non-zero on any failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { prepareRepository } from './lib/bootstrap.mjs';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const REPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-test-'));
// One log per phase; a failed phase's log is kept after the run (its path is in the summary).
const LOG_DIR = path.join(REPORT_DIR, 'logs');
fs.mkdirSync(LOG_DIR);
const workspaces = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
).workspaces;
const bin = (name) => path.join(REPO_ROOT, 'node_modules/.bin', name);

/** Every running child's process group, to forward Ctrl-C to and to stop on a time-out. */
const running = new Set();
let interrupted = false;

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

// Each command runs in its own process group: Ctrl-C is forwarded to every one (Playwright then
// runs its teardown and stops the emulators), and one that hangs can be stopped with all it spawned.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) signalGroup(child.pid, 'SIGINT');
  });
}

/**
 * Runs a command with its output appended to `log` (a phase's log file: phases run at the same
 * time, so each one's output is printed whole when it ends); resolves with its exit code (never
 * rejects). A run longer than `timeoutMs` is interrupted (SIGINT, then SIGKILL 20 s later) and
 * counts as failed.
 */
function run(
  command,
  args,
  { log, cwd = REPO_ROOT, env = process.env, timeoutMs = 10 * 60_000 } = {},
) {
  return new Promise((resolve) => {
    const fd = fs.openSync(log, 'a');
    let child;
    try {
      child = spawn(command, args, { cwd, env, stdio: ['ignore', fd, fd], detached: true });
    } finally {
      // The child holds its own copy.
      fs.closeSync(fd);
    }
    running.add(child);
    let killTimer;
    const timeout = setTimeout(() => {
      fs.appendFileSync(
        log,
        `\n${path.basename(command)} ${args.join(' ')} ran longer than ${timeoutMs / 60_000} min; stopping it.\n`,
      );
      signalGroup(child.pid, 'SIGINT');
      killTimer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 20_000);
    }, timeoutMs);
    child.on('error', (error) => {
      fs.appendFileSync(log, `Could not run ${command}: ${error.message}\n`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timeout);
      clearTimeout(killTimer);
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function heading(text) {
  console.log(`\n━━ ${text} ${'━'.repeat(Math.max(0, 70 - text.length))}`);
}

/** The first line of a failure message, without colour codes, short enough for one row. */
function firstLine(message = '') {
  const line = stripVTControlCharacters(String(message)).trim().split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/**
 * Counts from a vitest JSON report (undefined when it is missing), with each failure named by
 * file and title and its first message line: the summary repeats them, so the end of a long log
 * (all that CI may show) says what failed.
 */
function vitestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failedTests = report.numFailedTests ?? 0;
    // A suite that fails to load has no failed tests of its own; count it once.
    const failed = failedTests > 0 ? failedTests : (report.numFailedTestSuites ?? 0);
    const failures = [];
    for (const suite of report.testResults ?? []) {
      const where = path.relative(REPO_ROOT, suite.name ?? '');
      const tests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of tests) {
        failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
      if (tests.length === 0 && suite.status === 'failed') {
        failures.push(`${where}: ${firstLine(suite.message)}`);
      }
    }
    return {
      passed: report.numPassedTests ?? 0,
      failed,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      failures,
    };
  } catch {
    return undefined;
  }
}

/** Every test of a Playwright JSON report's suites, with the file it is in. */
function* playwrightTests(suites, file = '') {
  for (const suite of suites ?? []) {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield { where, title: spec.title, test };
    }
    yield* playwrightTests(suite.suites, where);
  }
}

/** Counts from a Playwright JSON report, with failures named as in `vitestCounts`. */
function playwrightCounts(file) {
  try {
    const { stats, suites, errors } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failures = (errors ?? []).map((error) => `setup: ${firstLine(error.message)}`);
    for (const { where, title, test } of playwrightTests(suites)) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const result = test.results?.find((r) => r.status !== 'passed' && r.status !== 'skipped');
      const message = result?.error?.message ?? result?.status ?? '';
      const label = test.status === 'flaky' ? 'flaky, passed on retry' : 'failed';
      failures.push(`e2e/${where} › ${title} (${label}): ${firstLine(message)}`);
    }
    return {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
      flaky: stats.flaky,
      failures,
    };
  } catch {
    return undefined;
  }
}

const phases = [];
const totalStarted = performance.now();
const elapsed = () => `${((performance.now() - totalStarted) / 1000).toFixed(0)} s`;

/**
 * Runs one phase with its output going to its own log file, then prints that output as one block
 * under the phase's heading (phases in other lanes run meanwhile; only start and end lines show
 * progress). `task` gets the log file to pass on to `run`.
 */
async function phase(name, task) {
  if (interrupted) return undefined;
  const log = path.join(LOG_DIR, `${name.replaceAll(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.log`);
  fs.writeFileSync(log, '');
  console.log(`▶ ${name} started (${elapsed()})`);
  const started = performance.now();
  const result = await task(log);
  const seconds = (performance.now() - started) / 1000;
  heading(`${result.ok ? '✔' : '✘'} ${name}${result.ok ? '' : ' — FAILED'}`);
  process.stdout.write(fs.readFileSync(log, 'utf8'));
  console.log(
    `■ ${name} ${result.ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s (${elapsed()})`,
  );
  phases.push({ name, seconds, log, ...result });
  return result;
}

/** A Vitest run whose counts come from its JSON report. */
async function vitestPhase(log, reportName, command, args, options = {}) {
  const report = path.join(REPORT_DIR, `${reportName}.json`);
  const code = await run(
    command,
    [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { log, ...options },
  );
  const counts = vitestCounts(report) ?? { passed: 0, failed: 1, skipped: 0 };
  return { ok: code === 0 && counts.failed === 0, ...counts };
}

// Fail fast on what would make the later phases impossible. This also builds the workspace
// packages (`tsc -b`) before any phase starts, so no phase reads a half-written dist/.
let chromium;
try {
  prepareRepository();
  const { ensureChromium } = await import('@showcase/dev-stack');
  chromium = ensureChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const browserEnv = { ...process.env, CHROME_PATH: chromium.path };
const WEB = path.join(REPO_ROOT, 'apps/web');

const lint = () =>
  phase('lint', async (log) => {
    const eslint = await run(bin('eslint'), ['.', '--max-warnings=0'], { log });
    const format = await run(bin('prettier'), ['--check', '.', '--log-level', 'warn'], { log });
    const images = await run(process.execPath, ['scripts/generate-demo-images.mjs', '--check'], {
      log,
    });
    const photos = await run(process.execPath, ['scripts/generate-demo-photos.mjs', '--check'], {
      log,
    });
    return { ok: eslint === 0 && format === 0 && images === 0 && photos === 0 };
  });

const typecheck = () =>
  phase('typecheck', async (log) => {
    const code = await run(process.execPath, ['scripts/typecheck.mjs'], { log });
    return { ok: code === 0 };
  });

const unit = (workspace) =>
  phase(`unit: ${workspace}`, (log) =>
    vitestPhase(log, workspace.replaceAll('/', '-'), 'npm', ['run', 'test', '-w', workspace, '--']),
  );

const unitScripts = () =>
  phase('unit: scripts', (log) =>
    vitestPhase(log, 'scripts', bin('vitest'), ['run', '--dir', 'scripts']),
  );

const screen = () =>
  phase('screen: Vitest (Chromium)', (log) =>
    vitestPhase(log, 'screens', bin('vitest'), ['run', '--config', 'vitest.screens.config.ts'], {
      cwd: WEB,
      env: browserEnv,
    }),
  );

const e2e = () =>
  phase('e2e: Playwright (Chromium)', async (log) => {
    const report = path.join(REPORT_DIR, 'e2e.json');
    const code = await run(bin('playwright'), ['test'], {
      log,
      cwd: WEB,
      env: { ...browserEnv, SHOWCASE_E2E_REPORT: report },
      // The longest phase: a hang is still stopped well inside CI's 90 minutes, but a slow
      // healthy run is not cut off.
      timeoutMs: 20 * 60_000,
    });
    const counts = playwrightCounts(report) ?? { passed: 0, failed: 1, skipped: 0 };
    return { ok: code === 0 && counts.failed === 0, ...counts };
  });

// Three lanes at once, one phase after another in each. The run is bound by the two cores' CPU
// (about 95 % busy throughout), so the order is about packing: the end-to-end suite, which spends
// a quarter of its time waiting (offline spells, 10 s connection windows, a second stack
// starting), goes first, where the other lanes fill its waits; the screens, which keep both cores
// busy on their own, go last. Screens and end to end stay in one lane, so their Chromium pages
// never compete with each other's time-outs. Measured on the two-core machine: 556 s with the
// screens first, 516 s with end to end first (docs/decisions/2026-11-28-npm-test-on-two-cores.md).
// Nothing is built twice at once: prepareRepository() above built dist/ (the e2e suite's
// `npm start` then finds `tsc -b` up to date), typecheck emits nothing, the screens' dev server
// keeps its own cache (node_modules/.vite/screens) and the e2e build goes into its run folder
// (.data/e2e/run-<pid>).
// The link-preview function's workspace (`functions`, last in the workspace list) runs in the
// first lane: its unit tests are pure and its handler tests start one emulator in-process, a few
// seconds in all; its check through the rewrite is an end-to-end spec (e2e/sharing/).
const LANES = [
  async () => {
    await lint();
    await typecheck();
    for (const workspace of workspaces.filter((w) => w !== 'packages/emulator')) {
      await unit(workspace);
    }
    await unitScripts();
  },
  () => unit('packages/emulator'),
  async () => {
    await e2e();
    await screen();
  },
];
await Promise.all(LANES.map((lane) => lane()));

// The table follows the order phases are listed in, not the order they finished in.
const ORDER = [
  'lint',
  'typecheck',
  ...workspaces.map((w) => `unit: ${w}`),
  'unit: scripts',
  'screen: Vitest (Chromium)',
  'e2e: Playwright (Chromium)',
];
phases.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));

// Summary: one row per phase, then the total as the last line.
heading('summary');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const p of phases) {
  const counted = p.passed !== undefined;
  if (counted) {
    passed += p.passed;
    failed += p.failed;
    skipped += p.skipped ?? 0;
  } else if (!p.ok) {
    failed += 1; // a failed check (lint, typecheck) counts as one failure
  }
  const detail = counted
    ? `${p.passed} passed, ${p.failed} failed${p.skipped ? `, ${p.skipped} skipped` : ''}`
    : p.ok
      ? 'clean'
      : 'FAILED';
  console.log(
    `${p.ok ? '✔' : '✘'} ${p.name.padEnd(32)} ${detail.padEnd(34)} ${p.seconds.toFixed(1).padStart(6)} s`,
  );
}
const totalSeconds = (performance.now() - totalStarted) / 1000;
console.log(`  ${'total'.padEnd(32)} ${''.padEnd(34)} ${totalSeconds.toFixed(1).padStart(6)} s`);
if (skipped > 0) console.log(`${skipped} skipped (nothing should be skipped)`);
if (interrupted) console.log('Interrupted: the phases missing above did not run.');
const allOk = !interrupted && phases.every((p) => p.ok) && failed === 0;
const failures = phases.flatMap((p) => p.failures ?? []);
if (failures.length > 0) {
  console.log('Failed tests:');
  for (const failure of failures) console.log(`  ✘ ${failure}`);
}
const failedLogs = phases.filter((p) => !p.ok).map((p) => p.log);
if (failedLogs.length > 0) {
  console.log(`Output of the failed phases (printed above under ✘ headings):`);
  for (const log of failedLogs) console.log(`  ${log}`);
  for (const file of fs.readdirSync(REPORT_DIR)) {
    if (file !== 'logs') fs.rmSync(path.join(REPORT_DIR, file), { force: true });
  }
} else {
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
