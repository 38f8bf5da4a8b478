import { describe, expect, it } from 'vitest';
import { formatRelativeDate } from './format';

// A fixed clock in local time, so calendar days do not depend on when or where the test runs.
const now = new Date(2026, 10, 24, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const minutes = (count: number) => count * 60_000;
const hours = (count: number) => count * minutes(60);

describe('formatRelativeDate', () => {
  it('says "just now" for the last minute and for a clock slightly ahead', () => {
    expect(formatRelativeDate(now, now, 'en-US')).toBe('just now');
    expect(formatRelativeDate(ago(59_000), now, 'en-US')).toBe('just now');
    expect(formatRelativeDate(ago(-30_000), now, 'en-US')).toBe('just now');
  });

  it('counts whole minutes, then whole hours within the same day', () => {
    expect(formatRelativeDate(ago(60_000), now, 'en-US')).toBe('1 min. ago');
    expect(formatRelativeDate(ago(minutes(5) + 40_000), now, 'en-US')).toBe('5 min. ago');
    expect(formatRelativeDate(ago(minutes(59)), now, 'en-US')).toBe('59 min. ago');
    expect(formatRelativeDate(ago(hours(1)), now, 'en-US')).toBe('1 hr. ago');
    expect(formatRelativeDate(ago(hours(3) + minutes(59)), now, 'en-US')).toBe('3 hr. ago');
  });

  it('counts calendar days past the first hour: late last night read at 2 am is "yesterday"', () => {
    const night = new Date(2026, 10, 24, 2, 0);
    expect(formatRelativeDate(new Date(2026, 10, 24, 0, 30), night, 'en-US')).toBe('1 hr. ago');
    expect(formatRelativeDate(new Date(2026, 10, 23, 23, 50), night, 'en-US')).toBe('yesterday');
    expect(formatRelativeDate(new Date(2026, 10, 23, 8, 0), now, 'en-US')).toBe('yesterday');
    expect(formatRelativeDate(new Date(2026, 10, 21, 13, 0), now, 'en-US')).toBe('3 days ago');
  });

  it('shows the localized date from a week back', () => {
    expect(formatRelativeDate(new Date(2026, 10, 17, 12, 0), now, 'en-US')).toBe('Nov 17, 2026');
    expect(formatRelativeDate(new Date(2025, 0, 5), now, 'en-US')).toBe('Jan 5, 2025');
    expect(formatRelativeDate(new Date(2025, 0, 5), now, 'de-DE')).toBe('05.01.2025');
  });

  it('follows the locale for numbers and units', () => {
    expect(formatRelativeDate(ago(minutes(5)), now, 'de-DE')).toBe('vor 5 Min.');
    expect(formatRelativeDate(new Date(2026, 10, 23, 8, 0), now, 'de-DE')).toBe('gestern');
  });
});
