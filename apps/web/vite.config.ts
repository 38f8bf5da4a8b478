import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defaultClientConditions, defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaint } from './vite-plugins/first-paint.ts';

const requiredFirebaseVars = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

/** The export condition under which workspace packages offer their sources (packages/schema). */
export const SOURCE_CONDITION = '@showcase/source';

export default defineConfig(({ command, mode }) => {
  // This folder, not the cwd: the dev stack runs Vite's JS API from other working directories.
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  if (command === 'build') {
    // A build without Firebase config still succeeds (so `npm run build` works on a fresh clone),
    // but the app would only show its configuration-error screen; say so where the builder looks.
    const missing = requiredFirebaseVars.filter((name) => !env[name]);
    if (missing.length > 0) {
      console.warn(
        `\n[showcase] ${mode} build without ${missing.join(', ')}: the app will show a configuration error. ` +
          'Set them in the environment or in apps/web/.env.production.local (see apps/web/README.md).\n',
      );
    }
  }
  return {
    plugins: [
      react(),
      showcasePwa(),
      retireServiceWorkerInDev(),
      absolutePreviewImage(env.VITE_SITE_URL),
      firstPaint({ mode, conditions: [SOURCE_CONDITION, ...defaultClientConditions] }),
    ],
    resolve: {
      // Workspace packages such as @showcase/schema are bundled from their TypeScript sources.
      conditions: [SOURCE_CONDITION, ...defaultClientConditions],
      // The Firestore SDK's RE2 engine serves only pipeline queries, which the app never builds:
      // the shim keeps its one call on the browser's RegExp and every data screen ~45 KB gzip lighter.
      alias: { re2js: fileURLToPath(new URL('./src/lib/firebase/re2js-shim.ts', import.meta.url)) },
    },
    server: { host: '127.0.0.1', strictPort: true },
    preview: { host: '127.0.0.1', strictPort: true },
    build: {
      target: 'es2022',
      // scripts/route-sizes.mjs reads the manifest to know which chunks each route loads.
      manifest: true,
      // Everything the entry imports statically is loaded on every route anyway: one file, not a
      // dozen split by which lazy screens share each piece (each file costs its own gzip).
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
      },
    },
  };
});

/**
 * The service worker (Workbox generateSW): precaches the whole app (every route's code) so
 * opening or reloading it with no network still works, answers every navigation with
 * index.html, and keeps images it has shown. Firestore data is not its job: the SDK's IndexedDB
 * cache holds that. Off in the dev server, where a worker would serve stale modules.
 *
 * Updates wait for the user: a new worker installs beside the one in charge and waits, the app
 * offers **Reload** (src/lib/service-worker/), and only then takes over. Taking over at once
 * would leave an open tab running old code whose lazy chunks the new worker no longer has. The
 * first install needs no prompt and takes the open page over at once (`clientsClaim`), so it
 * works offline without a reload.
 */
function showcasePwa() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app itself (src/lib/service-worker/), after the page has loaded.
    injectRegister: false,
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      name: 'Showcase',
      short_name: 'Showcase',
      description: 'Publish what you made and browse everyone’s showcases live.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#4338ca',
      background_color: '#f7f8fb',
      icons: [
        { src: 'pwa-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // Demo pictures are data, not shell: cached at run time like any other image. The link
      // preview image is for other sites' crawlers, never shown by the app.
      globIgnores: ['demo/**', 'og-image.png'],
      navigateFallback: 'index.html',
      // Firebase's reserved paths (auth handler) must reach the network, and so must the files
      // that are not pages (robots.txt opened in a tab must not come back as the app).
      navigateFallbackDenylist: [/^\/__\//, /^\/robots\.txt$/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.destination === 'image',
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'showcase-images',
            expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60 },
            // Images from other hosts are opaque (status 0); keep them too.
            cacheableResponse: { statuses: [0, 200] },
          },
        },
      ],
    },
    devOptions: { enabled: false },
  });
}

/**
 * A browser that ran the built app on this address (`npm start`) still has its service worker,
 * which would keep serving that build in front of the dev server (`npm run dev`, same port).
 * The dev server answers the worker's update check with a worker that unregisters itself, drops
 * its caches and reloads its pages, so they come from the dev server from then on.
 */
function retireServiceWorkerInDev(): Plugin {
  const retiringWorker = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.registration.unregister()
      .then(() => caches.keys())
      .then((names) => Promise.all(names.map((name) => caches.delete(name))))
      .then(() => self.clients.matchAll({ type: 'window' }))
      .then((pages) => Promise.all(pages.map((page) => page.navigate(page.url)))),
  );
});
`;
  return {
    name: 'showcase-retire-service-worker-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.setHeader('Cache-Control', 'no-store');
        response.end(retiringWorker);
      });
    },
  };
}

/**
 * Open Graph wants the preview image's address absolute, and a static build does not know where
 * it will be served. `VITE_SITE_URL` (e.g. `https://showcase.example.com`) says so: index.html's
 * `og:image` gets that origin. Without it, it keeps the site-relative path.
 */
function absolutePreviewImage(siteUrl: string | undefined): Plugin {
  let origin: string | null = null;
  if (siteUrl) {
    const url = URL.canParse(siteUrl) ? new URL(siteUrl) : null;
    if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw new Error(
        `VITE_SITE_URL must be the site's http(s) address, not ${JSON.stringify(siteUrl)}.`,
      );
    }
    origin = url.origin;
  }
  return {
    name: 'showcase-absolute-preview-image',
    transformIndexHtml(html) {
      if (origin === null) return html;
      return html.replace(/(<meta property="og:image" content=")(\/[^"]*")/gu, `$1${origin}$2`);
    },
  };
}
