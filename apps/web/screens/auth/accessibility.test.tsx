// The visitor's screens (/welcome, /signin, /signup, /reset) and /me in every layout and colour
// scheme: no serious or critical axe finding, nothing wider than the screen.
import { describe, expect, test } from 'vitest';
import type { Locator } from 'vitest/browser';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { newMember, renderApp } from '../../src/testing/render-app';
import { userRecordText } from '../../src/testing/user-record';

const VISITOR_SCREENS: [path: string, ready: () => Locator][] = [
  ['/welcome', () => page.getByRole('button', { name: 'Continue as guest' })],
  ['/signin', () => page.getByRole('button', { name: 'Continue with Google' })],
  ['/signup', () => page.getByRole('button', { name: 'Create account', exact: true })],
  ['/reset', () => page.getByRole('button', { name: 'Send reset link' })],
];

describe.each(LAYOUTS)('sign-in screens at $name', (layout) => {
  test('/welcome, /signin, /signup, /reset and /me pass axe and fit the width', async () => {
    await setLayout(layout);
    const { router } = await renderApp({ path: '/welcome' });
    for (const [path, ready] of VISITOR_SCREENS) {
      await router.navigate(path);
      await expect.element(ready()).toBeVisible();
      expect(await seriousViolations(), path).toEqual([]);
      expect(fitsTheWidth(), `${path} fits the width`).toBe(true);
    }

    const member = await newMember();
    await renderApp({ path: '/me', as: member });
    await expect.poll(() => userRecordText('email')).toBe(member.email);
    expect(await seriousViolations(), '/me').toEqual([]);
    expect(fitsTheWidth(), '/me fits the width').toBe(true);
  });
});
