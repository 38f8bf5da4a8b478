// A bench page in headless Chromium: bundled by Vite from a folder, served from a loopback port.
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Bundles the page in `sourceDir` (its index.html) into `outDir`, minified. */
export async function buildPage(sourceDir, outDir) {
  const { build } = await import('vite');
  await build({
    root: sourceDir,
    logLevel: 'warn',
    configFile: false,
    build: { outDir, emptyOutDir: true, minify: true },
  });
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves `dir` on a free loopback port; resolves with its URL and a close function. */
export function serveDirectory(dir) {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(dir, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }),
    );
  });
}
