import { registerSW } from 'virtual:pwa-register';
import { checkForUpdates } from './update-checks';

/**
 * Registers the service worker (vite-plugin-pwa's `registerSW`, over workbox-window) and checks
 * for new versions. When one has installed and waits, `onUpdateReady` gets the function that
 * applies it: the waiting worker takes over, and the page reloads once it is in control.
 */
export function registerServiceWorker(
  onUpdateReady: (applyUpdate: () => void) => void,
): () => void {
  let stopChecks = () => {};
  const update = registerSW({
    // Called once the page has loaded (see index.ts): no need to wait for `load` again.
    immediate: true,
    onNeedRefresh: () => onUpdateReady(() => void update(true)),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      stopChecks = checkForUpdates(registration, {
        addEventListener: (type, listener) =>
          (type === 'focus' ? window : document).addEventListener(type, listener),
        removeEventListener: (type, listener) =>
          (type === 'focus' ? window : document).removeEventListener(type, listener),
        setInterval: (handler, ms) => window.setInterval(handler, ms),
        clearInterval: (handle) => window.clearInterval(handle as number),
        isVisible: () => document.visibilityState === 'visible',
        isOnline: () => navigator.onLine,
      });
    },
  });
  return () => stopChecks();
}
