import type { Page } from '@playwright/test';
import { listOobCodes, uniqueEmail } from '../support/auth-emulator';
import { expect, test } from '../support/fixtures';

async function requestReset(page: Page, email: string): Promise<string> {
  await page.goto('/reset');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .filter({ hasText: /\S/ })
    .first();
  await expect(answer).toBeVisible();
  return (await answer.innerText()).trim();
}

test('password reset answers the same way whether or not the account exists', async ({
  page,
  member,
}) => {
  const forKnown = await requestReset(page, member.email);
  const forUnknown = await requestReset(page, uniqueEmail('nobody'));
  expect(forUnknown).toBe(forKnown);
  expect(forKnown).not.toMatch(/not found|no account|doesn.t exist|does not exist/i);
  // The known account really got a reset email from the emulator.
  const codes = await listOobCodes();
  expect(
    codes.some((code) => code.email === member.email && code.requestType === 'PASSWORD_RESET'),
  ).toBe(true);
});
