// Two browsers: B follows A on A's profile and sees A's next showcase arrive in the gallery's
// Following feed without reloading. Everything one browser does with follows, the feed, saves and
// profiles is a screen test (screens/audience/).
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { getDocument } from '../support/firestore';
import { expectConnection, publishShowcase, uniqueTag } from '../support/gallery';

test.describe('two people, following', () => {
  // Two signed-in browsers and several screens each: more than the default budget on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test("B follows A and sees A's next showcase in Following, live", async ({
    memberPage: a,
    member,
    otherMember: b,
  }) => {
    const tag = uniqueTag('follow');
    const first = `Before the follow ${tag}`;
    await publishShowcase(a, { title: first, tags: tag });

    await b.page.goto(`/u/${member.uid}`);
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(b.page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect
      .poll(async () => getDocument(`users/${b.account.uid}/following/${member.uid}`))
      .toBeDefined();

    await b.page.goto('/');
    await b.page
      .getByRole('group', { name: 'Feed' })
      .getByRole('button', { name: 'Following' })
      .click();
    await expect(b.page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
    await expect(b.page.getByRole('article').first()).toHaveAccessibleName(first);
    await expectConnection(b.page, 'Live');
    expect(await seriousViolations(b.page)).toEqual([]);

    const next = `After the follow ${tag}`;
    await publishShowcase(a, { title: next, tags: tag });
    // On B's open feed, newest first, without a reload.
    await expect(b.page.getByRole('article').first()).toHaveAccessibleName(next);
    await expect(b.page.getByRole('article').nth(1)).toHaveAccessibleName(first);
  });
});
