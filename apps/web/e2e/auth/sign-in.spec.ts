// A reload of the built app restores the session before any screen shows: it needs a real page
// load (the SDK reading its persisted user afresh). The sign-in screen's own behaviours are
// screens/auth/sign-in.test.tsx's.
import { recordConsoleErrors } from '../support/console';
import { expect, signInAt, test } from '../support/fixtures';

test('reloading keeps the session without ever showing /welcome', async ({ page, member }) => {
  await signInAt(page, member, '/me');
  await expect(page.getByText(member.email, { exact: true }).first()).toBeVisible();
  // Record every route and whether the welcome screen's content ever rendered during the reload.
  await page.addInitScript(() => {
    const log = { paths: [location.pathname], sawWelcome: false };
    (window as unknown as { __routeLog: typeof log }).__routeLog = log;
    const record = () => log.paths.push(location.pathname);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record();
      };
    }
    addEventListener('popstate', record);
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Continue as guest')) log.sawWelcome = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const consoleErrors = recordConsoleErrors(page);
  await page.reload();
  await expect(page.getByText(member.email, { exact: true }).first()).toBeVisible();
  const log = await page.evaluate(
    () =>
      (window as unknown as { __routeLog: { paths: string[]; sawWelcome: boolean } }).__routeLog,
  );
  expect(log.paths.every((path) => path === '/me')).toBe(true);
  expect(log.sawWelcome).toBe(false);
  await expect(page).toHaveURL(/\/me$/);
  expect(consoleErrors()).toEqual([]);
});
