// `npm run typecheck` (and `npm test`'s typecheck phase): every TypeScript project of the
// repository checked by TypeScript 7, the native compiler, in one process after another. The
// compiler is called by its path because two packages install a `tsc`: TypeScript 5.9 stays only
// as the library typescript-eslint parses with (docs/decisions/2026-11-28-npm-test-on-two-cores.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const TSC = path.join(REPO_ROOT, 'node_modules/typescript-native/bin/tsc');

/** Every checked project: each workspace's tsconfig.json, and its Node-side files' when it has one. */
const { workspaces } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const PROJECTS = workspaces
  .flatMap((workspace) => [`${workspace}/tsconfig.json`, `${workspace}/tsconfig.node.json`])
  .filter((project) => fs.existsSync(path.join(REPO_ROOT, project)));

let failed = 0;
for (const project of PROJECTS) {
  const { status } = spawnSync(process.execPath, [TSC, '-p', project, '--noEmit'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (status !== 0) {
    console.error(`✘ ${project}`);
    failed += 1;
  }
}
process.exit(failed === 0 ? 0 : 1);
