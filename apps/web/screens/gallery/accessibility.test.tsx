// The gallery's screens (gallery, showcase, the form's errors, My showcases) in every layout and
// colour scheme: no serious or critical axe finding, nothing wider than the screen.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { seedShowcases, uniqueTag } from '../../src/testing/emulator-rest';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { cards, connectionIndicator } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';

async function expectAccessibleAndFitting() {
  expect(await seriousViolations()).toEqual([]);
  expect(fitsTheWidth()).toBe(true);
}

describe.each(LAYOUTS)('gallery screens at $name', (layout) => {
  test('gallery, showcase, form and My showcases pass axe and fit the width', async () => {
    await setLayout(layout);
    const member = await newMember();
    const tag = uniqueTag('axe');
    const [first] = await seedShowcases([
      {
        title: `Accessible ${tag}`,
        description: 'A description long enough to wrap on a phone, with a link below it.',
        tags: [tag, 'design'],
        likeCount: 3,
        ownerName: 'Axe Owner',
      },
      { title: `Second ${tag}`, tags: [tag] },
      {
        title: `Mine ${tag}`,
        tags: [tag],
        ownerUid: member.uid,
        ownerName: member.displayName,
        status: 'draft',
      },
    ]);

    const { router } = await renderApp({ path: `/?tag=${tag}`, as: member });
    await expect.element(connectionIndicator()).toHaveAccessibleName('Connection: Live');
    await expect.poll(() => cards().elements()).toHaveLength(2);
    await expectAccessibleAndFitting();

    await router.navigate(`/s/${first}`);
    await expect.element(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
    await expectAccessibleAndFitting();

    await router.navigate('/new');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.element(page.getByText('Give your showcase a title.')).toBeVisible();
    await expectAccessibleAndFitting();

    await router.navigate('/me/showcases');
    await expect
      .element(page.getByRole('list', { name: 'My showcases' }).getByText(`Mine ${tag}`))
      .toBeVisible();
    await expectAccessibleAndFitting();
  });
});
