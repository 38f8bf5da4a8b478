import { setAccountDisabled } from '../support/auth-emulator';
import { expect, signInAs, signInAt, test } from '../support/fixtures';
import { TOKEN_REFRESH_REQUEST, fulfillWithProviderError } from '../support/routes';

// The SDK refreshes the ID token 5 minutes before its 1-hour expiry; moving the page clock an hour
// ahead makes that refresh happen now, and the tests decide how the provider answers it.
const PAST_TOKEN_REFRESH = '01:00:00';

test('an expired session (user-token-expired) signs out cleanly, says so, and returns to the same route', async ({
  page,
  member,
}) => {
  await page.clock.install();
  await signInAt(page, member, '/me');
  await expect(page.getByText(member.email, { exact: true }).first()).toBeVisible();

  await page.route(TOKEN_REFRESH_REQUEST, (route) =>
    fulfillWithProviderError(route, 'TOKEN_EXPIRED'),
  );
  await page.clock.fastForward(PAST_TOKEN_REFRESH);

  await expect(page.getByText(/session (has )?ended/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/(welcome|signin)/);
  await page.unroute(TOKEN_REFRESH_REQUEST);

  if (!page.url().includes('/signin')) {
    await page
      .getByRole('button', { name: 'Sign in' })
      .or(page.getByRole('link', { name: 'Sign in' }))
      .first()
      .click();
  }
  await signInAs(page, member);
  await expect(page).toHaveURL(/\/me$/);
});

test('a disabled account is signed out cleanly and can come back to the same route', async ({
  page,
  member,
}) => {
  await page.clock.install();
  await signInAt(page, member, '/me');
  await expect(page.getByText(member.email, { exact: true }).first()).toBeVisible();

  await setAccountDisabled(member.uid, true);
  await page.clock.fastForward(PAST_TOKEN_REFRESH);
  await expect(page).toHaveURL(/\/(welcome|signin)/);
  await expect(page.getByText(/session (has )?ended|disabled/i).first()).toBeVisible();

  await setAccountDisabled(member.uid, false);
  if (!page.url().includes('/signin')) {
    await page
      .getByRole('button', { name: 'Sign in' })
      .or(page.getByRole('link', { name: 'Sign in' }))
      .first()
      .click();
  }
  await signInAs(page, member);
  await expect(page).toHaveURL(/\/me$/);
});
