import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { build, createServer, defaultServerConditions } from 'vite';

const BOOT_ENTRY = fileURLToPath(new URL('../src/first-paint/boot.ts', import.meta.url));
const APP_ROOT = fileURLToPath(new URL('..', import.meta.url));
const TEMPLATES_MODULE = '/src/app/first-paint-templates.tsx';

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
 */
export function firstPaint(options: { mode: string; conditions: string[] }): Plugin {
  return {
    name: 'showcase-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
        if (entries.length !== 1) {
          throw new Error(
            `first paint: expected one entry script in index.html, found ${entries.length}.`,
          );
        }
        // The templates are a file of their own, fetched by the script beside its REST read:
        // only the routes it draws download them, and every route's HTML stays small.
        const templates = await renderFirstPaintTemplates(options);
        const emitter = this as unknown as Pick<Rolldown.PluginContext, 'emitFile' | 'getFileName'>;
        const reference = emitter.emitFile({
          type: 'asset',
          name: 'first-paint-templates.html',
          source: templates,
        });
        const app = {
          entry: entries[0]!,
          preloads: [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!),
          templates: `/${emitter.getFileName(reference)}`,
        };
        const script = await bundleBootScript(options, app);
        return (
          html
            .replace(ENTRY_SCRIPT, '')
            .replace(MODULE_PRELOAD, '')
            // A function: the script's own `$` sequences must not read as replacement patterns.
            .replace('</head>', () => `  <script>${script}</script>\n  </head>`)
        );
      },
    },
  };
}

async function bundleBootScript(
  { mode, conditions }: { mode: string; conditions: string[] },
  app: { entry: string; preloads: string[]; templates: string },
): Promise<string> {
  const output = await build({
    configFile: false,
    root: APP_ROOT,
    envDir: APP_ROOT,
    mode,
    logLevel: 'warn',
    resolve: { conditions },
    define: { __FIRST_PAINT_APP__: JSON.stringify(app) },
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

/**
 * The first paint's templates, rendered in Node by Vite's own SSR loader from the app's sources
 * (with the same workspace-source condition as the app's build). Also what the screen test
 * compares against the app (screens/first-paint/).
 */
export async function renderFirstPaintTemplates({
  mode,
  conditions,
}: {
  mode: string;
  conditions: string[];
}): Promise<string> {
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
    const module = (await server.ssrLoadModule(TEMPLATES_MODULE)) as {
      renderFirstPaintTemplates: () => Promise<string>;
    };
    return await module.renderFirstPaintTemplates();
  } finally {
    await server.close();
  }
}
