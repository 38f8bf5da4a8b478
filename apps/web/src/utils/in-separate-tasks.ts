// Start-up work that would make one long task (evaluating the entry, building the router and the
// theme, the first render) is cut into tasks of their own, so the browser can paint and handle
// input between them: on a slow phone each piece alone stays near the 50 ms a task may take
// before it blocks the page.

/** Runs `run` in a later task of its own. */
export type TaskScheduler = (run: () => void) => void;

/**
 * A new macrotask through a message to ourselves: unlike `setTimeout`, not clamped to 4 ms once
 * nested, and unlike a promise, not run before the browser gets a turn.
 */
export const nextTask: TaskScheduler = (run) => {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(run, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
};

/** Resolves in a later task: `await` it to end the current task before going on. */
export function nextTaskTurn(schedule: TaskScheduler = nextTask): Promise<void> {
  return new Promise((resolve) => schedule(resolve));
}

/**
 * Runs each step in a task of its own, in order, the first one in a later task too. A step that
 * throws stops the ones after it and is reported as an uncaught error of its task.
 */
export function inSeparateTasks(
  steps: readonly (() => void)[],
  schedule: TaskScheduler = nextTask,
): void {
  const runFrom = (index: number) => {
    const step = steps[index];
    if (!step) return;
    schedule(() => {
      step();
      runFrom(index + 1);
    });
  };
  runFrom(0);
}
