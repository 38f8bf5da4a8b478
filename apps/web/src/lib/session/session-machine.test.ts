import { describe, expect, it } from 'vitest';
import { guestUser, sessionUser } from '../../testing/builders';
import type { SessionEvent, SessionMachine } from './session-machine';
import {
  RECHECK_INTERVAL_MS,
  sessionInit,
  sessionRecheckDue,
  sessionReduce,
  sessionSettled,
  sessionView,
} from './session-machine';

const member = sessionUser();
const restored = (markerUid: string | null = null): SessionEvent => ({
  type: 'restored',
  markerUid,
  returnTo: null,
  redirectError: null,
});

function run(events: SessionEvent[], start: SessionMachine = sessionInit(0)): SessionMachine {
  return events.reduce(sessionReduce, start);
}

const reasonAfter = (events: SessionEvent[]) => {
  const view = sessionView(run(events));
  return view.status === 'signed-out' ? view.signOutReason : view.status;
};

describe('session machine', () => {
  it('is unknown until Auth reports its first user, even once restored', () => {
    expect(sessionView(sessionInit(0))).toEqual({ status: 'unknown' });
    expect(sessionView(run([restored()]))).toEqual({ status: 'unknown' });
    expect(sessionView(run([restored(), { type: 'user', user: member }]))).toEqual({
      status: 'signed-in',
      user: member,
      returnTo: null,
      redirectError: null,
    });
    expect(sessionView(run([restored(), { type: 'user', user: null }]))).toEqual({
      status: 'signed-out',
      signOutReason: null,
      returnTo: null,
      redirectError: null,
    });
  });

  it('tells guests and members apart by the record', () => {
    const view = sessionView(run([restored(), { type: 'user', user: guestUser() }]));
    expect(view.status === 'signed-in' && view.user.isAnonymous).toBe(true);
  });

  it('reports a session Auth dropped by itself (token expired, disabled) as ended', () => {
    expect(
      reasonAfter([restored(), { type: 'user', user: member }, { type: 'user', user: null }]),
    ).toBe('session-ended');
  });

  it('counts a session dropped while the app was closed, from the stored marker', () => {
    expect(reasonAfter([restored('u1'), { type: 'user', user: null }])).toBe('session-ended');
    expect(reasonAfter([restored(null), { type: 'user', user: null }])).toBe(null);
  });

  it('reports a sign-out started here, or announced by another tab, as on purpose', () => {
    const signedIn: SessionEvent[] = [restored(), { type: 'user', user: member }];
    const here = [...signedIn, { type: 'sign-out-started' }, { type: 'user', user: null }];
    const elsewhere = [...signedIn, { type: 'signed-out-elsewhere' }, { type: 'user', user: null }];
    expect(reasonAfter(here as SessionEvent[])).toBe('user');
    expect(reasonAfter(elsewhere as SessionEvent[])).toBe('user');
  });

  it('forgets the expectation when the sign-out failed, so a later expiry counts as ended', () => {
    expect(
      reasonAfter([
        restored(),
        { type: 'user', user: member },
        { type: 'sign-out-started' },
        { type: 'sign-out-failed' },
        { type: 'user', user: null },
      ]),
    ).toBe('session-ended');
  });

  it('expects one sign-out only: the next session ending by itself is reported as ended', () => {
    const state = run([
      restored(),
      { type: 'user', user: member },
      { type: 'sign-out-started' },
      { type: 'user', user: null },
      { type: 'user', user: member },
      { type: 'user', user: null },
    ]);
    expect(sessionView(state)).toMatchObject({ signOutReason: 'session-ended' });
  });

  it('keeps the reason until the next sign-in, which clears it', () => {
    const ended = run([restored(), { type: 'user', user: member }, { type: 'user', user: null }]);
    // A repeated "nobody" (a second listener call) does not turn an ended session into "none".
    expect(sessionView(sessionReduce(ended, { type: 'user', user: null }))).toMatchObject({
      signOutReason: 'session-ended',
    });
    expect(sessionReduce(ended, { type: 'user', user: member }).signOutReason).toBe(null);
  });

  it('carries a redirect outcome until the UI has seen it', () => {
    const failure = new Error('popup-closed');
    const state = run([
      { type: 'restored', markerUid: null, returnTo: '/s/abc', redirectError: failure },
      { type: 'user', user: null },
    ]);
    expect(sessionView(state)).toMatchObject({ returnTo: '/s/abc', redirectError: failure });
    const seen = sessionReduce(state, { type: 'redirect-outcome-seen' });
    expect(sessionView(seen)).toMatchObject({ returnTo: null, redirectError: null });
  });

  it('holds the view while a multi-step change runs, and nests holds', () => {
    const state = run([
      restored(),
      { type: 'user', user: null },
      { type: 'hold' },
      { type: 'hold' },
    ]);
    expect(sessionSettled(state)).toBe(false);
    const once = sessionReduce(state, { type: 'release' });
    expect(sessionSettled(once)).toBe(false);
    expect(sessionSettled(sessionReduce(once, { type: 'release' }))).toBe(true);
  });

  it('fails when Auth cannot start', () => {
    const error = new Error('config');
    expect(sessionView(run([{ type: 'failed', error }]))).toEqual({ status: 'failed', error });
  });

  it('re-checks a visible signed-in tab at most once a minute', () => {
    const signedIn = run([restored(), { type: 'user', user: member }], sessionInit(1_000));
    expect(sessionRecheckDue(signedIn, 1_000 + RECHECK_INTERVAL_MS - 1, true)).toBe(false);
    expect(sessionRecheckDue(signedIn, 1_000 + RECHECK_INTERVAL_MS, false)).toBe(false);
    expect(sessionRecheckDue(signedIn, 1_000 + RECHECK_INTERVAL_MS, true)).toBe(true);
    const checked = sessionReduce(signedIn, { type: 'recheck-started', at: 70_000 });
    expect(sessionRecheckDue(checked, 70_000 + RECHECK_INTERVAL_MS - 1, true)).toBe(false);
    const signedOut = sessionReduce(signedIn, { type: 'user', user: null });
    expect(sessionRecheckDue(signedOut, 10 * RECHECK_INTERVAL_MS, true)).toBe(false);
  });
});
