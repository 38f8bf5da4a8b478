import { useSyncExternalStore } from 'react';
import type { ConnectionStatus } from './connection-machine';
import { connectionStore } from './connection-store';

/**
 * The live connection status (its rules: connection-machine.ts). Has no SDK import: safe in the
 * app bar chunk.
 */
export function useConnectionStatus(): ConnectionStatus {
  const store = connectionStore();
  return useSyncExternalStore(store.subscribe, store.getStatus, store.getStatus);
}
