// The stack the browser benches drive: the emulators (Firestore, Storage, Auth) and the app built and served as `npm start`
// serves it, on free ports, with its logs and builds in a temporary folder removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RULES_FILE, STORAGE_RULES_FILE, freeStackPorts, startStack } from '@showcase/dev-stack';

/**
 * Runs `task(stack)` against a fresh stack and always stops it, even when the task throws.
 * @template T
 * @param {string} name  names the temporary folder
 * @param {(message: string) => void} log
 * @param {(stack: Awaited<ReturnType<typeof startStack>['ready']>) => Promise<T>} task
 * @param {{ web?: 'build' | 'dev', previews?: boolean }} [options]  `dev`: Vite's dev server, which
 *   also serves bench pages; `previews: false`: no link-preview rewrites (index.html on `/s/*`)
 * @returns {Promise<T>}
 */
export async function withBenchStack(name, log, task, { web = 'build', previews = true } = {}) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `showcase-bench-${name}-`));
  const running = startStack({
    ports: await freeStackPorts(),
    logDir: path.join(runDir, 'logs'),
    workDir: runDir,
    web,
    previews,
    rulesFile: RULES_FILE,
    storageRulesFile: STORAGE_RULES_FILE,
    onUnexpectedExit: log,
  });
  try {
    const stack = await running.ready;
    log(`stack ready: app ${stack.appUrl} (logs in ${path.join(runDir, 'logs')})`);
    return await task(stack);
  } finally {
    await running.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}
