/**
 * Points the app's SDKs at the screen tests' emulators (their addresses come from the global
 * setup). The setup file imports this before any module of the app.
 */
import { inject } from 'vitest';
import { setEmulatorTargets } from '../lib/firebase/emulators';

const { authUrl, firestoreHost } = inject('screenStack');
const [host = '', port = ''] = firestoreHost.split(':');
setEmulatorTargets({ authUrl, firestore: { host, port: Number(port) } });
