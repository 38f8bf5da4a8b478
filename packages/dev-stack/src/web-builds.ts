// The folders of a built app that is rebuilt while it is served. A build is never written where
// it is served: each goes into a fresh folder, and a complete one becomes the served build by a
// single rename of a symlink. The hashed files of the builds before it are linked into it, so a
// tab still running older code can load its lazy chunks after the switch.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type BuildFolders = {
  /** What the server serves: a symlink to the current build (absent until the first publish). */
  served: string;
  /** A fresh, empty folder for the next build. */
  next(): string;
  /**
   * Makes the build in `dir` the served one and returns true; returns false (and removes `dir`)
   * when it holds exactly what the served build was built with, so nothing changes for a tab.
   */
  publish(dir: string): boolean;
  /** Removes a build that did not complete. */
  discard(dir: string): void;
};

/** Hashed file names of a Vite and Workbox build: what an older tab may still ask for. */
function isHashedOutput(relative: string): boolean {
  return relative.startsWith(`assets${path.sep}`) || /^workbox-[\w-]+\.js$/.test(relative);
}

function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** One digest over every file's name and bytes. */
function digestOf(dir: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)));
  return hash.digest('hex');
}

function linkOrCopy(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}

/** Starts empty: whatever an earlier run left under `root` is removed. */
export function createBuildFolders(root: string): BuildFolders {
  const builds = path.join(root, 'builds');
  const served = path.join(root, 'current');
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(builds, { recursive: true });
  let sequence = 0;
  // The served build: its own files, every hashed file it serves (its own and those linked in),
  // and the digest of its own files, taken only once a later build is compared with it, so a
  // stack that never rebuilds does not read its whole build on start-up.
  let current: { dir: string; files: string[]; hashed: string[]; digest?: string } | null = null;
  let previous: string | null = null;

  return {
    served,
    next() {
      const dir = path.join(builds, String(++sequence));
      fs.mkdirSync(dir);
      return dir;
    },
    publish(dir) {
      const files = listFiles(dir);
      const hashed = new Set(files.filter(isHashedOutput));
      let digest: string | undefined;
      if (current) {
        current.digest ??= digestOf(current.dir, current.files);
        digest = digestOf(dir, files);
        if (current.digest === digest) {
          fs.rmSync(dir, { recursive: true, force: true });
          return false;
        }
        for (const file of current.hashed) {
          if (hashed.has(file)) continue;
          linkOrCopy(path.join(current.dir, file), path.join(dir, file));
          hashed.add(file);
        }
      }
      const link = `${served}.next`;
      fs.rmSync(link, { force: true });
      fs.symlinkSync(path.relative(root, dir), link);
      fs.renameSync(link, served);
      // The build before the current one may still be answering a request that resolved its
      // path just before the switch; only older ones go (their files live on as links).
      if (previous) fs.rmSync(previous, { recursive: true, force: true });
      previous = current?.dir ?? null;
      current = { dir, files, hashed: [...hashed], ...(digest ? { digest } : {}) };
      return true;
    },
    discard(dir) {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `task` one at a time: a call while it runs gets the run that starts after it (one, however
 * many calls came meanwhile), so the last change is always built and no build is wasted.
 */
export function coalescing<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const run = task().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    queued ??= settled.then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}
