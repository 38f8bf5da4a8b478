// The preview handler over real sockets: an HTTP server running `servePreview` with the Admin SDK
// reading from our Firestore emulator (firestore.rules in force; the Admin SDK passes them as the
// server does), fetched as a crawler fetches: no JavaScript, just the HTML.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmulatorServer } from '@showcase/emulator';
import { EmulatorClient, RULES_FILE, startFirestoreEmulator } from '@showcase/dev-stack';
import { buildShowcase, buildShowcaseImage } from '@showcase/schema';
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewSources } from '../src/previews.js';
import {
  FALLBACK_CACHE_CONTROL,
  INLINE_DATA_ID,
  PREVIEW_CACHE_CONTROL,
  adminDocumentReader,
  servePreview,
} from '../src/previews.js';

const PROJECT_ID = 'demo-showcase';
const INDEX = `<!doctype html><html><head><title>Showcase · generic</title>
<meta property="og:title" content="Showcase" />
<meta property="og:image" content="/og-image.png" />
<meta name="twitter:card" content="summary_large_image" />
<script>/* first paint */</script></head><body><div id="root"></div></body></html>`;
const HOSTILE = '"><script>alert(1)</script>';

let emulator: EmulatorServer;
const apps: App[] = [];
const servers: http.Server[] = [];
let reads = 0;

/** An HTTP server on a free port answering every request with the preview handler. */
async function previewServer(sources: PreviewSources): Promise<string> {
  const server = http.createServer((request, response) => {
    void servePreview(request, response, sources);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The Admin SDK on the emulator at `host` (host:port), found as the Functions emulator points the
 * deployed code at it: through FIRESTORE_EMULATOR_HOST, which the SDK reads when its settings
 * are applied (then it never looks for Google credentials).
 */
function adminFirestore(name: string, host: string) {
  const app = initializeApp({ projectId: PROJECT_ID }, name);
  apps.push(app);
  const previous = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  try {
    const db = getFirestore(app);
    db.settings({ preferRest: false });
    return db;
  } finally {
    process.env.FIRESTORE_EMULATOR_HOST = previous;
  }
}

let base: string;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ rulesFile: RULES_FILE });
  const client = new EmulatorClient({ authUrl: 'http://127.0.0.1:1', firestoreUrl: emulator.url });
  await client.clearFirestore();
  const images = [buildShowcaseImage('maya', 'lamp', { widths: [480, 960, 1600], alt: 'Lamp' })];
  await client.commit([
    {
      path: 'showcases/lamp',
      data: buildShowcase({
        title: 'Lamp',
        description: 'A lamp that glows.',
        ownerUid: 'maya',
        ownerName: 'Maya',
        images,
      }),
    },
    { path: 'showcases/draft', data: buildShowcase({ title: 'Secret', status: 'draft' }) },
    { path: 'showcases/hostile', data: buildShowcase({ title: HOSTILE, description: HOSTILE }) },
    { path: 'users/maya', data: { displayName: 'Maya Chen', bio: 'Makes lamps.' } },
  ]);
  const read = adminDocumentReader(adminFirestore('previews', `127.0.0.1:${emulator.port}`));
  base = await previewServer({
    indexHtml: () => INDEX,
    readDocument: (path) => ((reads += 1), read(path)),
    projectId: PROJECT_ID,
  });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator?.close();
});

/** A crawler's fetch: the HTML and what its tags say. */
async function crawl(path: string) {
  const before = reads;
  const response = await fetch(`${base}${path}`, { headers: { 'User-Agent': 'Slackbot' } });
  const html = await response.text();
  const tag = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`, 'u').exec(html)?.[1];
  return { response, html, tag, reads: reads - before };
}

describe('the preview handler on the Firestore emulator', () => {
  it("answers a published showcase's URL with its own tags and its data inline, in one read", async () => {
    const { response, html, tag, reads: made } = await crawl('/s/lamp');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PREVIEW_CACHE_CONTROL);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Compressed as Hosting compresses its files (fetch asks for gzip and br, and decodes).
    expect(response.headers.get('content-encoding')).toMatch(/^(br|gzip)$/u);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(tag('og:title')).toBe('Lamp');
    expect(tag('og:description')).toBe('A lamp that glows.');
    expect(tag('og:image')).toMatch(/%2F960\.webp\?alt=media/u);
    expect(tag('og:url')).toBe(`${base}/s/lamp`);
    expect(html).toContain(`id="${INLINE_DATA_ID}"`);
    expect(made).toBe(1);
  });

  it("answers a maker's URL with their name and bio", async () => {
    const { response, tag, reads: made } = await crawl('/u/maya');
    expect(response.status).toBe(200);
    expect(tag('og:title')).toBe('Maya Chen');
    expect(tag('og:description')).toBe('Makes lamps.');
    expect(made).toBe(1);
  });

  it('answers 404 with the generic tags for a draft, a deleted showcase, an unknown id or maker', async () => {
    const client = new EmulatorClient({
      authUrl: 'http://127.0.0.1:1',
      firestoreUrl: emulator.url,
    });
    await client.commit([{ path: 'showcases/gone', data: buildShowcase({ title: 'Gone' }) }]);
    expect((await crawl('/s/gone')).response.status).toBe(200);
    await client.deleteDocuments(['showcases/gone']);
    for (const path of ['/s/draft', '/s/gone', '/s/nobody', '/u/nobody']) {
      const { response, html, tag, reads: made } = await crawl(path);
      expect(response.status, path).toBe(404);
      expect(tag('og:title'), path).toBe('Showcase');
      expect(html, path).not.toContain('Secret');
      expect(html, path).not.toContain(INLINE_DATA_ID);
      expect(made, path).toBe(1);
    }
  });

  it('comes back escaped in every tag', async () => {
    const { html, tag } = await crawl('/s/hostile');
    expect(html).not.toContain('<script>alert(1)');
    expect(tag('og:title')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(tag('og:description')).toBe(tag('og:title'));
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Showcase');
  });

  it('reads nothing for an address no document can have', async () => {
    const { response, reads: made } = await crawl('/s/__reserved__');
    expect(response.status).toBe(404);
    expect(made).toBe(0);
  });

  it('falls back to the plain index.html, not an error page, when Firestore does not answer', async () => {
    // A port with nothing behind it: the Admin SDK retries until the handler's deadline.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const errors: unknown[] = [];
    const down = await previewServer({
      indexHtml: () => INDEX,
      readDocument: adminDocumentReader(adminFirestore('down', `127.0.0.1:${port}`)),
      projectId: PROJECT_ID,
      readDeadlineMs: 500,
      onError: (error) => errors.push(error),
    });
    const response = await fetch(`${down}/s/lamp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(FALLBACK_CACHE_CONTROL);
    expect(await response.text()).toBe(INDEX);
    expect(errors).toHaveLength(1);
  });
});
