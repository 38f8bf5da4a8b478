/** Signing in through the sign-in screen itself, as a person does. */
import { page } from 'vitest/browser';
import type { Account } from './emulator-rest';

/** Fills **Email** and **Password** on the sign-in screen and presses **Sign in**. */
export async function signInWithForm(account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.getByLabelText('Email', { exact: true }).fill(account.email);
  await page.getByLabelText('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
