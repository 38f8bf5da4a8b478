// Waiting for a child to be ready: an HTTP answer or a line of output, failing fast if the child dies.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class NotReadyError extends Error {}

/**
 * Polls `url` until it answers (any HTTP status below 500), the child exits, or time runs out.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess, label?: string }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 60_000, child, label = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new NotReadyError(`${label} exited (code ${child.exitCode}) before it was ready.`);
    }
    if (child && child.signalCode !== null) {
      throw new NotReadyError(`${label} was stopped (${child.signalCode}) before it was ready.`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(150);
  }
  throw new NotReadyError(`${label} was not ready within ${Math.round(timeoutMs / 1000)} s.`);
}

/** Runs `task` and returns [result, seconds it took]. */
export async function timed(task) {
  const started = performance.now();
  const result = await task();
  return [result, (performance.now() - started) / 1000];
}
