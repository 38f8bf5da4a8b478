// Every service of the stack writes to its own file in the log directory; errors quote their tails.
import { Console } from 'node:console';
import fs from 'node:fs';
import path from 'node:path';

export type LogFile = { file: string; console: Console; close: () => Promise<void> };

/** A fresh log file (truncated) with a Console writing into it. */
export function openLog(logDir: string, name: string): LogFile {
  fs.mkdirSync(logDir, { recursive: true });
  const file = path.join(logDir, `${name}.log`);
  const stream = fs.createWriteStream(file);
  return {
    file,
    console: new Console(stream),
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
}

/** The last `lines` lines of a log file ('' when it is missing or empty). */
export function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs may overlap, so each keeps its logs and results in a `run-<pid>` folder named after its
 * process. This removes the folders under `dir` whose process has ended.
 */
export function removeFinishedRunDirs(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir)) {
    const pid = Number(/^run-(\d+)$/.exec(entry)?.[1]);
    if (pid && !isAlive(pid)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
}
