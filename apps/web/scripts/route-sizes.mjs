#!/usr/bin/env node
// Gzip size of the JavaScript each route downloads, from a production build's manifest.
//
//   npm run build -w apps/web && node apps/web/scripts/route-sizes.mjs [--json] [--check]
//
// Per route and viewer (visitor or member), three figures:
// - first paint: the entry chunk and the screen's own chunk, each with everything it imports
//   statically, which is what must arrive before the screen's content can render. The budgets
//   (BUDGETS_KB) apply to this figure; `--check` exits non-zero when one is exceeded.
// - + lazy slots: the lazy pieces rendered with the screen into slots kept for them, fetched in
//   parallel while it paints: the app bar's (Search, the connection indicator, the user menu...)
//   for that viewer, and the screen's own (the welcome screen's live preview).
// - + Auth: the Auth SDK, loaded by dynamic import at start-up on every route (for a visitor on
//   the screens drawn before Auth, app/before-auth.ts, once that screen has shown).
// The Firestore SDK counts in none of them unless a screen imports it statically (the last
// column says where it is): the data layer loads it when a screen first asks for the database.
// Code a screen loads on use (the tag filter's suggestions, dialogs, menus, tooltips) counts
// in none of them. Nor does the first-paint script inlined into index.html (src/first-paint/):
// it is part of the HTML, not a chunk, and on `/`, `/s/:id` and `/u/:uid` it draws a first screen of its
// own before any of these files is requested; "first paint" here is the app's first screen.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The most first-paint JavaScript (gzip KB) a route may load; the rows without one are reported. */
export const BUDGETS_KB = { '/welcome': 165, '/': 300 };

const SHELL = ['src/components/search/search-field.tsx', 'src/app/routes/navigation-effects.tsx'];
const LIVE_DATA = ['src/features/connection/connection-indicator.tsx'];
/** Save's toggle, rendered on every card and on a showcase's page into the button's place. */
const SAVE = ['src/components/showcases/save-control.tsx'];
const MEMBER = [
  'src/features/auth/components/user-menu.tsx',
  'src/features/connection/connection-indicator.tsx',
  'src/features/connection/firestore-session.tsx',
  'src/features/activity/components/activity-button.tsx',
];

/** A route as a visitor sees it: the app bar's slots are the shell and the live-data indicator. */
const visitor = (route, screen, lazySlots = [...SHELL, ...LIVE_DATA]) => ({
  route,
  viewer: 'visitor',
  screen,
  lazySlots,
});
/** A route as a member sees it: the app bar's slots are the shell and the member's own. */
const member = (route, screen, lazySlots = [...SHELL, ...MEMBER]) => ({
  route,
  viewer: 'member',
  screen,
  lazySlots,
});

/**
 * Each route's screen module and the lazy modules rendered with it (app/router.tsx,
 * app/routes/showcase-routes.tsx, app/routes/root-layout.tsx, the screen); keep in step with them. A key
 * missing from the manifest is an error, so a renamed file cannot drop out silently.
 */
export const ROUTES = [
  visitor('/welcome', 'src/features/auth/components/welcome-page.tsx', [
    ...SHELL,
    ...LIVE_DATA,
    'src/features/gallery/components/welcome-preview.tsx',
  ]),
  visitor('/signin', 'src/features/auth/components/sign-in-page.tsx', SHELL),
  visitor('/signup', 'src/features/auth/components/sign-up-page.tsx', SHELL),
  visitor('/reset', 'src/features/auth/components/reset-password-page.tsx', SHELL),
  visitor('/', 'src/features/gallery/components/gallery-page.tsx', [
    ...SHELL,
    ...LIVE_DATA,
    ...SAVE,
  ]),
  member('/', 'src/features/gallery/components/gallery-page.tsx', [...SHELL, ...MEMBER, ...SAVE]),
  visitor('/s/:id', 'src/features/showcase-page/components/showcase-page.tsx', [
    ...SHELL,
    ...LIVE_DATA,
    ...SAVE,
  ]),
  visitor('/u/:uid', 'src/features/gallery/components/user-page.tsx', [
    ...SHELL,
    ...LIVE_DATA,
    ...SAVE,
  ]),
  member('/new', 'src/features/editor/components/new-showcase-page.tsx'),
  member('/s/:id/edit', 'src/features/editor/components/edit-showcase-page.tsx'),
  member('/me/showcases', 'src/features/my-showcases/components/my-showcases-page.tsx'),
  member('/me', 'src/features/profile/components/me-page.tsx'),
];

/** The module the data layer loads the Firestore SDK through (src/lib/firebase/sdk.ts). */
const FIRESTORE_SDK_MODULE = 'src/lib/firebase/firestore-functions.ts';

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The figures for every route of `routes`, from a Vite `manifest` and `sizeOf(file)` (gzip
 * bytes). `hasFirestore(files)` says whether those files hold the Firestore SDK.
 */
export function measureRoutes({ manifest, sizeOf, hasFirestore = () => false, routes = ROUTES }) {
  const chunkOf = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build's manifest: update ROUTES in route-sizes.mjs.`);
    return chunk;
  };
  /** The files of `keys` and of everything they import statically, less those in `loaded`. */
  const closure = (keys, loaded = new Set()) => {
    const files = new Set();
    const visit = (key) => {
      const chunk = chunkOf(key);
      if (loaded.has(chunk.file) || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return files;
  };
  const jsSize = (files) =>
    [...files]
      .filter((file) => file.endsWith('.js'))
      .reduce((total, file) => total + sizeOf(file), 0);

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');
  const entry = closure([entryKey]);
  // The Auth module is shared by several chunks, so the manifest may list it as `_auth-<hash>.js`.
  const authKeys = Object.keys(manifest).filter(
    (key) =>
      key === 'src/lib/firebase/auth.ts' || (key.startsWith('_') && manifest[key].name === 'auth'),
  );
  const auth = closure(authKeys, entry);
  const authBytes = jsSize(auth);
  // The Firestore SDK, imported when a screen first asks for the database (src/lib/firebase/sdk.ts).
  const firestoreSdk = manifest[FIRESTORE_SDK_MODULE]
    ? closure([FIRESTORE_SDK_MODULE], new Set([...entry, ...auth]))
    : new Set();

  const rows = routes.map(({ route, viewer, screen, lazySlots }) => {
    const screenFiles = closure([screen], new Set([...entry, ...auth]));
    const firstPaint = new Set([...entry, ...screenFiles]);
    const lazySlotFiles = closure(lazySlots, new Set([...firstPaint, ...auth]));
    const budgetKb = BUDGETS_KB[route] ?? null;
    const firstPaintBytes = jsSize(firstPaint);
    const withLazySlotsBytes = firstPaintBytes + jsSize(lazySlotFiles);
    const firstPaintKb = kb(firstPaintBytes);
    return {
      route,
      viewer,
      firstPaintKb,
      withLazySlotsKb: kb(withLazySlotsBytes),
      withAuthKb: kb(withLazySlotsBytes + authBytes),
      screenChunksKb: kb(jsSize(screenFiles)),
      firestore: hasFirestore([...firstPaint])
        ? 'first paint'
        : hasFirestore([...lazySlotFiles])
          ? 'lazy slots'
          : 'on demand',
      budgetKb,
      overBudget: budgetKb !== null && firstPaintKb > budgetKb,
      firstPaintFiles: [...firstPaint],
      lazySlotFiles: [...lazySlotFiles],
    };
  });
  return {
    entry: { files: [...entry], gzipKb: kb(jsSize(entry)) },
    auth: { files: [...auth], gzipKb: kb(authBytes) },
    firestore: { files: [...firestoreSdk], gzipKb: kb(jsSize(firestoreSdk)) },
    routes: rows,
  };
}

/** The table `npm run bench` and this script print. */
export function formatReport(report) {
  const lines = [
    `entry chunk + static imports: ${report.entry.gzipKb} KB gzip (${report.entry.files.length} files)`,
    `Auth module (dynamic import at start-up): ${report.auth.gzipKb} KB gzip`,
    `Firestore SDK (dynamic import when a screen first asks for the database): ${report.firestore.gzipKb} KB gzip`,
    'route          viewer   first paint   budget   + lazy slots  + Auth  Firestore',
  ];
  for (const row of report.routes) {
    const budget = row.budgetKb === null ? '' : `≤ ${row.budgetKb}${row.overBudget ? ' OVER' : ''}`;
    lines.push(
      `${row.route.padEnd(14)} ${row.viewer.padEnd(8)} ${String(row.firstPaintKb).padStart(8)} KB  ${budget.padEnd(8)} ${String(row.withLazySlotsKb).padStart(7)} KB ${String(row.withAuthKb).padStart(6)} KB  ${row.firestore}`,
    );
  }
  return lines.join('\n');
}

/** The figures for the production build in `dist`; throws when it has no manifest. */
export function measureBuild(dist) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    throw new Error(
      `No ${join(dist, '.vite/manifest.json')}: run \`npm run build -w apps/web\` first.`,
    );
  }
  /** `read(file)` once per file, however many routes load it. */
  const perFile = (read) => {
    const known = new Map();
    return (file) => {
      if (!known.has(file)) known.set(file, read(join(dist, file)));
      return known.get(file);
    };
  };
  const sizeOf = perFile((file) => gzipSync(readFileSync(file), { level: 9 }).length);
  // The manifest has no module list per chunk, so look for the SDK's own marker in the code (the
  // service its requests name; not its host, which the app's preconnect names too, nor
  // "FIRESTORE", which the emulator settings of test builds contain).
  const holdsFirestore = perFile((file) =>
    readFileSync(file, 'utf8').includes('google.firestore.v1.Firestore'),
  );
  const hasFirestore = (files) =>
    files.some((file) => file.endsWith('.js') && holdsFirestore(file));
  return measureRoutes({ manifest, sizeOf, hasFirestore });
}

function main(args) {
  const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
  // --dist=DIR measures another build.
  const dist =
    args.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length) ?? join(webRoot, 'dist');
  let report;
  try {
    report = measureBuild(dist);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  console.log(args.includes('--json') ? JSON.stringify(report, null, 2) : formatReport(report));
  const over = report.routes.filter((row) => row.overBudget);
  if (args.includes('--check') && over.length > 0) {
    for (const row of over) {
      console.error(
        `Over budget: ${row.route} (${row.viewer}) loads ${row.firstPaintKb} KB gzip before first paint, budget ${row.budgetKb} KB.`,
      );
    }
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
