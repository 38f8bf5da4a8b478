/** The browser behind the session runner's ports: Web Storage, BroadcastChannel, focus, clock. */
import type { Clock, KeyValueStorage, SignOutChannel, TabReturn } from './session-runner';

const SIGN_OUT_CHANNEL = 'showcase:auth';
const SIGN_OUT_MESSAGE = 'signing-out';

// Storage can be blocked (privacy modes); what the session keeps there is a nicety, never a
// requirement: without it the app only cannot tell a reload after expiry apart.
export function webStorage(storage: () => Storage): KeyValueStorage {
  return {
    get(key) {
      try {
        return storage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        if (value === null) storage().removeItem(key);
        else storage().setItem(key, value);
      } catch {
        // See above: nothing depends on it.
      }
    },
  };
}

export function broadcastSignOutChannel(): SignOutChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(SIGN_OUT_CHANNEL);
  return {
    post: () => channel.postMessage(SIGN_OUT_MESSAGE),
    listen(onSignOutElsewhere) {
      const onMessage = (event: MessageEvent) => {
        if (event.data === SIGN_OUT_MESSAGE) onSignOutElsewhere();
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

export function windowTabReturn(): TabReturn {
  return {
    visible: () => document.visibilityState === 'visible',
    listen(onReturn) {
      document.addEventListener('visibilitychange', onReturn);
      window.addEventListener('focus', onReturn);
      return () => {
        document.removeEventListener('visibilitychange', onReturn);
        window.removeEventListener('focus', onReturn);
      };
    },
  };
}

export const systemClock: Clock = { now: () => Date.now() };

/** Every port of the session runner but Auth, from the real browser. */
export function browserSessionPorts() {
  return {
    local: webStorage(() => window.localStorage),
    session: webStorage(() => window.sessionStorage),
    channel: broadcastSignOutChannel(),
    tabReturn: windowTabReturn(),
    clock: systemClock,
  };
}
