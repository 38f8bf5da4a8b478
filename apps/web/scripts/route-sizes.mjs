#!/usr/bin/env node
// Gzip size of the JavaScript each route downloads, from a production build's manifest.
//
//   npm run build -w apps/web && node apps/web/scripts/route-sizes.mjs [--json] [--max-kb=150]
//
// "First route JS" = the entry chunk plus its static imports (what index.html loads and
// modulepreloads). Per route we add the lazily loaded screen chunk(s) and their static imports,
// and list the chunks loaded at start-up by dynamic import (the Auth SDK) separately.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// --dist=DIR measures another build (the bench builds into a temporary folder).
const dist =
  args.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length) ?? join(webRoot, 'dist');
const asJson = args.includes('--json');
const maxKb = Number(args.find((arg) => arg.startsWith('--max-kb='))?.split('=')[1] ?? NaN);

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('No apps/web/dist/.vite/manifest.json: run `npm run build -w apps/web` first.');
  process.exit(1);
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The chunk of `key` and every chunk it imports statically (what loading it costs). */
function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    staticClosure(chunk.imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = staticClosure([entryKey]);
const jsOnly = (files) => [...files].filter((file) => file.endsWith('.js'));
const sum = (files) => jsOnly(files).reduce((total, file) => total + gzipBytes(file), 0);

// Screens and the modules they load lazily when they render; keep in step with app/router.tsx.
const routes = {
  '/welcome': ['src/app/routes/welcome.tsx'],
  '/signin': ['src/app/routes/sign-in.tsx'],
  '/signup': ['src/app/routes/sign-up.tsx'],
  '/reset': ['src/app/routes/reset-password.tsx'],
  '/me': [
    'src/app/routes/me.tsx',
    'src/features/showcases/components/my-showcases.tsx',
    'src/features/connection/connection-indicator.tsx',
  ],
  '/': [
    'src/features/showcases/routes.tsx',
    'src/features/showcases/components/gallery-page.tsx',
    'src/features/connection/connection-indicator.tsx',
    'src/features/connection/firestore-session.tsx',
    ...(process.env.ROUTE_SIZES_HOME ? process.env.ROUTE_SIZES_HOME.split(',') : []),
  ],
  '/s/:id': [
    'src/features/showcases/components/showcase-page.tsx',
    'src/features/connection/connection-indicator.tsx',
    'src/features/connection/firestore-session.tsx',
  ],
  '/new': [
    'src/features/showcases/components/new-showcase-page.tsx',
    'src/features/connection/connection-indicator.tsx',
    'src/features/connection/firestore-session.tsx',
  ],
  '/s/:id/edit': [
    'src/features/showcases/components/edit-showcase-page.tsx',
    'src/features/connection/connection-indicator.tsx',
    'src/features/connection/firestore-session.tsx',
  ],
  '/u/:uid': [
    'src/features/showcases/components/user-page.tsx',
    'src/features/connection/connection-indicator.tsx',
    'src/features/connection/firestore-session.tsx',
  ],
};
// Loaded by dynamic import at start-up (after first paint), on every route.
// The auth module is shared by several chunks, so the manifest lists it as `_auth-<hash>.js`.
const startupKeys = Object.keys(manifest).filter(
  (key) =>
    key === 'src/lib/firebase/auth.ts' || (key.startsWith('_') && manifest[key].name === 'auth'),
);
const startupFiles = staticClosure(startupKeys, new Set(entryFiles));
for (const file of entryFiles) startupFiles.delete(file);

function containsFirestore(files) {
  // The manifest has no module list per chunk, so look for the SDK's own marker in the code
  // (its production host; not "FIRESTORE", which the emulator settings of test builds contain).
  return jsOnly(files).some((file) =>
    /firestore\.googleapis\.com/.test(readFileSync(join(dist, file), 'utf8')),
  );
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const report = {
  entry: { files: jsOnly(entryFiles), gzipKb: kb(sum(entryFiles)) },
  startupDynamic: { files: jsOnly(startupFiles), gzipKb: kb(sum(startupFiles)) },
  routes: {},
};
for (const [route, keys] of Object.entries(routes)) {
  const present = keys.filter((key) => manifest[key]);
  const files = staticClosure(present, new Set(entryFiles));
  const routeOnly = new Set(
    [...files].filter((file) => !entryFiles.has(file) && !startupFiles.has(file)),
  );
  report.routes[route] = {
    firstRouteGzipKb: kb(sum(entryFiles) + sum(routeOnly)),
    withStartupGzipKb: kb(sum(entryFiles) + sum(routeOnly) + sum(startupFiles)),
    routeChunksGzipKb: kb(sum(routeOnly)),
    firestore: containsFirestore(new Set([...entryFiles, ...routeOnly, ...startupFiles])),
  };
}

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(
    `entry chunk + static imports: ${report.entry.gzipKb} KB gzip (${report.entry.files.length} files)`,
  );
  console.log(`auth module (dynamic import at start-up): ${report.startupDynamic.gzipKb} KB gzip`);
  console.log('route            first route  + auth   route chunks  Firestore');
  for (const [route, r] of Object.entries(report.routes)) {
    console.log(
      `${route.padEnd(16)} ${String(r.firstRouteGzipKb).padStart(8)} KB ${String(r.withStartupGzipKb).padStart(6)} KB ${String(r.routeChunksGzipKb).padStart(9)} KB  ${r.firestore ? 'yes' : 'no'}`,
    );
  }
}

if (Number.isFinite(maxKb)) {
  const over = Object.entries(report.routes).filter(
    ([route, r]) => ['/welcome', '/signin'].includes(route) && r.firstRouteGzipKb > maxKb,
  );
  if (report.entry.gzipKb > maxKb || over.length > 0) {
    console.error(`Over budget: first route JS must be ≤ ${maxKb} KB gzip.`);
    process.exit(1);
  }
}
