// /reset answers neutrally: the same words whether or not the email has an account (no account
// enumeration), while an account that exists really gets its reset email.
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { oobCodes } from '../../src/testing/auth-emulator-rest';
import { uniqueId } from '../../src/testing/emulator-rest';
import { newMember, renderApp } from '../../src/testing/render-app';

/** Asks for a reset link for `email` on /reset; returns the answer the screen gives. */
async function requestReset(email: string): Promise<string> {
  await renderApp({ path: '/reset' });
  await page.getByLabelText('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page.getByRole('main').getByRole('status').or(page.getByRole('alert'));
  await expect.element(answer).toHaveTextContent(/\S/);
  return answer.element().textContent?.trim() ?? '';
}

test('password reset answers the same way whether or not the account exists', async () => {
  const member = await newMember();
  const forKnown = await requestReset(member.email);
  const forUnknown = await requestReset(`${uniqueId('nobody')}@example.com`);
  expect(forUnknown).toBe(forKnown);
  expect(forKnown).not.toMatch(/not found|no account|doesn.t exist|does not exist/i);
  // The known account really got a reset email from the emulator.
  const codes = await oobCodes();
  expect(
    codes.some((code) => code.email === member.email && code.requestType === 'PASSWORD_RESET'),
  ).toBe(true);
});
