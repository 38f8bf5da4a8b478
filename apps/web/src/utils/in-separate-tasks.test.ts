import { describe, expect, it } from 'vitest';
import type { TaskScheduler } from './in-separate-tasks';
import { inSeparateTasks, nextTask, nextTaskTurn } from './in-separate-tasks';

/** A scheduler whose tasks run only when the test says so, one at a time. */
function manualTasks() {
  const queue: (() => void)[] = [];
  const schedule: TaskScheduler = (run) => queue.push(run);
  return {
    schedule,
    pending: () => queue.length,
    runNext() {
      const run = queue.shift();
      if (!run) throw new Error('no task is waiting');
      run();
    },
  };
}

describe('inSeparateTasks', () => {
  it('runs nothing in the calling task, then one step per task, in order', () => {
    const tasks = manualTasks();
    const ran: string[] = [];
    inSeparateTasks(
      [() => ran.push('router'), () => ran.push('theme'), () => ran.push('render')],
      tasks.schedule,
    );
    expect(ran).toEqual([]);
    expect(tasks.pending()).toBe(1);
    tasks.runNext();
    expect(ran).toEqual(['router']);
    expect(tasks.pending()).toBe(1);
    tasks.runNext();
    tasks.runNext();
    expect(ran).toEqual(['router', 'theme', 'render']);
    expect(tasks.pending()).toBe(0);
  });

  it('stops at a step that throws and lets its task report it', () => {
    const tasks = manualTasks();
    const ran: string[] = [];
    inSeparateTasks(
      [
        () => ran.push('first'),
        () => {
          throw new Error('broken step');
        },
        () => ran.push('never'),
      ],
      tasks.schedule,
    );
    tasks.runNext();
    expect(() => tasks.runNext()).toThrow('broken step');
    expect(tasks.pending()).toBe(0);
    expect(ran).toEqual(['first']);
  });

  it('schedules nothing for no steps', () => {
    const tasks = manualTasks();
    inSeparateTasks([], tasks.schedule);
    expect(tasks.pending()).toBe(0);
  });
});

describe('nextTask', () => {
  it('runs after the current task and its microtasks', async () => {
    const order: string[] = [];
    const done = new Promise<void>((resolve) =>
      nextTask(() => {
        order.push('task');
        resolve();
      }),
    );
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('sync');
    await done;
    expect(order).toEqual(['sync', 'microtask', 'task']);
  });
});

describe('nextTaskTurn', () => {
  it('resolves only once its task has run', async () => {
    const tasks = manualTasks();
    let resolved = false;
    const turn = nextTaskTurn(tasks.schedule).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    tasks.runNext();
    await turn;
    expect(resolved).toBe(true);
  });
});
