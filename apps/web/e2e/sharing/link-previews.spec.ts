// Link previews through firebase.json's rewrites of /s/* and /u/* (served by the dev stack with
// the function's own handler, reading the stack's Firestore emulator): what a crawler fetches
// without JavaScript, and the first paint of a showcase drawn from the data inlined in the page,
// with no REST read. The head's every case is a unit test (functions/src/preview-page.test.ts),
// the handler's a test on the emulator (functions/test/serve.test.ts).
import { client } from '../support/env';
import { setDocuments } from '../support/firestore';
import { expect, test } from '../support/fixtures';
import { seedShowcases, seedShowcaseWithPhotos, showcaseId, uniqueTag } from '../support/gallery';

/** The `content` of the first `<meta>` with this property or name, as the HTML holds it. */
function tag(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`, 'u').exec(html)?.[1];
}

test.describe('a crawler (no JavaScript)', () => {
  test("gets a published showcase's and a maker's own preview", async ({ request }) => {
    const title = `Lighthouses ${uniqueTag()}`;
    const id = await seedShowcaseWithPhotos(
      { title, description: 'Twenty-two lighthouses, shot on film.', ownerName: 'Maya Chen' },
      'lighthouse-series',
    );
    const response = await request.get(`/s/${id}`, { headers: { 'User-Agent': 'Slackbot' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=300');
    const html = await response.text();
    expect(tag(html, 'og:title')).toBe(title);
    expect(tag(html, 'og:description')).toBe('Twenty-two lighthouses, shot on film.');
    // The demo photos are stored at 480 and 960 px: 960 is the closer to 1200.
    expect(tag(html, 'og:image')).toMatch(/%2F960\.webp\?alt=media/u);
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<title>${title} · Showcase</title>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/s/${id}" />`, 'u'));
    // Its image answers as an image.
    const image = await request.get(tag(html, 'og:image')!.replaceAll('&amp;', '&'));
    expect(image.headers()['content-type']).toBe('image/webp');

    const uid = `maker-${uniqueTag()}`;
    await setDocuments([
      { path: `users/${uid}`, data: { displayName: 'Kwame Mensah', bio: 'Builds synths.' } },
    ]);
    const maker = await (await request.get(`/u/${uid}`)).text();
    expect(tag(maker, 'og:title')).toBe('Kwame Mensah');
    expect(tag(maker, 'og:description')).toBe('Builds synths.');
    expect(tag(maker, 'og:type')).toBe('profile');
  });

  test('gets 404 and the generic tags for a draft, a deleted showcase and an unknown id', async ({
    request,
  }) => {
    const [draft, deleted] = await seedShowcases([
      { title: `Secret ${uniqueTag()}`, status: 'draft' },
      { title: `Gone ${uniqueTag()}` },
    ]);
    expect((await request.get(`/s/${deleted}`)).status()).toBe(200);
    await client().deleteDocuments([`showcases/${deleted}`]);
    for (const path of [`/s/${draft}`, `/s/${deleted}`, `/s/${showcaseId()}`, '/u/nobody']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(tag(html, 'og:title'), path).toBe('Showcase');
      expect(html, path).not.toContain('Secret');
      expect(html, path).not.toContain('Gone');
    }
  });

  test('gets a hostile title escaped in every tag', async ({ request }) => {
    const hostile = '"><script>alert(1)</script>';
    const [id] = await seedShowcases([{ title: hostile, description: hostile }]);
    const html = await (await request.get(`/s/${id}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    const escaped = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(tag(html, 'og:title')).toBe(escaped);
    expect(tag(html, 'og:description')).toBe(escaped);
    expect(tag(html, 'description')).toBe(escaped);
    expect(html).toContain(`<title>${escaped} · Showcase</title>`);
  });
});

test('a browser paints a showcase first from the inlined data, with no REST read', async ({
  page,
}) => {
  const id = await seedShowcaseWithPhotos(
    { title: `Inline ${uniqueTag()}`, description: 'Drawn before any read.' },
    'lighthouse-series',
  );
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.getElementById('first-paint') !== null)
        Object.assign(window, { firstPaintShown: true });
    }).observe(document, { childList: true, subtree: true });
  });
  const restReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/documents/showcases/${id}`)) restReads.push(request.url());
  });
  await page.goto(`/s/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Inline / })).toBeVisible();
  expect(await page.evaluate(() => (window as { firstPaintShown?: boolean }).firstPaintShown)).toBe(
    true,
  );
  expect(restReads).toEqual([]);
});
