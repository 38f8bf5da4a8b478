// The web app under Vite's JavaScript API, in this process: the dev server for `npm start`, or a
// `vite build --mode test` served by `vite preview` for the end-to-end run and the benches.
import type { InlineConfig } from 'vite';
import type { Service } from './auth-emulator.js';
import type { LogFile } from './logs.js';
import { WEB_DIR } from './paths.js';

export type WebOptions = {
  port: number;
  log: LogFile;
  /** The emulators the app talks to. */
  authUrl: string;
  firestoreHost: string;
};
export type WebServer = Service & { url: string };

/**
 * Vite takes VITE_* variables from the environment ahead of the .env files, so this points the
 * app at the stack's emulators. It is this process's environment: one stack per process.
 */
async function viteConfig({
  port,
  log,
  authUrl,
  firestoreHost,
}: WebOptions): Promise<InlineConfig> {
  process.env.VITE_AUTH_EMULATOR_URL = authUrl;
  process.env.VITE_FIRESTORE_EMULATOR_HOST = firestoreHost;
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

/** Builds the app with `--mode test` into `outDir`. */
export async function buildWebForTest(options: WebOptions & { outDir: string }): Promise<void> {
  const { build } = await import('vite');
  const config = await viteConfig(options);
  await build({ ...config, mode: 'test', build: { outDir: options.outDir, emptyOutDir: true } });
}

/** Serves a built app with `vite preview` on 127.0.0.1:port. */
export async function startWebPreview(
  options: WebOptions & { outDir: string },
): Promise<WebServer> {
  const { preview } = await import('vite');
  const config = await viteConfig(options);
  const server = await preview({ ...config, build: { outDir: options.outDir } });
  return { url: `http://127.0.0.1:${options.port}`, close: () => server.close() };
}
