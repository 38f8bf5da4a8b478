// The web app under Vite's JavaScript API, in this process: the dev server (`npm run dev`), or the
// app built with `--mode test` (a production build that talks to the emulators) and served with
// its service worker by `vite preview` (`npm start`, the end-to-end run and the benches), rebuilt
// on source changes when asked.
import fs from 'node:fs';
import path from 'node:path';
import type { InlineConfig } from 'vite';
import type { Service } from './auth-emulator.js';
import type { LogFile } from './logs.js';
import { REPO_ROOT, WEB_DIR } from './paths.js';
import { previewRewrites } from './previews.js';
import { coalescing, createBuildFolders } from './web-builds.js';

export type WebOptions = {
  port: number;
  log: LogFile;
  /** The emulators the app talks to. */
  authUrl: string;
  firestoreHost: string;
  storageHost: string;
};
export type WebServer = Service & { url: string };

/** What a rebuild did: published a new version, found nothing changed, or failed. */
export type RebuildOutcome =
  { kind: 'published' | 'unchanged'; ms: number } | { kind: 'failed'; ms: number; error: Error };

export type BuiltWebOptions = Omit<WebOptions, 'port'> & {
  /**
   * The port to serve on, or how to pick one: a function is called only once the first build is
   * done (it takes half a minute), so a free port it finds is not taken by something else while
   * the app builds.
   */
  port: number | (() => Promise<number>);
  /** The builds live under `<workDir>/web`. */
  workDir: string;
  /** Rebuild when the app's sources change, and report every rebuild here. */
  onRebuild?: (outcome: RebuildOutcome) => void;
  /**
   * Serve firebase.json's rewrites of `/s/*` and `/u/*` with the link-preview function's handler
   * (default); false serves index.html there, as Hosting did before the function (the benches'
   * "before").
   */
  previews?: boolean;
};
export type BuiltWebServer = WebServer & {
  /** Builds again now and, when the output differs, serves the new build. */
  rebuild: () => Promise<RebuildOutcome>;
};

/**
 * Vite takes VITE_* variables from the environment ahead of the .env files, so this points the
 * app at the stack's emulators. It is this process's environment: one stack per process.
 */
async function viteConfig({
  port,
  log,
  authUrl,
  firestoreHost,
  storageHost,
}: WebOptions): Promise<InlineConfig> {
  process.env.VITE_AUTH_EMULATOR_URL = authUrl;
  process.env.VITE_FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.VITE_STORAGE_EMULATOR_HOST = storageHost;
  const { createLogger } = await import('vite');
  const server = { host: '127.0.0.1', port, strictPort: true };
  return {
    root: WEB_DIR,
    clearScreen: false,
    customLogger: createLogger('info', { allowClearScreen: false, console: log.console }),
    server,
    preview: server,
  };
}

/** The Vite dev server on 127.0.0.1:port (strict: fails rather than moving to another port). */
export async function startWebDev(options: WebOptions): Promise<WebServer> {
  const { createServer } = await import('vite');
  const server = await createServer(await viteConfig(options));
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.port}`, close: () => server.close() };
}

/**
 * Builds the app and serves it on 127.0.0.1:port with `vite preview`; with `onRebuild`, builds it
 * again whenever its sources change. Every build goes into a fresh folder and is switched in
 * whole once complete (web-builds.ts), so the server never answers from a half-written build.
 */
export async function startBuiltWeb(options: BuiltWebOptions): Promise<BuiltWebServer> {
  const { build, preview } = await import('vite');
  const { port: portOption, ...rest } = options;
  const configFor = (port: number) => viteConfig({ ...rest, port });
  // A build does not serve: its config's port is never used.
  const config = await configFor(typeof portOption === 'number' ? portOption : 0);
  const folders = createBuildFolders(path.join(options.workDir, 'web'));

  const buildOnce = async (): Promise<boolean> => {
    const outDir = folders.next();
    try {
      // Warnings and errors only: Vite and the PWA plugin print their build reports to the
      // terminal, past the log file.
      await build({
        ...config,
        mode: 'test',
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      });
    } catch (error) {
      folders.discard(outDir);
      throw error;
    }
    return folders.publish(outDir);
  };
  const rebuild = coalescing(async (): Promise<RebuildOutcome> => {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      return { kind: (await buildOnce()) ? 'published' : 'unchanged', ms: ms() };
    } catch (error) {
      const reason = error instanceof Error ? error : new Error(String(error));
      return { kind: 'failed', ms: ms(), error: reason };
    }
  });

  await buildOnce();
  const port = typeof portOption === 'number' ? portOption : await portOption();
  // firebase.json's rewrites of /s/* and /u/* to the link-preview function, in this process.
  const rewrites = previewRewrites({
    servedDir: folders.served,
    firestoreHost: options.firestoreHost,
    log: (message) => options.log.console.log(message),
  });
  const server = await preview({
    ...(await configFor(port)),
    plugins: options.previews === false ? [] : [rewrites],
    build: { outDir: folders.served },
  });
  // close() waits for a build under way, so nothing writes into the folders after it.
  let latest: Promise<RebuildOutcome> | undefined;
  const tracked = () => (latest = rebuild());
  const { onRebuild } = options;
  const watcher = onRebuild ? watchWebSources(() => void tracked().then(onRebuild)) : null;
  return {
    url: `http://127.0.0.1:${port}`,
    rebuild: tracked,
    close: async () => {
      watcher?.close();
      await latest;
      await server.close();
    },
  };
}

/** Unit tests are not part of the app: saving one rebuilds nothing. */
const NOT_APP_SOURCE = /\.test\.tsx?$/;
/** The files of apps/web itself (not its folders) that go into a build. */
const isWebBuildFile = (name: string) =>
  name === 'index.html' || name === 'vite.config.ts' || name.startsWith('.env');
const DEBOUNCE_MS = 200;

/**
 * Calls `onChange` once the app's sources have stopped changing for a moment: apps/web's `src/`
 * and `public/`, its index.html, Vite config (and its `vite-plugins/`) and .env files, and the
 * schema package it bundles from source.
 */
function watchWebSources(onChange: () => void): { close: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const changed = (name: string) => {
    if (NOT_APP_SOURCE.test(name)) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, DEBOUNCE_MS);
  };
  const watchers = new Map<string, fs.FSWatcher>();
  // One watcher per directory, never per file: a directory reports changes to its files however
  // an editor saves them (many write a new file and rename it over the old one, which ends a
  // watch on the file itself, and Node's recursive mode on Linux watches files that way).
  const watchDirectory = (dir: string, accept: (name: string) => boolean, tree: boolean) => {
    if (watchers.has(dir)) return;
    const watcher = fs.watch(dir, (_event, name) => {
      if (name === null || !accept(name)) return;
      const file = path.join(dir, name);
      if (tree && fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) watchTree(file);
      changed(file);
    });
    watcher.on('error', () => watcher.close());
    watchers.set(dir, watcher);
  };
  const watchTree = (dir: string) => {
    watchDirectory(dir, () => true, true);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) watchTree(path.join(dir, entry.name));
  };
  watchTree(path.join(WEB_DIR, 'src'));
  watchTree(path.join(WEB_DIR, 'public'));
  watchTree(path.join(WEB_DIR, 'vite-plugins'));
  watchTree(path.join(REPO_ROOT, 'packages/schema/src'));
  watchDirectory(WEB_DIR, isWebBuildFile, false);
  return {
    close: () => {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
    },
  };
}
