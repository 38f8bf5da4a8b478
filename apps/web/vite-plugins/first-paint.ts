import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown, ViteDevServer } from 'vite';
import { build, createServer, defaultServerConditions } from 'vite';
import type { FirstPaintApp } from '../src/first-paint/app-data.ts';
import { FIRST_PAINT_APP_ID } from '../src/first-paint/app-data.ts';
import type { RestTarget } from '../src/first-paint/rest.ts';
import { paths } from '../src/config/paths.ts';
import { cspHashProblem, cspScriptHash } from './csp.ts';

const BOOT_ENTRY = fileURLToPath(new URL('../src/first-paint/boot.ts', import.meta.url));
const APP_ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIREBASE_JSON = fileURLToPath(new URL('../../../firebase.json', import.meta.url));
const TEMPLATES_MODULE = '/src/app/first-paint-templates.tsx';
const REST_TARGET_MODULE = '/src/first-paint/target.ts';

/**
 * The screens a first visit opens, by route pattern, with the modules their first frame needs
 * (app/router.tsx, app/routes/showcase-routes.tsx; keep in step with them): the screen's own,
 * and on the data screens the lazy parts of that frame (the app bar's search and connection
 * indicator, Save, the navigation effects), which would otherwise be asked for only once it
 * renders, a trip later. Auth's and the Firestore SDK's files are listed apart (`signedIn`): the
 * first paint adds them only where someone was signed in, since a visitor's screens draw before
 * Auth has answered (app/before-auth.ts) and the data screens before the SDK has loaded.
 */
const AUTH_MODULE = 'src/lib/firebase/auth.ts';
const FIRESTORE_SDK_MODULE = 'src/lib/firebase/firestore-functions.ts';
/** A visitor's lazy slots of the data screens in scripts/route-sizes.mjs; keep in step. */
const FIRST_FRAME_SLOTS = [
  'src/components/search/search-field.tsx',
  'src/features/connection/connection-indicator.tsx',
  'src/components/showcases/save-control.tsx',
  'src/app/routes/navigation-effects.tsx',
];
const SCREEN_MODULES: Record<string, string[]> = {
  [paths.welcome]: ['src/features/auth/components/welcome-page.tsx'],
  [paths.home]: ['src/features/gallery/components/gallery-page.tsx', ...FIRST_FRAME_SLOTS],
  [paths.showcase]: [
    'src/features/showcase-page/components/showcase-page.tsx',
    ...FIRST_FRAME_SLOTS,
  ],
  [paths.userProfile]: ['src/features/gallery/components/user-page.tsx', ...FIRST_FRAME_SLOTS],
};

/** The built HTML's entry script and modulepreload tags (Vite writes them in this form). */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/gu;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/gu;

/**
 * The first paint (src/first-paint/): bundles its script on its own (no React, no SDK) and
 * inlines it at the end of the built index.html's head, in place of the app's entry script and
 * modulepreloads, which the script adds itself: at once on routes it does not draw (as early as
 * the HTML would have), after its images otherwise. The app's own components, rendered here for
 * each kind of viewer with their CSS (app/first-paint-templates.tsx), are emitted as an asset of
 * `<template>`s, which the script fetches beside its REST read and fills. Build only: the dev
 * server serves index.html as written.
 *
 * firebase.json's Content-Security-Policy allows the inlined script by its sha256 alone, so its
 * bytes are the same for every build and mode: what differs per build (hashed file names, the
 * REST target) goes into a JSON data block beside it, which CSP does not govern. The build fails
 * when firebase.json does not list the script's hash (`npm run csp-hash -w apps/web` writes it).
 */
export function firstPaint(options: { mode: string; conditions: string[] }): Plugin {
  return {
    name: 'showcase-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
        if (entries.length !== 1) {
          throw new Error(
            `first paint: expected one entry script in index.html, found ${entries.length}.`,
          );
        }
        // The templates are a file of their own, fetched by the script beside its REST read:
        // only the routes it draws download them, and every route's HTML stays small.
        const { templates, rest } = await withAppModules(options, async (load) => ({
          templates: await renderTemplates(load),
          rest: await readRestTarget(load),
        }));
        const emitter = this as unknown as Pick<Rolldown.PluginContext, 'emitFile' | 'getFileName'>;
        const reference = emitter.emitFile({
          type: 'asset',
          name: 'first-paint-templates.html',
          source: templates,
        });
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
        const app: FirstPaintApp = {
          entry: entries[0]!,
          preloads,
          ...screenFiles(context.bundle ?? {}, new Set([entries[0]!, ...preloads])),
          templates: `/${emitter.getFileName(reference)}`,
          rest,
        };
        const script = await bundleBootScript(options);
        await checkFirebaseCsp(script);
        const data = `<script type="application/json" id="${FIRST_PAINT_APP_ID}">${inlineJson(app)}</script>`;
        return (
          html
            .replace(ENTRY_SCRIPT, '')
            .replace(MODULE_PRELOAD, '')
            // A function: the script's own `$` sequences must not read as replacement patterns.
            .replace('</head>', () => `  ${data}\n    <script>${script}</script>\n  </head>`)
        );
      },
    },
  };
}

/**
 * Each screen's files and Auth's (their modules' chunks and all they import statically), less
 * those the entry brings (`loaded`), as addresses. A module missing from the bundle fails the
 * build, so a moved screen cannot silently lose its preloads.
 */
function screenFiles(
  bundle: Rolldown.OutputBundle,
  loaded: Set<string>,
): Pick<FirstPaintApp, 'screens' | 'signedIn'> {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const filesOf = (modules: string[], what: string) => {
    const files = new Set<string>();
    const add = (fileName: string) => {
      const href = `/${fileName}`;
      if (files.has(href) || loaded.has(href)) return;
      files.add(href);
      for (const imported of byFile.get(fileName)?.imports ?? []) add(imported);
    };
    for (const module of modules) {
      const chunk = chunks.find((item) => item.facadeModuleId === `${APP_ROOT}${module}`);
      if (chunk === undefined) throw new Error(`first paint: no chunk for ${module} (${what}).`);
      add(chunk.fileName);
    }
    return [...files];
  };
  return {
    screens: Object.entries(SCREEN_MODULES).map(([pattern, modules]) => ({
      pattern,
      files: filesOf(modules, pattern),
    })),
    signedIn: filesOf([AUTH_MODULE, FIRESTORE_SDK_MODULE], 'a signed-in session'),
  };
}

/**
 * The inlined script, built the same way whatever the build's mode: no mode or env file of the
 * build reaches it, and a source that reads `import.meta.env` fails the bundle (it would need
 * one hash per mode). Per-build data belongs in the data block (src/first-paint/app-data.ts).
 */
export async function bundleBootScript({ conditions }: { conditions: string[] }): Promise<string> {
  const output = await build({
    configFile: false,
    root: APP_ROOT,
    envDir: false,
    mode: 'production',
    logLevel: 'warn',
    resolve: { conditions },
    // Not the builder's NODE_ENV either: a dependency reading it would change the bytes.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [refuseBuildEnv()],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      cssMinify: true,
      lib: { entry: BOOT_ENTRY, formats: ['iife'], name: 'showcaseFirstPaint' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const result = (Array.isArray(output) ? output[0] : output) as Rolldown.RolldownOutput;
  const chunk = result.output.find((item) => item.type === 'chunk');
  if (chunk === undefined) throw new Error('first paint: the boot script did not build.');
  // Inline in a <script>: nothing in it may close the element early.
  return chunk.code.replaceAll('</script', '<\\/script').trim();
}

/** Sources of the boot script that read the build's env (matched before Vite replaces it). */
export function readsBuildEnv(code: string): boolean {
  return /\bimport\.meta\.env\b/u.test(code);
}

function refuseBuildEnv(): Plugin {
  return {
    name: 'showcase-first-paint-no-env',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/node_modules/') && readsBuildEnv(code)) {
        this.error(
          `first paint: ${id} reads import.meta.env, which would make the inlined script differ ` +
            'per build and mode (and so its CSP hash). Pass the value in the data block ' +
            '(src/first-paint/app-data.ts, written by vite-plugins/first-paint.ts).',
        );
      }
    },
  };
}

/**
 * Fails the build when firebase.json's Hosting Content-Security-Policy would refuse the inlined
 * script: a deployed app would then never start. Every mode checks, so the test build catches it.
 */
async function checkFirebaseCsp(script: string): Promise<void> {
  const hash = cspScriptHash(script);
  const problem = cspHashProblem(JSON.parse(await readFile(FIREBASE_JSON, 'utf8')), hash);
  if (problem !== null) {
    throw new Error(
      `first paint: firebase.json's Content-Security-Policy would block the inlined first-paint ` +
        `script, and the deployed app would not start: ${problem}. Run \`npm run csp-hash -w ` +
        `apps/web\` to write that hash into its script-src (in place of any older 'sha256-…' ` +
        `source), or edit firebase.json by hand, and commit it.`,
    );
  }
}

/**
 * JSON inside `<script type="application/json">`: `<` escaped so no `</script>` or `<!--` in a
 * value can end or change the element (JSON.parse reads `\u003c` back as `<`).
 */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The first paint's templates, rendered in Node by Vite's own SSR loader from the app's sources
 * (with the same workspace-source condition as the app's build). Also what the screen test
 * compares against the app (screens/first-paint/).
 */
export async function renderFirstPaintTemplates(options: {
  mode: string;
  conditions: string[];
}): Promise<string> {
  return withAppModules(options, renderTemplates);
}

type Load = ViteDevServer['ssrLoadModule'];

async function renderTemplates(load: Load): Promise<string> {
  const module = (await load(TEMPLATES_MODULE)) as {
    renderFirstPaintTemplates: () => Promise<string>;
  };
  return module.renderFirstPaintTemplates();
}

/** The app's own reading of its env in the build's mode (src/first-paint/target.ts). */
async function readRestTarget(load: Load): Promise<RestTarget | null> {
  const module = (await load(REST_TARGET_MODULE)) as {
    firstPaintRestTarget: () => RestTarget | null;
  };
  return module.firstPaintRestTarget();
}

/** Runs `use` with the app's modules loadable in Node, in the build's mode and env. */
async function withAppModules<T>(
  { mode, conditions }: { mode: string; conditions: string[] },
  use: (load: Load) => Promise<T>,
): Promise<T> {
  const serverConditions = [
    ...conditions.filter((condition) => condition.startsWith('@')),
    ...defaultServerConditions,
  ];
  const server = await createServer({
    configFile: false,
    root: APP_ROOT,
    envDir: APP_ROOT,
    mode,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { conditions: serverConditions },
    ssr: { resolve: { conditions: serverConditions } },
  });
  try {
    return await use((url) => server.ssrLoadModule(url));
  } finally {
    await server.close();
  }
}
