// Cards side by side line up row by row, whatever their title's length, whether they have tags
// and whether the viewer may like them (their own card shows only the count).
import { describe, expect, test } from 'vitest';
import { seedShowcases, uniqueWord } from '../../src/testing/emulator-rest';
import { LAYOUTS, setLayout } from '../../src/testing/layout';
import { card, cards } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';

const top = (element: Element | null | undefined) =>
  Math.round(element?.getBoundingClientRect().top ?? Number.NaN);

describe.each(LAYOUTS.filter((layout) => layout.colorScheme === 'light' && layout.width >= 390))(
  'cards in a row at $name',
  (layout) => {
    test('keep their title, tags and Like rows level', async () => {
      await setLayout(layout);
      const word = uniqueWord();
      const member = await newMember();
      const titles = [
        `${word} a title long enough to need both of its two lines and then some more words`,
        `${word} mine`,
        `${word} short`,
      ];
      await seedShowcases([
        {
          title: titles[0]!,
          tags: ['a-rather-long-tag-name', 'another-long-tag-here', 'third-tag'],
        },
        { title: titles[1]!, ownerUid: member.uid, ownerName: member.displayName },
        { title: titles[2]!, tags: ['one'] },
      ]);
      await renderApp({ path: `/?q=${word}`, as: member });
      await expect.poll(() => cards().elements()).toHaveLength(3);
      await expect.element(card(titles[0]!).getByRole('button', { name: /^Like/ })).toBeVisible();

      const articles = titles.map((title) => card(title).element());
      // Side by side where the width allows it; at 390 px one per row, nothing to compare.
      const rows = new Map<number, Element[]>();
      for (const article of articles)
        rows.set(top(article), [...(rows.get(top(article)) ?? []), article]);
      for (const row of rows.values()) {
        if (row.length < 2) continue;
        for (const part of ['h2', '[data-card-row="tags"]', '[data-card-row="actions"]'])
          expect(
            new Set(row.map((article) => top(article.querySelector(part)))),
            part,
          ).toHaveLength(1);
        expect(
          new Set(row.map((article) => Math.round(article.getBoundingClientRect().bottom))).size,
        ).toBe(1);
      }
      if (layout.width >= 1280) expect(rows.size).toBe(1);
    });
  },
);
