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
  // The reload after Reload is ours rather than the plugin's, which skips it when the worker's
  // first install took this page over (workbox-window then reports the take-over as no update).
  let applying = false;
  let updateWaiting = false;
  const onTakeOver = () => {
    if (applying) window.location.reload();
    // Reload was pressed in another tab. This page's code may need chunks the new worker no
    // longer keeps, but reloading on its own would throw away what is typed here: the prompt
    // stays (or comes back), and its Reload now simply reloads.
    else if (updateWaiting) onUpdateReady(() => window.location.reload());
  };
  navigator.serviceWorker.addEventListener('controllerchange', onTakeOver);
  const update = registerSW({
    // Called once the page has loaded (see index.ts): no need to wait for `load` again.
    immediate: true,
    onNeedRefresh: () => {
      updateWaiting = true;
      onUpdateReady(() => {
        applying = true;
        void update(true);
      });
    },
    onNeedReload: () => undefined,
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
  return () => {
    navigator.serviceWorker.removeEventListener('controllerchange', onTakeOver);
    stopChecks();
  };
}
