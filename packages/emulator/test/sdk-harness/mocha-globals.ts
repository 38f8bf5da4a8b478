// The part of Mocha's interface the vendored SDK suite uses (describe/it with skip and only,
// before/after/beforeEach/afterEach, `this.timeout()` and `this.skip()`), so the same files run
// unmodified in Node and in a browser page. Tests run one at a time, in declaration order.

type Callback = (this: Context) => unknown;

export type TestResult = {
  readonly title: string;
  readonly state: 'passed' | 'failed' | 'skipped';
  readonly error?: string;
  readonly ms: number;
};

const DEFAULT_TIMEOUT_MS = 20_000;

class Skip extends Error {}

class Context {
  timeoutMs: number;
  onTimeoutChange: (() => void) | undefined;
  constructor(timeoutMs: number) {
    this.timeoutMs = timeoutMs;
  }
  timeout(ms?: number | string): number {
    if (ms === undefined) return this.timeoutMs;
    this.timeoutMs = typeof ms === 'number' ? ms : parseDuration(ms);
    this.onTimeoutChange?.();
    return this.timeoutMs;
  }
  skip(): never {
    throw new Skip('skipped');
  }
  retries(): void {}
  slow(): void {}
}

function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s)?$/.exec(text.trim());
  if (!match) throw new Error(`bad timeout ${text}`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

type Test = {
  readonly title: string;
  readonly fn: Callback | undefined;
  readonly parent: Suite;
  readonly pending: boolean;
  readonly only: boolean;
  /** Set by `it(...).timeout(ms)`. */
  timeoutMs?: number;
};

/** What `it(...)` and `describe(...)` return: Mocha lets callers chain `.timeout(ms)`. */
type Chainable = { timeout(ms: number | string): Chainable; retries(n: number): Chainable };

class Suite {
  readonly suites: Suite[] = [];
  readonly tests: Test[] = [];
  readonly before: Callback[] = [];
  readonly after: Callback[] = [];
  readonly beforeEach: Callback[] = [];
  readonly afterEach: Callback[] = [];
  /** Set by `describe(...).timeout(ms)`. */
  timeoutMs: number | undefined;
  constructor(
    readonly title: string,
    readonly parent: Suite | undefined,
    readonly pending: boolean,
    readonly only: boolean,
  ) {}
  get fullTitle(): string {
    return this.parent?.title ? `${this.parent.fullTitle} > ${this.title}` : this.title;
  }
  get isPending(): boolean {
    return this.pending || (this.parent?.isPending ?? false);
  }
  get isOnly(): boolean {
    return this.only || (this.parent?.isOnly ?? false);
  }
}

/** Runs `fn` with `ctx` as `this`, failing after the context's (adjustable) time-out. */
async function runWithTimeout(fn: Callback, ctx: Context): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(
          () => reject(new Error(`Timeout of ${ctx.timeoutMs}ms exceeded`)),
          ctx.timeoutMs,
        );
      };
      ctx.onTimeoutChange = arm;
      arm();
      Promise.resolve()
        .then(() => fn.call(ctx))
        .then(() => resolve(), reject);
    });
  } finally {
    clearTimeout(timer);
    ctx.onTimeoutChange = undefined;
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

export type Hooks = {
  /** Runs after every test (passed or not), e.g. to close what the test left open. */
  readonly afterEachTest?: () => Promise<void>;
  /** Runs only tests whose full title contains this text (for debugging). */
  readonly grep?: string;
  /**
   * Leaves out the tests whose full title contains this text: they are neither run nor counted
   * (a run that covers the same behaviour elsewhere, named by whoever passes it).
   */
  readonly leaveOut?: string;
  /** Leaves out the tests with exactly these full titles, as `leaveOut` does. */
  readonly leaveOutTitles?: readonly string[];
};

export type MochaHarness = {
  /** Imports one test file, registering its suites under `name`. */
  load(name: string, importer: () => Promise<unknown>): Promise<void>;
  /** Runs the suites a file registered. */
  run(name: string, hooks?: Hooks): Promise<TestResult[]>;
};

/** Installs the Mocha globals once; test files are then loaded and run file by file. */
export function installMochaGlobals(): MochaHarness {
  const root = new Suite('', undefined, false, false);
  let current = root;

  const addSuite = (title: string, fn: () => void, pending: boolean, only: boolean): Chainable => {
    const suite = new Suite(title, current, pending, only);
    current.suites.push(suite);
    const parent = current;
    current = suite;
    try {
      fn();
    } finally {
      current = parent;
    }
    const chain: Chainable = {
      timeout: (ms) => {
        suite.timeoutMs = typeof ms === 'number' ? ms : parseDuration(ms);
        return chain;
      },
      retries: () => chain,
    };
    return chain;
  };
  const addTest = (
    title: string,
    fn: Callback | undefined,
    pending: boolean,
    only: boolean,
  ): Chainable => {
    const test: Test = { title, fn, parent: current, pending: pending || !fn, only };
    current.tests.push(test);
    const chain: Chainable = {
      timeout: (ms) => {
        test.timeoutMs = typeof ms === 'number' ? ms : parseDuration(ms);
        return chain;
      },
      retries: () => chain,
    };
    return chain;
  };

  const describe = (title: string, fn: () => void) => addSuite(title, fn, false, false);
  describe.skip = (title: string, fn: () => void) => addSuite(title, fn, true, false);
  describe.only = (title: string, fn: () => void) => addSuite(title, fn, false, true);
  const it = (title: string, fn?: Callback) => addTest(title, fn, false, false);
  it.skip = (title: string, fn?: Callback) => addTest(title, fn, true, false);
  it.only = (title: string, fn?: Callback) => addTest(title, fn, false, true);

  const globals = globalThis as Record<string, unknown>;
  Object.assign(globals, {
    describe,
    it,
    xit: it.skip,
    xdescribe: describe.skip,
    before: (fn: Callback) => current.before.push(fn),
    after: (fn: Callback) => current.after.push(fn),
    beforeEach: (fn: Callback) => current.beforeEach.push(fn),
    afterEach: (fn: Callback) => current.afterEach.push(fn),
  });
  globals['global'] ??= globalThis;

  const files = new Map<string, Suite>();

  async function load(name: string, importer: () => Promise<unknown>): Promise<void> {
    const suite = new Suite(name, root, false, false);
    root.suites.push(suite);
    files.set(name, suite);
    current = suite;
    try {
      await importer();
    } finally {
      current = root;
    }
  }

  /** A test's full title, as results report it and `grep`/`leaveOut` match it. */
  const titleOf = (test: Test): string => `${test.parent.fullTitle} > ${test.title}`;

  async function run(name: string, hooks: Hooks = {}): Promise<TestResult[]> {
    const file = files.get(name);
    if (file === undefined) throw new Error(`${name} was never loaded`);
    const results: TestResult[] = [];
    const hasOnly = (suite: Suite): boolean =>
      suite.only || suite.tests.some((t) => t.only) || suite.suites.some(hasOnly);
    const onlyMode = hasOnly(file);
    const leftOut = new Set(hooks.leaveOutTitles);
    const selected = (test: Test): boolean => {
      const title = titleOf(test);
      return (
        !leftOut.has(title) &&
        (!onlyMode || test.only || test.parent.isOnly) &&
        (hooks.grep === undefined || title.includes(hooks.grep)) &&
        (hooks.leaveOut === undefined || !title.includes(hooks.leaveOut))
      );
    };
    const countSelected = (suite: Suite): number =>
      suite.tests.filter(selected).length + suite.suites.reduce((n, s) => n + countSelected(s), 0);

    const record = (test: Test, state: TestResult['state'], ms = 0, error?: string): void => {
      results.push({
        title: titleOf(test),
        state,
        ms,
        ...(error === undefined ? {} : { error }),
      });
    };
    const recordAll = (suite: Suite, state: TestResult['state'], error?: string): void => {
      for (const test of suite.tests.filter(selected)) record(test, state, 0, error);
      for (const child of suite.suites) recordAll(child, state, error);
    };
    const chain = (suite: Suite | undefined, key: 'beforeEach' | 'afterEach'): Callback[] => {
      const suites: Suite[] = [];
      for (let s = suite; s; s = s.parent) suites.unshift(s);
      const hooksOf = suites.flatMap((s) => s[key]);
      return key === 'afterEach' ? hooksOf.reverse() : hooksOf;
    };

    async function runTest(test: Test, timeoutMs: number): Promise<void> {
      if (test.pending || test.parent.isPending) return record(test, 'skipped');
      const ctx = new Context(test.timeoutMs ?? timeoutMs);
      const started = Date.now();
      let error: unknown;
      let skipped = false;
      try {
        for (const hook of chain(test.parent, 'beforeEach')) await runWithTimeout(hook, ctx);
        await runWithTimeout(test.fn as Callback, ctx);
      } catch (e) {
        if (e instanceof Skip) skipped = true;
        else error = e;
      }
      for (const hook of chain(test.parent, 'afterEach')) {
        try {
          await runWithTimeout(hook, new Context(timeoutMs));
        } catch (e) {
          error ??= e;
        }
      }
      if (hooks.afterEachTest) await hooks.afterEachTest();
      const ms = Date.now() - started;
      if (skipped) record(test, 'skipped', ms);
      else if (error !== undefined) record(test, 'failed', ms, describeError(error));
      else record(test, 'passed', ms);
    }

    async function runSuite(suite: Suite, timeoutMs: number): Promise<void> {
      if (countSelected(suite) === 0) return;
      if (suite.isPending) return recordAll(suite, 'skipped');
      const ctx = new Context(suite.timeoutMs ?? timeoutMs);
      try {
        for (const hook of suite.before) await runWithTimeout(hook, ctx);
      } catch (e) {
        if (e instanceof Skip) recordAll(suite, 'skipped');
        else recordAll(suite, 'failed', `"before all" hook: ${describeError(e)}`);
        return;
      }
      for (const test of suite.tests.filter(selected)) await runTest(test, ctx.timeoutMs);
      for (const child of suite.suites) await runSuite(child, ctx.timeoutMs);
      for (const hook of suite.after) {
        try {
          await runWithTimeout(hook, ctx);
        } catch (e) {
          results.push({
            title: `${suite.fullTitle} > "after all" hook`,
            state: 'failed',
            ms: 0,
            error: describeError(e),
          });
        }
      }
    }

    await runSuite(file, DEFAULT_TIMEOUT_MS);
    return results;
  }

  return { load, run };
}
