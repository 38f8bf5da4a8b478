// The local stack in one process: our Firestore and Storage emulators (one `createServer()`, two
// ports), the Auth emulator's proxy and Vite run here; only firebase-tools' Auth emulator is a child process. `npm start`,
// `npm run dev`, the e2e global setup and the benches all start it through `startStack()`.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { EmulatorServer } from '@showcase/emulator';
import type { Service } from './auth-emulator.js';
import { killGroup, startAuthEmulator } from './auth-emulator.js';
import { EmulatorClient } from './emulator-client.js';
import type { LogFile } from './logs.js';
import { openLog, tail } from './logs.js';
import { PROJECT_ID } from './paths.js';
import { findFreePorts } from './ports.js';
import type { RebuildOutcome } from './web.js';
import { startBuiltWeb, startWebDev } from './web.js';

export type StackPorts = {
  web: number;
  auth: number;
  firestore: number;
  storage: number;
  hub: number;
  logging: number;
};

export type StackOptions = {
  ports: StackPorts;
  /** One log file per service lands here. */
  logDir: string;
  /** The Auth emulator's config and temp files, and the builds of the app. */
  workDir: string;
  /**
   * `build`: the app built with `--mode test` (a production build that talks to the emulators)
   * and served with its service worker by `vite preview`. `dev`: the Vite dev server (hot
   * reload, no service worker).
   */
  web: 'build' | 'dev';
  /** With `web: 'build'`: rebuild when the app's sources change, and report every rebuild here. */
  onRebuild?: (outcome: RebuildOutcome) => void;
  rulesFile?: string;
  /** `storage.rules`, enforced by the Storage emulator when the file exists. */
  storageRulesFile?: string;
  /** The Auth emulator stopped by itself; the message quotes the end of its log. */
  onUnexpectedExit?: (message: string) => void;
  /** With `web: 'build'`: false turns the link-preview rewrites off (see `startBuiltWeb`). */
  previews?: boolean;
};

export type StackAddresses = {
  appUrl: string;
  authUrl: string;
  firestoreUrl: string;
  /** `host:port`, as the Firestore SDK's emulator setting wants it. */
  firestoreHost: string;
  storageUrl: string;
  /** `host:port` of the Storage emulator. */
  storageHost: string;
  projectId: string;
};
export type ReadyStack = StackAddresses & { client: EmulatorClient; firestore: EmulatorServer };

export type Stack = {
  /** Resolves once every service answers; on failure everything started is closed again. */
  ready: Promise<ReadyStack>;
  /** Stops every service (also one still starting) and resolves when all are gone. */
  close: () => Promise<void>;
  /** Kills the child process at once (a second Ctrl-C); the rest ends with this process. */
  kill: () => void;
};

/** Six free ports, for a stack beside `npm start` and other runs. */
export async function freeStackPorts(): Promise<StackPorts> {
  const [web, auth, firestore, storage, hub, logging] = (await findFreePorts(6)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { web, auth, firestore, storage, hub, logging };
}

type LogSink = Pick<Console, 'log' | 'warn' | 'error'>;
const SILENT: LogSink = { log() {}, warn() {}, error() {} };

/**
 * The emulator server takes one logger; its messages about Storage start with "storage" or name
 * "Storage" (a file path that merely contains the word does not count).
 */
const STORAGE_MESSAGE = /^storage\b|\bStorage\b/;

/**
 * Our Firestore emulator in this process, for project `demo-showcase`: on `port` (0: a free
 * one), with `rulesFile` in force when it exists, logging to `log` (default: nowhere). With
 * `storagePort` the same server also runs the Storage emulator on that port (0: a free one),
 * with `storageRulesFile` in force when it exists, its messages going to `storageLog` (default:
 * `log`). The stack starts it this way, and so can a test that needs only the emulators.
 */
export async function startFirestoreEmulator({
  port = 0,
  rulesFile,
  log = SILENT,
  storagePort,
  storageRulesFile,
  storageLog = log,
}: {
  port?: number;
  rulesFile?: string;
  log?: LogSink;
  storagePort?: number;
  storageRulesFile?: string;
  storageLog?: LogSink;
} = {}): Promise<EmulatorServer> {
  const { createServer } = await import('@showcase/emulator');
  const to = (message: string) => (STORAGE_MESSAGE.test(message) ? storageLog : log);
  return createServer({
    port,
    projectId: PROJECT_ID,
    ...(rulesFile && fs.existsSync(rulesFile) ? { rulesPath: rulesFile } : {}),
    ...(storagePort === undefined ? {} : { storagePort }),
    ...(storagePort !== undefined && storageRulesFile && fs.existsSync(storageRulesFile)
      ? { storageRulesPath: storageRulesFile }
      : {}),
    log: {
      info: (message) => to(message).log(message),
      warn: (message) => to(message).warn(message),
      error: (message) => to(message).error(message),
    },
  });
}

function startEmulators(
  ports: StackPorts,
  logs: { firestore: LogFile; storage: LogFile },
  options: StackOptions,
) {
  return startFirestoreEmulator({
    port: ports.firestore,
    log: logs.firestore.console,
    storagePort: ports.storage,
    storageLog: logs.storage.console,
    ...(options.rulesFile ? { rulesFile: options.rulesFile } : {}),
    ...(options.storageRulesFile ? { storageRulesFile: options.storageRulesFile } : {}),
  });
}

export function startStack(options: StackOptions): Stack {
  const { ports, logDir, workDir } = options;
  const logs = {
    auth: path.join(logDir, 'auth-emulator.log'),
    firestore: openLog(logDir, 'firestore-emulator'),
    storage: openLog(logDir, 'storage-emulator'),
    web: openLog(logDir, 'web'),
  };
  const addresses: StackAddresses = {
    appUrl: `http://127.0.0.1:${ports.web}`,
    authUrl: `http://127.0.0.1:${ports.auth}`,
    firestoreUrl: `http://127.0.0.1:${ports.firestore}`,
    firestoreHost: `127.0.0.1:${ports.firestore}`,
    storageUrl: `http://127.0.0.1:${ports.storage}`,
    storageHost: `127.0.0.1:${ports.storage}`,
    projectId: PROJECT_ID,
  };
  const web = { port: ports.web, log: logs.web, ...addresses };
  const starting: Promise<Service>[] = [];
  const track = <T extends Service>(service: Promise<T>) => (starting.push(service), service);
  let authChild: ChildProcess | undefined;
  let closing: Promise<void> | undefined;
  const aborter = new AbortController();

  const close = () =>
    (closing ??= (async () => {
      // Stops the Auth emulator even while it is starting; the rest is closed once it has started.
      aborter.abort();
      const settled = await Promise.allSettled(starting);
      await Promise.all(settled.map((s) => (s.status === 'fulfilled' ? s.value.close() : null)));
      await Promise.all([logs.firestore.close(), logs.storage.close(), logs.web.close()]);
    })());

  const start = async (): Promise<ReadyStack> => {
    fs.mkdirSync(workDir, { recursive: true });
    const auth = { port: ports.auth, hubPort: ports.hub, loggingPort: ports.logging };
    const [, firestore] = await Promise.all([
      track(
        startAuthEmulator(
          {
            ...auth,
            workDir,
            logFile: logs.auth,
            onUnexpectedExit: options.onUnexpectedExit,
            signal: aborter.signal,
          },
          (child) => (authChild = child),
        ),
      ),
      track(startEmulators(ports, logs, options)),
      track(
        options.web === 'dev'
          ? startWebDev(web)
          : startBuiltWeb({
              ...web,
              workDir,
              ...(options.onRebuild ? { onRebuild: options.onRebuild } : {}),
              ...(options.previews === undefined ? {} : { previews: options.previews }),
            }),
      ),
    ]);
    return { ...addresses, firestore, client: new EmulatorClient(addresses) };
  };

  const ready = start().catch(async (error: unknown) => {
    await close();
    const tails = [logs.auth, logs.firestore.file, logs.storage.file, logs.web.file]
      .map((file) => [file, tail(file, 10)])
      .filter(([, text]) => text)
      .map(([file, text]) => `--- ${path.relative(process.cwd(), file!)} ---\n${text}`);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error([reason, ...tails].join('\n'), { cause: error });
  });
  return { ready, close, kill: () => killGroup(authChild) };
}
