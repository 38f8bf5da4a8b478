import { useSyncExternalStore } from 'react';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether uploads may run: the browser says it is online and the app's connection state is not
 * offline. Storage's SDK does not queue uploads offline, so the Images section waits on this.
 */
export function useCanUpload(): boolean {
  const browserOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const connection = useConnectionStatus();
  return browserOnline && connection !== 'offline';
}
