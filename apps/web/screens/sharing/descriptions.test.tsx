// Readable descriptions: paragraphs and line breaks kept, bare web addresses as safe links, and
// nothing else interpreted (a `javascript:` "address" stays text and runs nothing).
import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { screenHeading } from '../../src/testing/locators';
import { renderApp } from '../../src/testing/render-app';

const description = () => page.getByTestId('showcase-description');

afterEach(() => {
  vi.restoreAllMocks();
});

async function openWithDescription(prefix: string, text: string): Promise<void> {
  const tag = uniqueTag(prefix);
  const title = `Described ${tag}`;
  const [id] = await seedShowcases([{ title, tags: [tag], description: text }]);
  await renderApp({ path: `/s/${id}` });
  await expect.element(screenHeading(title)).toBeVisible();
}

test('two paragraphs and one address: both paragraphs and exactly one safe link', async () => {
  const address = 'https://example.com/Lamp-Build?step=2#wiring';
  await openWithDescription(
    'paras',
    `I built this lamp from walnut offcuts.\nIt took a weekend.\n\n\nThe wiring guide I followed: ${address}.`,
  );

  const paragraphs = description().getByRole('paragraph');
  await expect.poll(() => paragraphs.elements()).toHaveLength(2);
  const [first, second] = paragraphs.elements();
  expect(first!.textContent).toBe('I built this lamp from walnut offcuts.It took a weekend.');
  // The single newline is a line break inside the first paragraph.
  expect(first!.querySelectorAll('br')).toHaveLength(1);
  expect(second!.textContent).toBe(`The wiring guide I followed: ${address}.`);

  const links = description().getByRole('link').elements();
  expect(links).toHaveLength(1);
  expect(links[0]!.textContent).toBe(address);
  expect(links[0]).toHaveAttribute('href', address);
  expect(links[0]).toHaveAttribute('target', '_blank');
  expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

  // The comments load after the page has painted: checked once they are there, not mid-load.
  await expect.element(page.getByRole('button', { name: 'Post' })).toBeVisible();
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    expect(await seriousViolations(), layout.name).toEqual([]);
    expect(fitsTheWidth(), layout.name).toBe(true);
  }
});

test('a long unbroken address wraps instead of widening the page', async () => {
  const address = `https://example.com/${'very-long-path-segment-'.repeat(12)}end`;
  await openWithDescription('long', `Everything is here: ${address}`);
  const link = description().getByRole('link');
  await expect.element(link).toHaveAttribute('href', address);

  for (const layout of LAYOUTS) {
    await setLayout(layout);
    await expect.poll(() => window.innerWidth, { message: layout.name }).toBe(layout.width);
    expect(fitsTheWidth(), layout.name).toBe(true);
    expect(link.element().getBoundingClientRect().right, layout.name).toBeLessThanOrEqual(
      layout.width,
    );
  }
});

test('a javascript: "address" in a description stays text and runs nothing', async () => {
  const alerts = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  const hostile = [
    'Click javascript:alert(1) to see it.',
    'Or JavaScript:alert(document.cookie)',
    '<a href="javascript:alert(2)">a link</a> and [markdown](javascript:alert(3))',
    'data:text/html,<script>alert(4)</script>',
  ];
  await openWithDescription('jsurl', hostile.join('\n'));

  for (const line of hostile) await expect.element(description()).toHaveTextContent(line);
  expect(description().getByRole('link').elements()).toHaveLength(0);
  expect(document.querySelectorAll('a[href^="javascript:" i], a[href^="data:" i]')).toHaveLength(0);

  // Clicking the text does nothing either; every image has loaded or failed by then, so an
  // injected onload or onerror would have run.
  await description().getByText('javascript:alert(1)', { exact: false }).click();
  await expect.poll(() => [...document.images].every((image) => image.complete)).toBe(true);
  expect(alerts).not.toHaveBeenCalled();
});
