// `npm test`: lint, typecheck, unit tests (every workspace and scripts/), the app's screen tests,
// then the end-to-end suite, both in headless Chromium against emulators they start and stop. Every phase runs even if
// an earlier one failed, so one run shows everything; the exit code is non-zero on any failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareRepository } from './lib/bootstrap.mjs';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const REPORT_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-test-'));
const workspaces = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
).workspaces;
const bin = (name) => path.join(REPO_ROOT, 'node_modules/.bin', name);

/** The phase's child process group, to forward Ctrl-C to and to stop on a time-out. */
let current;
let interrupted = false;

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

// Each phase runs in its own process group: Ctrl-C is forwarded to it (Playwright then runs its
// teardown and stops the emulators), and a phase that hangs can be stopped with all it spawned.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (current) signalGroup(current.pid, 'SIGINT');
  });
}

/**
 * Runs a command with inherited output; resolves with its exit code (never rejects). A run longer
 * than `timeoutMs` is interrupted (SIGINT, then SIGKILL 20 s later) and counts as failed.
 */
function run(command, args, { cwd = REPO_ROOT, env = process.env, timeoutMs = 10 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    current = child;
    let killTimer;
    const timeout = setTimeout(() => {
      console.error(
        `\n${path.basename(command)} ${args.join(' ')} ran longer than ${timeoutMs / 60_000} min; stopping it.`,
      );
      signalGroup(child.pid, 'SIGINT');
      killTimer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 20_000);
    }, timeoutMs);
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timeout);
      clearTimeout(killTimer);
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function heading(text) {
  console.log(`\n━━ ${text} ${'━'.repeat(Math.max(0, 70 - text.length))}`);
}

/** Counts from a vitest JSON report (or zeros when it is missing). */
function vitestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failedTests = report.numFailedTests ?? 0;
    // A suite that fails to load has no failed tests of its own; count it once.
    const failed = failedTests > 0 ? failedTests : (report.numFailedTestSuites ?? 0);
    return {
      passed: report.numPassedTests ?? 0,
      failed,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    return undefined;
  }
}

/** Counts from a Playwright JSON report. */
function playwrightCounts(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
      flaky: stats.flaky,
    };
  } catch {
    return undefined;
  }
}

const phases = [];

async function phase(name, task) {
  if (interrupted) return undefined;
  heading(name);
  const started = performance.now();
  const result = await task();
  const seconds = (performance.now() - started) / 1000;
  phases.push({ name, seconds, ...result });
  return result;
}

const totalStarted = performance.now();

// Fail fast on what would make the later phases impossible.
let chromium;
try {
  prepareRepository();
  const { ensureChromium } = await import('@showcase/dev-stack');
  chromium = ensureChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

await phase('lint', async () => {
  const eslint = await run(bin('eslint'), ['.', '--max-warnings=0']);
  const format = await run(bin('prettier'), ['--check', '.', '--log-level', 'warn']);
  const images = await run(process.execPath, ['scripts/generate-demo-images.mjs', '--check']);
  return { ok: eslint === 0 && format === 0 && images === 0 };
});

await phase('typecheck', async () => {
  const code = await run('npm', ['run', 'typecheck', '--workspaces', '--if-present']);
  return { ok: code === 0 };
});

for (const workspace of workspaces) {
  await phase(`unit: ${workspace}`, async () => {
    const report = path.join(REPORT_DIR, `${workspace.replaceAll('/', '-')}.json`);
    const code = await run('npm', [
      'run',
      'test',
      '-w',
      workspace,
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]);
    const counts = vitestCounts(report) ?? { passed: 0, failed: 1, skipped: 0 };
    return { ok: code === 0 && counts.failed === 0, ...counts };
  });
}

await phase('unit: scripts', async () => {
  const report = path.join(REPORT_DIR, 'scripts.json');
  const code = await run(bin('vitest'), [
    'run',
    '--dir',
    'scripts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const counts = vitestCounts(report) ?? { passed: 0, failed: 1, skipped: 0 };
  return { ok: code === 0 && counts.failed === 0, ...counts };
});

await phase('screen: Vitest (Chromium)', async () => {
  const report = path.join(REPORT_DIR, 'screens.json');
  const code = await run(
    bin('vitest'),
    [
      'run',
      '--config',
      'vitest.screens.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: path.join(REPO_ROOT, 'apps/web'), env: { ...process.env, CHROME_PATH: chromium.path } },
  );
  const counts = vitestCounts(report) ?? { passed: 0, failed: 1, skipped: 0 };
  return { ok: code === 0 && counts.failed === 0, ...counts };
});

await phase('e2e: Playwright (Chromium)', async () => {
  const report = path.join(REPORT_DIR, 'e2e.json');
  const code = await run(bin('playwright'), ['test'], {
    cwd: path.join(REPO_ROOT, 'apps/web'),
    env: { ...process.env, CHROME_PATH: chromium.path, SHOWCASE_E2E_REPORT: report },
    // The longest phase (about 6 min on two cores, and growing with the specs): a hang is still
    // stopped well inside CI's 90 minutes, but a slow healthy run is not cut off.
    timeoutMs: 20 * 60_000,
  });
  const counts = playwrightCounts(report) ?? { passed: 0, failed: 1, skipped: 0 };
  return { ok: code === 0 && counts.failed === 0, ...counts };
});

fs.rmSync(REPORT_DIR, { recursive: true, force: true });

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
if (interrupted) console.log('Interrupted: the phases after the last one above did not run.');
const allOk = !interrupted && phases.every((p) => p.ok) && failed === 0;
console.log(`${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
