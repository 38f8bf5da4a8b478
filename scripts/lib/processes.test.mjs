import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor, groupIsAlive, killLeftoverGroups } from './processes.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function supervisor() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supervisor-test-'));
  dirs.push(dir);
  return new Supervisor({ logDir: dir });
}

describe('Supervisor', () => {
  it('stops a child and the processes it spawned, leaving no orphan', async () => {
    const sup = supervisor();
    const lines = [];
    // The shell starts a grandchild in the background and then waits on it.
    const child = sup.spawn('tree', 'sh', ['-c', 'sleep 60 & echo started; wait'], {
      onLine: (line) => lines.push(line),
    });
    await expect.poll(() => lines).toContain('started');
    expect(groupIsAlive(child.pid)).toBe(true);
    await sup.stopAll();
    expect(groupIsAlive(child.pid)).toBe(false);
  });

  it('escalates to SIGKILL when a child ignores SIGTERM', async () => {
    const sup = supervisor();
    const lines = [];
    const child = sup.spawn(
      'stubborn',
      'sh',
      ['-c', "trap '' TERM; echo ready; while :; do sleep 0.1; done"],
      { onLine: (line) => lines.push(line) },
    );
    await expect.poll(() => lines).toContain('ready');
    const started = Date.now();
    await sup.stopAll({ graceMs: 300 });
    expect(groupIsAlive(child.pid)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('writes output to a per-child log and reports unexpected exits', async () => {
    const sup = supervisor();
    const exits = [];
    sup.spawn('short', 'sh', ['-c', 'echo hello; echo oops >&2; exit 3'], {
      onExit: (code) => exits.push(code),
    });
    await expect.poll(() => exits).toEqual([3]);
    expect(sup.tail('short')).toContain('hello');
    expect(sup.tail('short')).toContain('oops');
    await sup.stopAll();
  });

  it('records its groups so a later run can stop what a killed parent left behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supervisor-test-'));
    dirs.push(dir);
    const pidFile = path.join(dir, 'processes.json');
    const sup = new Supervisor({ logDir: dir, pidFile });
    const lines = [];
    const child = sup.spawn('sleeper', 'sh', ['-c', 'echo up; exec sleep 60'], {
      onLine: (line) => lines.push(line),
    });
    await expect.poll(() => lines).toContain('up');
    expect(JSON.parse(fs.readFileSync(pidFile, 'utf8'))).toEqual([
      { name: 'sleeper', pgid: child.pid },
    ]);
    // A pid file that names other commands is left alone.
    expect(killLeftoverGroups(pidFile, ['vite.js'])).toEqual([]);
    expect(groupIsAlive(child.pid)).toBe(true);
    fs.writeFileSync(pidFile, JSON.stringify([{ name: 'sleeper', pgid: child.pid }]));
    expect(killLeftoverGroups(pidFile, ['sleep 60'])).toEqual(['sleeper']);
    await expect.poll(() => groupIsAlive(child.pid)).toBe(false);
    expect(fs.existsSync(pidFile)).toBe(false);
    await sup.stopAll();
  });
});
