import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, findChromium } from '../src/chromium.js';

const existing =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

describe('findChromium', () => {
  it('prefers CHROME_PATH', () => {
    const found = findChromium({
      env: { CHROME_PATH: '/opt/chrome' },
      exists: existing('/opt/chrome', DEBIAN_CHROMIUM),
      managed: () => '/pw/chrome',
    });
    expect(found).toEqual({ path: '/opt/chrome', source: 'CHROME_PATH' });
  });

  it('fails clearly when CHROME_PATH points at nothing', () => {
    expect(() =>
      findChromium({ env: { CHROME_PATH: '/nope' }, exists: existing(DEBIAN_CHROMIUM) }),
    ).toThrow('CHROME_PATH=/nope is not an executable file.');
  });

  it("then Debian's package", () => {
    const found = findChromium({
      env: {},
      exists: existing(DEBIAN_CHROMIUM, '/pw/chrome'),
      managed: () => '/pw/chrome',
    });
    expect(found).toEqual({ path: DEBIAN_CHROMIUM, source: 'Debian package' });
  });

  it('then a Playwright-managed browser', () => {
    const found = findChromium({
      env: {},
      exists: existing('/pw/chrome'),
      managed: () => '/pw/chrome',
    });
    expect(found).toEqual({ path: '/pw/chrome', source: 'Playwright-managed' });
  });

  it('finds nothing when none exists', () => {
    expect(
      findChromium({ env: {}, exists: existing(), managed: () => '/pw/chrome' }),
    ).toBeUndefined();
    expect(findChromium({ env: {}, exists: existing(), managed: () => undefined })).toBeUndefined();
  });
});
