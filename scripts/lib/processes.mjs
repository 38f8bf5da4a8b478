// Child processes in their own process groups, so one signal stops a child and everything it spawned,
// and a stop that waits until every group is really gone (no orphans left listening on our ports).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True while any process of group `pgid` is alive. */
export function groupIsAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM means a process exists that we may not signal: still alive.
    return error.code === 'EPERM';
  }
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts and stops a set of long-running children. Output goes to one log file per child
 * (and, for readiness checks, to `onLine` listeners); nothing reaches the terminal unless asked.
 */
export class Supervisor {
  /**
   * @param {{ logDir: string, echo?: boolean, pidFile?: string }} options `pidFile` records the
   *   process groups while they run, so a later run can clean up after a parent that was SIGKILLed.
   */
  constructor({ logDir, echo = false, pidFile }) {
    this.logDir = logDir;
    this.echo = echo;
    this.pidFile = pidFile;
    /** @type {{ name: string, child: import('node:child_process').ChildProcess, logFile: string, exited: boolean }[]} */
    this.entries = [];
    this.stopping = false;
    fs.mkdirSync(logDir, { recursive: true });
    // Last resort if the parent dies without calling stopAll(): SIGKILL every group synchronously.
    this.onExit = () => {
      for (const entry of this.entries)
        if (entry.child.pid) signalGroup(entry.child.pid, 'SIGKILL');
    };
    process.on('exit', this.onExit);
  }

  /**
   * @param {string} name short label used for the log file and messages
   * @param {string} command
   * @param {string[]} args
   * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, onLine?: (line: string) => void, onExit?: (code: number | null, signal: string | null) => void }} [options]
   */
  spawn(name, command, args, options = {}) {
    const logFile = path.join(this.logDir, `${name}.log`);
    const log = fs.createWriteStream(logFile, { flags: 'w' });
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const entry = { name, child, logFile, exited: false };
    this.entries.push(entry);
    this.writePidFile();
    let pending = '';
    const onData = (chunk) => {
      log.write(chunk);
      if (this.echo) process.stdout.write(`[${name}] ${chunk}`);
      pending += chunk.toString('utf8');
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline).replace(/\r$/, '');
        pending = pending.slice(newline + 1);
        options.onLine?.(line);
        newline = pending.indexOf('\n');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => {
      log.write(`\n[supervisor] failed to start ${command}: ${error.message}\n`);
    });
    // 'close' comes after the child's output has ended; the callback waits for the log to be
    // flushed too, so a caller reporting the exit can show the log's last lines.
    child.on('close', (code, signal) => {
      entry.exited = true;
      log.end(`\n[supervisor] ${name} exited (${signal ?? code})\n`, () => {
        if (!this.stopping) options.onExit?.(code, signal);
      });
    });
    return child;
  }

  writePidFile() {
    if (!this.pidFile) return;
    const groups = this.entries
      .filter((e) => e.child.pid)
      .map((e) => ({ name: e.name, pgid: e.child.pid }));
    fs.mkdirSync(path.dirname(this.pidFile), { recursive: true });
    fs.writeFileSync(this.pidFile, `${JSON.stringify(groups)}\n`);
  }

  /** The last lines a child wrote, for error messages. */
  tail(name, lines = 15) {
    const entry = this.entries.find((e) => e.name === name);
    if (!entry) return '';
    try {
      return fs.readFileSync(entry.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  /**
   * Stops every child in reverse start order: SIGTERM to its group, then SIGKILL after `graceMs`,
   * and returns only when no process of any group is left.
   */
  async stopAll({ graceMs = 5000 } = {}) {
    this.stopping = true;
    const entries = [...this.entries].reverse();
    await Promise.all(
      entries.map(async ({ child }) => {
        const pgid = child.pid;
        if (!pgid) return;
        signalGroup(pgid, 'SIGTERM');
        const deadline = Date.now() + graceMs;
        while (groupIsAlive(pgid) && Date.now() < deadline) await sleep(50);
        if (groupIsAlive(pgid)) {
          signalGroup(pgid, 'SIGKILL');
          while (groupIsAlive(pgid)) await sleep(20);
        }
      }),
    );
    process.off('exit', this.onExit);
    if (this.pidFile) fs.rmSync(this.pidFile, { force: true });
  }
}

/** The command line of a process, or undefined when it is gone. */
function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/**
 * Kills the process groups a Supervisor recorded in `pidFile` and that are still alive, but only
 * when the group leader still runs one of `expected` (so a reused pid is never touched).
 * Returns the names of the groups it killed.
 * @param {string} pidFile
 * @param {string[]} expected substrings of the command lines we started
 */
export function killLeftoverGroups(pidFile, expected) {
  let groups;
  try {
    groups = JSON.parse(fs.readFileSync(pidFile, 'utf8'));
  } catch {
    return [];
  }
  const killed = [];
  for (const { name, pgid } of groups) {
    const command = commandLine(pgid);
    if (!command || !expected.some((part) => command.includes(part))) continue;
    if (groupIsAlive(pgid)) {
      signalGroup(pgid, 'SIGKILL');
      killed.push(name);
    }
  }
  fs.rmSync(pidFile, { force: true });
  return killed;
}
