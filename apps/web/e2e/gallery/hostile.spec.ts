import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { stack } from '../support/env';
import { card, cards, seedShowcases, uniqueTag } from '../support/gallery';
import { mediaSettled, trackMediaEvents } from '../support/page-events';

// Written with the owner token, so the rules and the form's validation never see them: the
// screens alone must keep them inert.
const PWN = 'window.__pwned = (window.__pwned || 0) + 1';

const hostileTitles = [
  `<script>${PWN}</script>`,
  `<img src=x onerror="${PWN}">`,
  `"><svg onload="${PWN}">`,
  `{{constructor.constructor('${PWN}')()}}`,
  `javascript:${PWN}`,
  '\u202eevil.exe\u202c & <b>bold</b> &amp; &lt;',
];

const hostileUrls = [
  `javascript:${PWN}`,
  `JaVaScRiPt:${PWN}`,
  ` javascript:${PWN}`,
  `java\tscript:${PWN}`,
  `\u0001javascript:${PWN}`,
  `data:text/html,<script>${PWN}</script>`,
  `vbscript:msgbox(1)`,
  `//evil.example/protocol-relative`,
];

const hostileImages = [
  `javascript:${PWN}`,
  `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${PWN}"/>`,
  `x" onerror="${PWN}`,
  `DATA:image/png;base64,iVBORw0KGgo=`,
  `https://example.com/a.png" onerror="${PWN}`,
  ` jav&#x09;ascript:${PWN}`,
];

async function expectInert(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const srcs = await page
    .locator('img[src]')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
  for (const value of [...hrefs, ...srcs]) {
    // The browser ignores leading/embedded whitespace and control characters in schemes.
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point.
    const scheme = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
    expect(scheme.startsWith('javascript:'), value).toBe(false);
    expect(scheme.startsWith('data:'), value).toBe(false);
    expect(scheme.startsWith('vbscript:'), value).toBe(false);
  }
  for (const link of await page.locator('a[target="_blank"]').all()) {
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('rel', /noreferrer/);
  }
}

test('hostile titles, descriptions, tags and URLs render literally and run nothing', async ({
  memberPage: page,
}) => {
  await trackMediaEvents(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const tag = uniqueTag('hostile');
  const seeded = hostileTitles.map((title, index) => ({
    title,
    description: `${hostileTitles[(index + 1) % hostileTitles.length]}\n<iframe src="javascript:${PWN}"></iframe>`,
    url: hostileUrls[index % hostileUrls.length]!,
    imageUrl: hostileImages[index % hostileImages.length]!,
    // The first tag scopes the gallery; the others are hostile.
    tags: [tag, `<b>${index}</b>`, `"><img src=x onerror=${PWN}>`],
    ownerName: `<script>${PWN}</script> Owner ${index}`,
  }));
  const ids = await seedShowcases(seeded);

  await page.goto(`/?tag=${tag}`);
  await expect(cards(page)).toHaveCount(hostileTitles.length);
  for (const title of hostileTitles) await expect(card(page, title)).toBeVisible();
  await expect(
    page.getByText(`<script>${PWN}</script> Owner 0`, { exact: false }).first(),
  ).toBeVisible();
  await expectInert(page);

  for (const [index, id] of ids.entries()) {
    const showcase = seeded[index]!;
    await page.goto(`/s/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(showcase.title);
    // The description is shown as typed, markup and all.
    await expect(
      page.getByText(showcase.description.split('\n')[0]!, { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `#<b>${index}</b>` })).toBeVisible();
    // An unsafe link is never a link: it is shown as text with a warning.
    await expect(page.getByRole('link', { name: /^Visit / })).toHaveCount(0);
    await expect(page.getByText("This showcase's link is not a web address")).toBeVisible();
    await expectInert(page);
  }

  // Injected onload/onerror handlers would run when their image or frame settles: wait for that.
  await mediaSettled(page);
  await expectInert(page);
  expect(dialogs).toEqual([]);
});

test('a safe link opens in a new tab without opener or referrer', async ({ memberPage: page }) => {
  const tag = uniqueTag('safe');
  // A picture the test server really serves (the demo images), so it loads and stays an <img>.
  const imageUrl = `${stack().baseUrl}/demo/bike-routes.svg`;
  const [id] = await seedShowcases([
    { title: `Safe ${tag}`, tags: [tag], url: 'https://example.com/safe', imageUrl },
  ]);
  await page.goto(`/s/${id}`);
  const visit = page.getByRole('link', { name: 'Visit example.com' });
  await expect(visit).toHaveAttribute('href', 'https://example.com/safe');
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('rel', 'noopener noreferrer');
  // No image description stored: the picture is named after the showcase.
  await expect(page.getByRole('img', { name: `Cover image of “Safe ${tag}”` })).toHaveAttribute(
    'src',
    imageUrl,
  );
});
