import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../testing/builders';
import { FakeAuth, quietPorts } from '../../testing/fake-auth';
import { runSession } from './session-runner';
import { createSessionStore } from './session-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const runtimeOver = (auth: FakeAuth) => runSession({ auth, ...quietPorts() });

describe('session store', () => {
  it('is unknown until the runner has loaded, then follows it', async () => {
    const auth = new FakeAuth(sessionUser());
    const store = createSessionStore(async () => runtimeOver(auth));
    let notified = 0;
    store.subscribe(() => (notified += 1));
    expect(store.getState()).toEqual({ status: 'unknown' });
    expect(() => store.runtime()).toThrow(/before Auth has started/);

    store.start();
    store.start();
    await settle();
    expect(store.getState()).toMatchObject({ status: 'signed-in', user: { uid: 'u1' } });
    const before = notified;
    auth.change(null);
    expect(store.getState()).toMatchObject({ status: 'signed-out' });
    expect(notified).toBe(before + 1);
    await store.runtime().signInAsGuest();
    expect(store.getState()).toMatchObject({ status: 'signed-in', user: { isAnonymous: true } });
  });

  it('hands the runner to whoever asked before it loaded', async () => {
    const store = createSessionStore(async () => runtimeOver(new FakeAuth()));
    const asked = store.whenStarted();
    store.start();
    const runtime = await asked;
    expect(runtime).toBe(store.runtime());
    await runtime.signInAsGuest();
    expect(store.getState()).toMatchObject({ status: 'signed-in', user: { isAnonymous: true } });
  });

  it('loads the runner once, however often it is started', async () => {
    let loads = 0;
    const store = createSessionStore(async () => {
      loads += 1;
      return runtimeOver(new FakeAuth());
    });
    store.start();
    store.start();
    await settle();
    expect(loads).toBe(1);
  });

  it('fails when the runner cannot load, and says so', async () => {
    const problem = Object.assign(new Error('offline'), { code: 'app/chunk-load-failed' });
    const store = createSessionStore(() => Promise.reject(problem));
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.start();
    await settle();
    expect(store.getState()).toEqual({ status: 'failed', error: problem });
    expect(notified).toBe(1);
    expect(store.getState()).toBe(store.getState());
  });
});
