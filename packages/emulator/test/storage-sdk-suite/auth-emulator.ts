// firebase-tools' own Auth emulator (its Express app, the code `firebase emulators:start` runs),
// started in this process on a free loopback port: the Storage suite signs in anonymously before
// every test. In-process rather than through the CLI, which would add a child process, the
// emulator hub and several seconds of start-up.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

type AuthApp = { listen(port: number, host: string, ready: () => void): Server };
type AuthServerModule = { createApp(defaultProjectId: string): Promise<AuthApp> };

export type AuthEmulator = {
  /** `127.0.0.1:PORT`, as `__FIREBASE_DEFAULTS__.emulatorHosts.auth` wants it. */
  readonly host: string;
  close(): Promise<void>;
};

export async function startAuthEmulator(projectId: string): Promise<AuthEmulator> {
  const require = createRequire(import.meta.url);
  const { createApp } = require('firebase-tools/lib/emulator/auth/server.js') as AuthServerModule;
  const app = await createApp(projectId);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening: Server = app.listen(0, '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
