/**
 * The built pages under firebase.json's own Content-Security-Policy, which Hosting sends with
 * every page (and with the link-preview function's, behind its rewrite) and `vite preview` does
 * not: the test adds it to the page's response. The inlined first-paint script runs (allowed by
 * its hash, vite-plugins/first-paint.ts), draws, and starts the app; without the hash the browser
 * refuses it, as Hosting did before.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pagePolicies } from '../../vite-plugins/csp.ts';
import { stack } from '../support/env';
import { expect, test } from '../support/fixtures';
import { cards, seedShowcases, seedShowcaseWithPhotos, uniqueTag } from '../support/gallery';

const firebaseJson: unknown = JSON.parse(
  readFileSync(new URL('../../../../firebase.json', import.meta.url), 'utf8'),
);

/**
 * firebase.json's page policy, pointed at this run's emulators: they stand where production's
 * https://*.googleapis.com hosts are, over plain http on 127.0.0.1, so connect-src and img-src
 * name them and upgrade-insecure-requests goes. script-src, the directive at stake, is as written.
 */
function policyForEmulators(): string {
  const [policy, ...others] = pagePolicies(firebaseJson);
  expect(others, 'one page policy in firebase.json').toEqual([]);
  const { authUrl, firestoreUrl, storageHost } = stack();
  const emulators = [authUrl, firestoreUrl, `http://${storageHost}`].map(
    (url) => new URL(url).origin,
  );
  return policy!
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== 'upgrade-insecure-requests')
    .map((directive) =>
      /^(connect-src|img-src)\s/u.test(directive)
        ? `${directive} ${emulators.join(' ')}`
        : directive,
    )
    .join('; ');
}

type Report = { painted: boolean; violations: string[] };

/** Serves every page with `policy` and records its violations and whether a first paint went up. */
async function underPolicy(page: Page, policy: string): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': policy },
    });
  });
  await page.addInitScript(() => {
    const report = { painted: false, violations: [] as string[] };
    Object.assign(window, { cspReport: report });
    document.addEventListener('securitypolicyviolation', (event) =>
      report.violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
    document.addEventListener('DOMContentLoaded', () => {
      const look = () => {
        if (document.getElementById('first-paint') !== null) report.painted = true;
      };
      look();
      new MutationObserver(look).observe(document.body, { childList: true });
    });
  });
}

const readReport = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspReport: Report }).cspReport);

const image = (name: string) => `${stack().baseUrl}/demo/${name}.svg`;

test.describe("under firebase.json's Content-Security-Policy", () => {
  // A page answered by route.fulfill has no address of its own, so Chromium treats it as public
  // and asks before it reaches the emulators on loopback; a deployed page reaches public hosts.
  test.use({ permissions: ['local-network-access'] });

  test('the gallery: the first paint draws, then the app starts', async ({ page }) => {
    const tag = uniqueTag('csp');
    await seedShowcases([
      { title: `Under CSP ${tag}`, tags: [tag], imageUrl: image('lighthouse-series') },
    ]);
    await underPolicy(page, policyForEmulators());
    await page.goto(`/?tag=${tag}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Showcases tagged #${tag}` }),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    expect(await readReport(page)).toEqual({ painted: true, violations: [] });
  });

  test('a showcase served by the link-preview function, with its inlined document', async ({
    page,
  }) => {
    const id = await seedShowcaseWithPhotos({ title: `Under CSP ${uniqueTag()}` }, 'tide-charts');
    await underPolicy(page, policyForEmulators());
    await page.goto(`/s/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Under CSP/u })).toBeVisible();
    expect(await readReport(page)).toEqual({ painted: true, violations: [] });
  });

  test('without the hash the script is refused and the app never starts', async ({ page }) => {
    await underPolicy(page, policyForEmulators().replace(/ 'sha256-[^']*'/gu, ''));
    await page.goto('/');
    await expect
      .poll(async () => (await readReport(page)).violations)
      .toContainEqual(expect.stringMatching(/^script-src-elem inline$/u));
    // Nothing added the app's entry: the page stays without it.
    await expect(page.locator('script[type="module"][src]')).toHaveCount(0);
  });
});
