// Hostile data stored behind the rules' and the form's back (the owner token writes it): the
// gallery and the showcase's page show it as text and run none of it.
import { expect, onTestFinished, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { card, cards, screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

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

type Pwned = { __pwned?: number };

/** Notes each element whose load or error event has fired (they do not bubble: capture). */
function trackMediaEvents(): () => boolean {
  const settled = new WeakSet<EventTarget>();
  const note = (event: Event) => event.target && settled.add(event.target);
  for (const type of ['load', 'error']) window.addEventListener(type, note, true);
  onTestFinished(() => {
    for (const type of ['load', 'error']) window.removeEventListener(type, note, true);
  });
  // True once every image and frame has settled: after that no injected handler can run.
  return () => [...document.querySelectorAll('img[src], iframe')].every((el) => settled.has(el));
}

function expectInert() {
  expect((window as Pwned).__pwned).toBeUndefined();
  const values = [
    ...[...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? ''),
    ...[...document.querySelectorAll('img[src]')].map((image) => image.getAttribute('src') ?? ''),
  ];
  for (const value of values) {
    // The browser ignores leading/embedded whitespace and control characters in schemes.
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point.
    const scheme = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
    expect(scheme.startsWith('javascript:'), value).toBe(false);
    expect(scheme.startsWith('data:'), value).toBe(false);
    expect(scheme.startsWith('vbscript:'), value).toBe(false);
  }
  for (const link of document.querySelectorAll('a[target="_blank"]')) {
    expect(link.getAttribute('rel')).toMatch(/noopener/);
    expect(link.getAttribute('rel')).toMatch(/noreferrer/);
  }
}

test('hostile titles, descriptions, tags and URLs render literally and run nothing', async () => {
  const mediaSettled = trackMediaEvents();
  const dialogs = [
    vi.spyOn(window, 'alert').mockImplementation(() => {}),
    vi.spyOn(window, 'confirm').mockImplementation(() => false),
    vi.spyOn(window, 'prompt').mockImplementation(() => null),
  ];
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

  const { router } = await renderApp({ path: `/?tag=${tag}`, as: 'member' });
  await expect.poll(() => cards().elements()).toHaveLength(hostileTitles.length);
  for (const title of hostileTitles) await expect.element(card(title)).toBeVisible();
  await expect
    .element(page.getByText(`<script>${PWN}</script> Owner 0`, { exact: false }).first())
    .toBeVisible();
  expectInert();

  for (const [index, id] of ids.entries()) {
    const showcase = seeded[index]!;
    await router.navigate(`/s/${id}`);
    await expect
      .element(page.getByRole('heading', { level: 1 }))
      .toHaveTextContent(showcase.title, { normalizeWhitespace: false });
    // The description is shown as typed, markup and all.
    await expect
      .element(page.getByText(showcase.description.split('\n')[0]!, { exact: false }).first())
      .toBeVisible();
    await expect.element(page.getByRole('link', { name: `#<b>${index}</b>` })).toBeVisible();
    // An unsafe link is never a link: it is shown as text with a warning.
    expect(page.getByRole('link', { name: /^Visit / }).elements()).toEqual([]);
    await expect.element(page.getByText("This showcase's link is not a web address")).toBeVisible();
    expectInert();
  }

  // Injected onload/onerror handlers would run when their image or frame settles: wait for that.
  await expect.poll(mediaSettled).toBe(true);
  expectInert();
  for (const dialog of dialogs) expect(dialog).not.toHaveBeenCalled();
});

test('a safe link opens in a new tab without opener or referrer', async () => {
  const tag = uniqueTag('safe');
  // A picture the test server really serves (the demo images), so it loads and stays an <img>.
  const imageUrl = `${window.location.origin}/demo/bike-routes.svg`;
  const [id] = await seedShowcases([
    { title: `Safe ${tag}`, tags: [tag], url: 'https://example.com/safe', imageUrl },
  ]);
  await renderApp({ path: `/s/${id}`, as: 'member' });
  await expect.element(screenHeading(`Safe ${tag}`)).toBeVisible();
  const visit = page.getByRole('link', { name: 'Visit example.com' });
  await expect.element(visit).toHaveAttribute('href', 'https://example.com/safe');
  await expect.element(visit).toHaveAttribute('target', '_blank');
  await expect.element(visit).toHaveAttribute('rel', 'noopener noreferrer');
  // No image description stored: the picture is named after the showcase.
  await expect
    .element(page.getByRole('img', { name: `Cover image of “Safe ${tag}”` }))
    .toHaveAttribute('src', imageUrl);
});
