/**
 * The first paint (src/first-paint/) in the built index.html over the network: on the gallery
 * and a published showcase, its image is on screen before the app's code is requested, stays
 * the page's largest paint through the hand-over (the app's copy is the same size, so the
 * browser reports nothing larger), and nothing moves when the app takes over; when the read
 * fails the app starts at once. That it draws exactly the app's screen for every viewer, layout
 * and scheme, and what it leaves to the app, are screen tests (screens/first-paint/).
 */
import type { Page } from '@playwright/test';
import { stack } from '../support/env';
import { expect, test } from '../support/fixtures';
import { cards, seedShowcases, seedShowcaseWithPhotos, uniqueTag } from '../support/gallery';

/** What the page recorded about its first paint, its largest paints, shifts and the app's entry. */
type Timeline = {
  painted: boolean;
  revealedAt: number | null;
  /** When the second frame after the reveal began: a shift the reveal caused is reported by then. */
  revealSettledAt: number | null;
  lcp: { time: number; inFirstPaint: boolean; tag: string; url: string }[];
  shifts: { time: number; value: number; sources: string[] }[];
  entryRequestedAt: number | null;
  /** When the first paint's image finished downloading (its `load` comes a decode later). */
  imageLoadedAt: number | null;
};

/**
 * Records, from the first byte: largest-contentful-paint entries (and whether their element sat
 * in the first paint), layout shifts, and when the first paint went up and came down.
 */
async function recordTimeline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const timeline = {
      painted: false,
      revealedAt: null as number | null,
      revealSettledAt: null as number | null,
      lcp: [] as { time: number; inFirstPaint: boolean; tag: string; url: string }[],
      shifts: [] as { time: number; value: number; sources: string[] }[],
    };
    Object.assign(window, { firstPaintTimeline: timeline });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) {
        timeline.lcp.push({
          time: entry.startTime,
          inFirstPaint: entry.element?.closest('#first-paint') != null,
          tag: entry.element?.tagName ?? '',
          url: entry.url,
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      type LayoutShift = PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      };
      for (const entry of list.getEntries() as LayoutShift[]) {
        timeline.shifts.push({
          time: entry.startTime,
          value: entry.value,
          sources: (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : '',
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        const firstPaint = document.getElementById('first-paint');
        if (firstPaint !== null) timeline.painted = true;
        if (firstPaint === null && timeline.painted && timeline.revealedAt === null) {
          timeline.revealedAt = performance.now();
          requestAnimationFrame(() =>
            requestAnimationFrame(() => (timeline.revealSettledAt = performance.now())),
          );
        }
      }).observe(document.body, { childList: true });
    });
  });
}

async function readTimeline(page: Page): Promise<Timeline> {
  return page.evaluate(() => {
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
    const request = entry ? performance.getEntriesByName(entry.src, 'resource')[0] : undefined;
    const timeline = (
      window as unknown as {
        firstPaintTimeline: Omit<Timeline, 'entryRequestedAt' | 'imageLoadedAt'>;
      }
    ).firstPaintTimeline;
    const image = timeline.lcp.find((paint) => paint.inFirstPaint && paint.tag === 'IMG');
    const download = image
      ? (performance.getEntriesByName(image.url, 'resource')[0] as PerformanceResourceTiming)
      : undefined;
    return {
      ...timeline,
      entryRequestedAt: request?.startTime ?? null,
      imageLoadedAt: download?.responseEnd ?? null,
    };
  });
}

/**
 * The boot script's promise about the app's entry (src/first-paint/boot.ts): requested once the
 * first paint's image is reported painted, or, when the report is late, 250 ms after the image
 * loaded, or 1.5 s into the page load at the latest. On a quiet machine the report wins; on a
 * loaded one a late report lets a deadline win, which is by design and not a failure.
 */
const PAINT_REPORT_MS = 250;
const APP_WAIT_MS = 1500;

/** The image as the app shows it, served by the app itself. */
const image = (name: string) => `${stack().baseUrl}/demo/${name}.svg`;

const LAYOUTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Opens `path`, waits for the hand-over and checks the first paint's promises on a real page
 * load: the app's entry was not requested before its image could paint, the last largest paint is
 * its element and came before the reveal, and nothing shifted through the reveal.
 */
async function expectFirstPaint(page: Page, path: string, appHeading: RegExp | string) {
  await recordTimeline(page);
  await page.goto(path);
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: appHeading })).toBeVisible();
  // The app's images load (from the cache) and paint: any larger paint would be reported now.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('main img')]
      .filter((img) => img.loading !== 'lazy')
      .every((img) => img.complete),
  );
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const timeline = await readTimeline(page);

  expect(timeline.painted).toBe(true);
  expect(timeline.revealedAt).not.toBeNull();
  expect(timeline.entryRequestedAt).not.toBeNull();
  const imagePaint = timeline.lcp.find((entry) => entry.inFirstPaint && entry.tag === 'IMG');
  expect(imagePaint, JSON.stringify(timeline.lcp)).toBeDefined();
  // The app's code never competes with the first paint's image before it had its chance to paint.
  expect(timeline.imageLoadedAt).not.toBeNull();
  expect(timeline.entryRequestedAt!).toBeGreaterThanOrEqual(
    Math.min(imagePaint!.time, timeline.imageLoadedAt! + PAINT_REPORT_MS, APP_WAIT_MS),
  );
  const last = timeline.lcp.at(-1)!;
  expect(last, JSON.stringify(timeline.lcp)).toMatchObject({ inFirstPaint: true, tag: 'IMG' });
  expect(last.time).toBeLessThan(timeline.revealedAt!);
  // Through the reveal: what the app does afterwards (lazy pieces arriving) is its own business.
  const throughReveal = timeline.shifts.filter((shift) => shift.time <= timeline.revealSettledAt!);
  expect(throughReveal, JSON.stringify(timeline.shifts)).toEqual([]);
}

for (const viewport of LAYOUTS) {
  test.describe(`first paint at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the gallery, signed out', async ({ page }) => {
      const tag = uniqueTag('paint');
      await seedShowcases([
        { title: `First card ${tag}`, tags: [tag], imageUrl: image('lighthouse-series') },
        { title: `Second card ${tag}`, tags: [tag], imageUrl: image('tide-charts') },
        { title: `Third card ${tag}`, tags: [tag] },
      ]);
      await expectFirstPaint(page, `/?tag=${tag}`, `Showcases tagged #${tag}`);
      await expect(cards(page)).toHaveCount(3);
    });

    test('the gallery, signed in', async ({ memberPage: page }) => {
      const tag = uniqueTag('paint');
      await seedShowcases([
        { title: `Most liked ${tag}`, tags: [tag], likeCount: 5, imageUrl: image('bike-routes') },
        { title: `Newest ${tag}`, tags: [tag], imageUrl: image('tide-charts') },
      ]);
      await expectFirstPaint(page, `/?sort=liked&tag=${tag}`, `Showcases tagged #${tag}`);
      await expect(cards(page).first()).toContainText(`Most liked ${tag}`);
    });

    test('a published showcase with uploaded pictures', async ({ page }) => {
      const id = await seedShowcaseWithPhotos(
        {
          title: `Lighthouses ${uniqueTag()}`,
          description: 'Twenty-two lighthouses.\n\nShot on film over https://example.com/a summer.',
        },
        'lighthouse-series',
      );
      await expectFirstPaint(page, `/s/${id}`, /^Lighthouses/);
    });
  });
}

test.describe('first paint for a member', () => {
  test.use({ viewport: LAYOUTS[0] });

  // The session marker in a real browser's storage, before Auth has loaded, picks the member's
  // and the owner's templates; that they match the app's screens is a screen test.
  test("a showcase, someone else's and the member's own", async ({ memberPage: page, member }) => {
    const [others, own] = await seedShowcases([
      { title: `Someone else's ${uniqueTag()}`, imageUrl: image('tide-charts') },
      {
        title: `My own ${uniqueTag()}`,
        imageUrl: image('bike-routes'),
        ownerUid: member.uid,
        ownerName: 'Me',
      },
    ]);
    await expectFirstPaint(page, `/s/${others}`, /^Someone else's/);
    await expectFirstPaint(page, `/s/${own}`, /^My own/);
  });
});

test.describe('no first paint', () => {
  /** Opens `path` and reports whether a first paint ever went up. */
  async function paintedAt(page: Page, path: string): Promise<boolean> {
    await recordTimeline(page);
    await page.goto(path);
    return page.evaluate(
      () => (window as unknown as { firstPaintTimeline: Timeline }).firstPaintTimeline.painted,
    );
  }

  test('when the read fails: the app starts at once and shows the gallery', async ({ page }) => {
    const tag = uniqueTag('refused');
    await seedShowcases([{ title: `Still shown ${tag}`, tags: [tag] }]);
    await page.route(/:runQuery/, (route) => route.abort());
    expect(await paintedAt(page, `/?tag=${tag}`)).toBe(false);
    await expect(cards(page)).toHaveCount(1);
  });
});
