/**
 * Points the app's SDKs at the screen tests' emulators (their addresses come from the global
 * setup). The setup file imports this before any module of the app.
 */
import { inject } from 'vitest';
import { setEmulatorTargets } from '../lib/firebase/emulators';

const { authUrl, firestoreHost, storageHost } = inject('screenStack');

function hostAndPort(address: string): { host: string; port: number } {
  const [host = '', port = ''] = address.split(':');
  return { host, port: Number(port) };
}

setEmulatorTargets({
  authUrl,
  firestore: hostAndPort(firestoreHost),
  storage: hostAndPort(storageHost),
});
