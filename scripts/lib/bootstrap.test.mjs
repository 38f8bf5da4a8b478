import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installNeeded } from './bootstrap.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function repo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-test-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'package-lock.json'), '{}');
  return dir;
}

const touch = (file, secondsAgo) => {
  const time = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, time, time);
};

describe('installNeeded', () => {
  it('asks for npm ci when node_modules is missing', () => {
    expect(installNeeded(repo())).toBe('ci');
  });

  it('asks for npm install when the lock changed after the last install', () => {
    const dir = repo();
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.writeFileSync(path.join(dir, 'node_modules/.package-lock.json'), '{}');
    touch(path.join(dir, 'node_modules/.package-lock.json'), 60);
    touch(path.join(dir, 'package-lock.json'), 0);
    expect(installNeeded(dir)).toBe('install');
  });

  it('asks for nothing when the install is current', () => {
    const dir = repo();
    touch(path.join(dir, 'package-lock.json'), 60);
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.writeFileSync(path.join(dir, 'node_modules/.package-lock.json'), '{}');
    expect(installNeeded(dir)).toBeUndefined();
  });
});
