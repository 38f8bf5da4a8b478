/**
 * The one session store the UI subscribes to (`useSession()`; the data layer too). Its state is
 * the session runner's, which arrives with the Auth SDK in a chunk loaded at start-up, so the
 * entry chunk stays small and paints the progress indicator meanwhile. Until the runner is there
 * the session is `unknown`; if its chunk cannot load, `failed`.
 */
import type { SessionState } from './session-machine';
import type { SessionActions, SessionRuntime } from './session-runner';
import { nextTaskTurn } from '../../utils/in-separate-tasks';

export type SessionStore = {
  /** Loads and starts the runner; safe to call more than once. */
  start(): void;
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** The running session. Screens render only once Auth has answered, so it is there for them. */
  runtime(): SessionRuntime;
  /**
   * The running session once its chunk has arrived: for the one screen drawn before Auth has
   * answered (a visitor's /welcome), whose buttons may be pressed before then.
   */
  whenStarted(): Promise<SessionRuntime>;
};

const unknown: SessionState = { status: 'unknown' };

export function createSessionStore(load: () => Promise<SessionRuntime>): SessionStore {
  let runtime: SessionRuntime | null = null;
  let failure: SessionState | null = null;
  let loading: Promise<void> | null = null;
  let started: ((loaded: SessionRuntime) => void) | null = null;
  const running = new Promise<SessionRuntime>((resolve) => {
    started = resolve;
  });
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    start() {
      loading ??= load().then(
        (loaded) => {
          runtime = loaded;
          loaded.subscribe(notify);
          started?.(loaded);
          notify();
        },
        (error: unknown) => {
          failure = { status: 'failed', error };
          notify();
        },
      );
    },
    getState: () => runtime?.getState() ?? failure ?? unknown,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    runtime() {
      if (!runtime) throw new Error('The session is used before Auth has started.');
      return runtime;
    },
    whenStarted: () => running,
  };
}

const appSession = createSessionStore(() =>
  import('../firebase/auth').then(
    // Evaluating the Auth chunk is a long task on a slow phone already; starting Auth (its
    // storage checks, the session restore) waits for the next one.
    async (module) => {
      await nextTaskTurn();
      return module.createAppSession();
    },
    (error: unknown) => {
      throw Object.assign(new Error('Could not load the sign-in module.', { cause: error }), {
        code: 'app/chunk-load-failed',
      });
    },
  ),
);

export const startSession = appSession.start;
export const getSessionState = appSession.getState;
export const subscribeSession = appSession.subscribe;
/**
 * What screens can do with the session (sign in, upgrade a guest, sign out, …). Screens render
 * only once Auth has answered, so the session is running whenever they call.
 */
export const sessionActions: () => SessionActions = appSession.runtime;
/** What the session can do, once Auth's chunk has arrived (see `whenStarted`). */
export const whenSessionStarted: () => Promise<SessionActions> = appSession.whenStarted;
