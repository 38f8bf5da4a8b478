import { describe, expect, it } from 'vitest';
import { evaluate, outcome } from './testing.js';
import { timestampFromParts } from './values.js';

// 2024-02-29T13:45:30.123456789Z, a Thursday, the 60th day of a leap year.
const t = timestampFromParts(1_709_214_330, 123_456_789);

describe('timestamps', () => {
  it.each([
    ['t.year() == 2024', true],
    ['t.month() == 2', true],
    ['t.day() == 29', true],
    ['t.hours() == 13', true],
    ['t.minutes() == 45', true],
    ['t.seconds() == 30', true],
    ['t.nanos() == 123456789', true],
    ['t.dayOfWeek() == 4', true],
    ['t.dayOfYear() == 60', true],
    ['t.toMillis() == 1709214330123', true],
    ['t.date() == timestamp.date(2024, 2, 29)', true],
    ['t.time() == duration.time(13, 45, 30, 123456789)', true],
    ['timestamp.value(1709214330123) < t', true],
    ["t + duration.value(1, 'd') > t", true],
    ["(t + duration.value(1, 'd')).month() == 3", true],
    ["(t - duration.value(60, 'd')).year() == 2023", true],
    ['t - timestamp.date(2024, 2, 29) == duration.time(13, 45, 30, 123456789)', true],
    ["string(timestamp.value(0)) == '1970-01-01T00:00:00Z'", true],
    ["string(t) == '2024-02-29T13:45:30.123456789Z'", true],
    ['timestamp.value(-1).year() == 1969', true],
    ['timestamp.value(-1).nanos() == 999000000', true],
  ])('%s', (text, expected) => {
    expect(outcome(text, { t })).toBe(expected);
  });

  it.each([
    'timestamp.date(2023, 2, 29)',
    'timestamp.date(2024, 13, 1)',
    "timestamp.date(9999, 12, 31) + duration.value(1, 'd')",
    'timestamp.value(-62135596800001)',
    't + 1',
    't < 1',
  ])('%s is an error', (text) => {
    expect(outcome(`${text} == t`, { t })).toBe('error');
  });
});

describe('durations', () => {
  it.each([
    ["duration.value(90, 's') == duration.time(0, 1, 30, 0)", true],
    ["duration.value(1, 'w') == duration.value(7, 'd')", true],
    ["duration.value(1, 'h') == duration.value(60, 'm')", true],
    ["duration.value(1500, 'ms').seconds() == 1", true],
    ["duration.value(1500, 'ms').nanos() == 500000000", true],
    ["duration.value(-1500, 'ms').seconds() == -1", true],
    ["duration.abs(duration.value(-3, 's')) == duration.value(3, 's')", true],
    ["-duration.value(3, 's') < duration.value(0, 'ns')", true],
    ["duration.value(1, 's') + duration.value(1, 's') == duration.value(2000, 'ms')", true],
    ["string(duration.value(1500, 'ms')) == '1.5s'", true],
  ])('%s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it.each([
    "duration.value(1, 'y')",
    "duration.value(1.5, 's')",
    "duration.value(400000000000, 's')",
  ])('%s is an error', (text) => {
    expect(outcome(`${text} == ${text}`)).toBe('error');
  });

  it('keeps nanosecond precision through arithmetic', () => {
    expect(evaluate("t + duration.value(1, 'ns')", { t })).toEqual({
      type: 'timestamp',
      nanos: t.nanos + 1n,
    });
  });
});

describe('request.time as production gives it', () => {
  it('equals a server timestamp of the same instant', () => {
    const now = timestampFromParts(1_700_000_000, 123_456_000);
    expect(
      outcome('now == written', { now, written: timestampFromParts(1_700_000_000, 123_456_000) }),
    ).toBe(true);
    expect(
      outcome('now == written', { now, written: timestampFromParts(1_700_000_000, 123_457_000) }),
    ).toBe(false);
  });
});
