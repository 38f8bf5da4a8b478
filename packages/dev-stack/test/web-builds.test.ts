import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coalescing, createBuildFolders } from '../src/web-builds.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function folders() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-builds-'));
  roots.push(root);
  return { root, folders: createBuildFolders(root) };
}

/** Writes a build's files (relative path → content) into `dir`. */
function write(dir: string, files: Record<string, string>): string {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const served = (dir: string, file: string) => fs.existsSync(path.join(dir, file));

describe('build folders', () => {
  it('serves nothing before the first build, then the build through one symlink', () => {
    const { folders: builds } = folders();
    expect(fs.existsSync(builds.served)).toBe(false);
    const first = write(builds.next(), { 'index.html': 'v1', 'assets/app-1.js': 'one' });
    expect(builds.publish(first)).toBe(true);
    expect(fs.lstatSync(builds.served).isSymbolicLink()).toBe(true);
    expect(read(builds.served, 'index.html')).toBe('v1');
  });

  it('switches to a new build whole, keeping the hashed files older tabs may still ask for', () => {
    const { folders: builds } = folders();
    builds.publish(
      write(builds.next(), {
        'index.html': 'v1',
        'sw.js': 'sw1',
        'assets/app-1.js': 'one',
        'workbox-1.js': 'wb',
        'removed.txt': 'gone',
      }),
    );
    const second = write(builds.next(), {
      'index.html': 'v2',
      'sw.js': 'sw2',
      'assets/app-2.js': 'two',
    });
    expect(builds.publish(second)).toBe(true);
    expect(read(builds.served, 'index.html')).toBe('v2');
    expect(read(builds.served, 'sw.js')).toBe('sw2');
    expect(read(builds.served, 'assets/app-2.js')).toBe('two');
    expect(read(builds.served, 'assets/app-1.js')).toBe('one');
    expect(read(builds.served, 'workbox-1.js')).toBe('wb');
    // Files with fixed names belong to their build only.
    expect(served(builds.served, 'removed.txt')).toBe(false);
  });

  it('keeps hashed files across several builds, and only the two latest build folders', () => {
    const { root, folders: builds } = folders();
    for (const version of [1, 2, 3, 4]) {
      builds.publish(
        write(builds.next(), {
          'index.html': `v${version}`,
          [`assets/app-${version}.js`]: `${version}`,
        }),
      );
    }
    for (const version of [1, 2, 3, 4])
      expect(served(builds.served, `assets/app-${version}.js`)).toBe(true);
    expect(fs.readdirSync(path.join(root, 'builds')).sort()).toEqual(['3', '4']);
  });

  it('leaves the served build alone when a build holds exactly the same files', () => {
    const { folders: builds } = folders();
    const files = { 'index.html': 'v1', 'assets/app-1.js': 'one' };
    const first = builds.publish(write(builds.next(), files));
    const again = builds.next();
    expect(first).toBe(true);
    expect(builds.publish(write(again, files))).toBe(false);
    expect(fs.existsSync(again)).toBe(false);
    expect(fs.realpathSync(builds.served)).not.toBe(again);
    expect(builds.publish(write(builds.next(), { ...files, 'index.html': 'v2' }))).toBe(true);
  });

  it('compares a build with what the served one was built with, not with the files linked in', () => {
    const { folders: builds } = folders();
    builds.publish(write(builds.next(), { 'index.html': 'v1', 'assets/app-1.js': 'one' }));
    const files = { 'index.html': 'v2', 'assets/app-2.js': 'two' };
    expect(builds.publish(write(builds.next(), files))).toBe(true);
    expect(builds.publish(write(builds.next(), files))).toBe(false);
    expect(read(builds.served, 'assets/app-1.js')).toBe('one');
  });

  it('discards a build that failed, and starts empty over what an earlier run left', () => {
    const { root, folders: builds } = folders();
    builds.publish(write(builds.next(), { 'index.html': 'v1' }));
    const failed = write(builds.next(), { 'assets/half.js': 'x' });
    builds.discard(failed);
    expect(fs.existsSync(failed)).toBe(false);
    expect(read(builds.served, 'index.html')).toBe('v1');

    const restarted = createBuildFolders(root);
    expect(fs.existsSync(restarted.served)).toBe(false);
    expect(fs.readdirSync(path.join(root, 'builds'))).toEqual([]);
  });
});

describe('coalescing', () => {
  function deferredTask() {
    const runs: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
    const task = () => new Promise<number>((resolve, reject) => runs.push({ resolve, reject }));
    return { runs, task };
  }

  it('runs one at a time, and the calls made meanwhile share the one run after it', async () => {
    const { runs, task } = deferredTask();
    const run = coalescing(task);
    const first = run();
    const second = run();
    const third = run();
    expect(runs).toHaveLength(1);
    expect(second).toBe(third);
    runs[0]!.resolve(1);
    await expect(first).resolves.toBe(1);
    await Promise.resolve();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    await expect(second).resolves.toBe(2);
    const fourth = run();
    expect(runs).toHaveLength(3);
    runs[2]!.resolve(3);
    await expect(fourth).resolves.toBe(3);
  });

  it('runs the queued one after a failed run too', async () => {
    const { runs, task } = deferredTask();
    const run = coalescing(task);
    const first = run();
    const second = run();
    runs[0]!.reject(new Error('syntax error'));
    await expect(first).rejects.toThrow('syntax error');
    await Promise.resolve();
    runs[1]!.resolve(2);
    await expect(second).resolves.toBe(2);
  });
});
