// /me in every layout: the profile first, then Account details (the 11 user-record fields under
// human labels, with Sign out), then, apart, a danger zone with Delete account; My showcases
// within reach at the top.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { seriousViolations } from '../../src/testing/axe';
import { fitsTheWidth, LAYOUTS, setLayout } from '../../src/testing/layout';
import { currentAddress, screenHeading } from '../../src/testing/locators';
import { newMember, renderApp } from '../../src/testing/render-app';
import {
  USER_RECORD_FIELDS,
  userRecordTerm,
  userRecordText,
  userRecordValue,
} from '../../src/testing/user-record';

/** The main area's headings, top to bottom, as "h1 name". */
function headings(): string[] {
  return [...document.querySelectorAll('main :is(h1, h2, h3, h4, h5, h6)')].map(
    (element) => `${element.tagName.toLowerCase()} ${element.textContent ?? ''}`,
  );
}

describe.each(LAYOUTS)('/me at $name', (layout) => {
  test('shows the profile, then Account details, then a separate danger zone', async () => {
    await setLayout(layout);
    const member = await newMember();
    await renderApp({ path: '/me', as: member });
    await expect.element(screenHeading(member.displayName)).toBeVisible();
    expect(headings()).toEqual([
      `h1 ${member.displayName}`,
      'h2 Edit profile',
      'h2 Email verification',
      'h2 Account details',
      'h2 Danger zone',
    ]);
    await expect.element(page.getByRole('textbox', { name: 'Display name' })).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Photo URL' })).toBeVisible();

    // Every field, labelled in words and visible, in the page's own typeface.
    await expect.poll(() => userRecordText('uid')).toBe(member.uid);
    for (const field of USER_RECORD_FIELDS) {
      expect(userRecordTerm(field), field).toBeVisible();
      expect(userRecordValue(field), field).toBeVisible();
    }
    const details = page.getByRole('region', { name: 'Account details' });
    expect(details.element().textContent).not.toMatch(
      /not set|metadata\.|providerData|isAnonymous/i,
    );
    const fonts = [...details.element().querySelectorAll('dt, dd, code')].map(
      (element) => getComputedStyle(element).fontFamily,
    );
    expect(fonts.filter((font) => /mono/i.test(font))).toEqual([]);
    expect(userRecordText('emailVerified')).toBe('No');
    expect(userRecordText('providerData')).toBe('Email and password');
    expect(userRecordText('tenantId')).toBe('None');

    // Sign out belongs to the account; Delete account stands alone in the danger zone.
    await expect.element(details.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const danger = page.getByRole('region', { name: 'Danger zone' });
    await expect.element(danger.getByRole('button', { name: 'Delete account' })).toBeVisible();
    await expect.element(danger.getByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    await expect
      .element(details.getByRole('button', { name: 'Delete account' }))
      .not.toBeInTheDocument();

    expect(await seriousViolations()).toEqual([]);
    expect(fitsTheWidth()).toBe(true);

    // My showcases is within reach at the top of the page, without scrolling.
    const myShowcases = page.getByRole('main').getByRole('link', { name: 'My showcases' });
    await expect.element(myShowcases).toBeInViewport();
    await myShowcases.click();
    await expect.poll(currentAddress).toBe('/me/showcases');
  });
});
