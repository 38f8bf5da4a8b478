// Comments, the report dialog and /activity in every layout (1280, 390 and 360 px, light and
// dark): nothing overflows sideways and axe finds nothing serious.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seedShowcases, setDocuments, uniqueId, uniqueTag } from '../../src/testing/emulator-rest';
import { seriousViolations } from '../../src/testing/axe';
import { LAYOUTS, fitsTheWidth, setLayout } from '../../src/testing/layout';
import { screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import { transitionsSettled } from '../../src/testing/settled';

describe.each(LAYOUTS)('at $name', (layout) => {
  test('a showcase with comments, and its report dialog', async () => {
    const title = `Lamp ${uniqueTag('a11y')}`;
    const [id] = await seedShowcases([{ title, commentCount: 2 }]);
    await setDocuments(
      [
        'A long address: https://example.com/a/very/long/path/that/must/wrap/somewhere/on/a/phone',
        'Short and sweet.',
      ].map((text, index) => ({
        path: `showcases/${id}/comments/${uniqueId('c')}`,
        data: {
          authorUid: `author-${index}`,
          authorName: index === 0 ? 'Someone With A Rather Long Display Name' : 'Bo',
          text,
          createdAt: new Date(Date.now() - index * 60_000),
        },
      })),
    );
    await setLayout(layout);
    await renderApp({ path: `/s/${id}`, as: 'member' });
    await expect.element(screenHeading(title)).toBeVisible();
    await expect
      .poll(() => page.getByRole('list', { name: 'Comments' }).getByRole('listitem').elements())
      .toHaveLength(2);
    expect(fitsTheWidth()).toBe(true);
    expect(await seriousViolations()).toEqual([]);

    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await expect.element(page.getByRole('dialog', { name: 'Report this showcase' })).toBeVisible();
    await transitionsSettled();
    expect(await seriousViolations()).toEqual([]);
  });

  test('/activity with groups, and the app bar with its count', async () => {
    const owner = await newMember('Owner Ines');
    const [id] = await seedShowcases([
      { title: `Chair ${uniqueTag('a11y')}`, ownerUid: owner.uid },
    ]);
    await setDocuments(
      ['Maya', 'Ben'].map((name, index) => ({
        path: `users/${owner.uid}/activity/like_${id}_${name}`,
        data: {
          type: 'like',
          actorUid: name,
          actorName: name,
          showcaseId: id!,
          showcaseTitle: 'Chair',
          read: false,
          createdAt: new Date(Date.now() - index * 60_000),
        },
      })),
    );
    await setLayout(layout);
    await renderApp({ path: '/activity', as: owner });
    await expect.element(page.getByText('Maya and Ben liked Chair')).toBeVisible();
    expect(fitsTheWidth()).toBe(true);
    expect(await seriousViolations()).toEqual([]);
  });
});
