// What a link preview, a search engine or a browser reads before any JavaScript runs: the app
// shell's title, description, Open Graph tags (which X reads too) with a real 1200×630 image, and a
// robots.txt that is a text file rather than the app.
import { expect, test } from '../support/fixtures';

// robots.txt is opened after the service worker took over: it must not answer with the app
// (the worker is blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The `content` of each `<meta>` in the page, keyed by its `property` or `name`. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gu)) {
    const key = /\b(?:property|name)="([^"]+)"/u.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/u.exec(tag)?.[1];
    if (key === undefined || content === undefined) continue;
    tags.set(key, [...(tags.get(key) ?? []), content]);
  }
  return tags;
}

/** Width and height from a PNG's header (the IHDR chunk follows the 8-byte signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('every route serves a shell with a title, a description and link-preview tags', async ({
  request,
}) => {
  // An unknown showcase's link gets the same shell and tags as the home page, with a 404 from
  // the link-preview function (a published one's own tags: link-previews.spec.ts).
  for (const [path, status] of [
    ['/', 200],
    ['/s/any-showcase-id', 404],
  ] as const) {
    const response = await request.get(path);
    expect(response.status()).toBe(status);
    const html = await response.text();
    expect(html).toMatch(/<title>Showcase · [^<]+<\/title>/u);
    const meta = metaTags(html);
    const one = (key: string) => {
      expect(meta.get(key), key).toHaveLength(1);
      return meta.get(key)![0]!;
    };
    expect(one('description').length).toBeGreaterThan(50);
    expect(one('og:type')).toBe('website');
    expect(one('og:site_name')).toBe('Showcase');
    expect(one('og:title')).toBe('Showcase');
    expect(one('og:description').length).toBeGreaterThan(50);
    expect(one('og:image')).toBe('/og-image.png');
    expect(one('og:image:width')).toBe('1200');
    expect(one('og:image:height')).toBe('630');
    expect(one('og:image:alt').length).toBeGreaterThan(10);
    expect(one('twitter:card')).toBe('summary_large_image');
    // X falls back to the og: title, description and image checked above; a twitter: copy of
    // them could only drift from them.
    expect([...meta.keys()].filter((key) => key.startsWith('twitter:'))).toEqual(['twitter:card']);
    // One address for every route would be wrong for all but one of them.
    expect(meta.has('og:url')).toBe(false);
    expect(meta.get('theme-color')).toHaveLength(2);
  }
});

test('the preview image is a 1200×630 PNG', async ({ request }) => {
  const response = await request.get('/og-image.png');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
});

test('robots.txt is a text file, not the app', async ({ request, page }) => {
  const response = await request.get('/robots.txt');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/u);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/mu);
  expect(text).not.toContain('<');

  // Opened in a tab after the app (and its service worker) loaded, it is still the file.
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 15_000,
  });
  await page.goto('/robots.txt');
  await expect(page.locator('body')).toContainText('User-agent: *');
  await expect(page.locator('#root')).toHaveCount(0);
});
