// My showcases at /me/showcases: one click from the user menu, the member's drafts and published
// showcases (no one else's), in every layout; a guest is shown how to get an account instead.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { currentAddress, screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';

describe.each(LAYOUTS)('My showcases at $name', (layout) => {
  test('is one click from the user menu and lists own drafts and published showcases', async () => {
    await setLayout(layout);
    const member = await newMember();
    const tag = uniqueTag('mine');
    await seedShowcases([
      { title: `Mine published ${tag}`, tags: [tag], ownerUid: member.uid },
      { title: `Mine draft ${tag}`, tags: [tag], ownerUid: member.uid, status: 'draft', url: '' },
      { title: `Someone else's ${tag}`, tags: [tag] },
    ]);
    await renderApp({ path: '/', as: member });
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'My showcases' }).click();
    await expect.poll(currentAddress).toBe('/me/showcases');
    await expect.element(screenHeading('My showcases')).toBeVisible();

    const list = page.getByRole('list', { name: 'My showcases' });
    const row = (title: string) => list.getByRole('listitem').filter({ hasText: title });
    await expect
      .element(row(`Mine published ${tag}`).getByText('Published', { exact: true }))
      .toBeVisible();
    await expect
      .element(row(`Mine draft ${tag}`).getByText('Draft', { exact: true }))
      .toBeVisible();
    await expect.element(list.getByText(`Someone else's ${tag}`)).not.toBeInTheDocument();
    await expect
      .element(row(`Mine draft ${tag}`).getByRole('link', { name: `Edit Mine draft ${tag}` }))
      .toBeVisible();
    // The account menu fades out after the click (hidden from the accessibility tree at once,
    // still painted): checked mid-fade, its items fail contrast. Gone once it left the DOM.
    await expect.poll(() => document.querySelector('[role="menu"]')).toBeNull();
    expect(await seriousViolations()).toEqual([]);
    expect(fitsTheWidth()).toBe(true);
  });
});

test('a guest is shown how to get an account instead', async () => {
  await renderApp({ path: '/me/showcases', as: 'guest' });
  await expect.element(screenHeading('My showcases')).toBeVisible();
  await expect
    .element(page.getByRole('heading', { name: 'Create an account to publish' }))
    .toBeVisible();
  await expect.element(page.getByRole('link', { name: 'New showcase' })).not.toBeInTheDocument();
  expect(await seriousViolations()).toEqual([]);
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect.poll(currentAddress).toBe('/signup');
});
