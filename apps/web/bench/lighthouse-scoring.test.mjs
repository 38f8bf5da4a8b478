import { describe, expect, it } from 'vitest';
import {
  accessibilityScore,
  cumulativeLayoutShift,
  DESKTOP_CURVES,
  erf,
  logNormalScore,
  percentile,
  performanceScore,
  totalBlockingTime,
} from './lighthouse-scoring.mjs';

describe('erf', () => {
  it('matches known values', () => {
    expect(erf(0)).toBeCloseTo(0, 6);
    expect(erf(0.5)).toBeCloseTo(0.5204999, 6);
    expect(erf(1)).toBeCloseTo(0.8427008, 6);
    expect(erf(-1)).toBeCloseTo(-0.8427008, 6);
    expect(erf(3)).toBeCloseTo(0.9999779, 6);
  });
});

describe('logNormalScore', () => {
  const curve = { p10: 1200, median: 2400 };
  it('passes through its control points', () => {
    expect(logNormalScore(curve, 1200)).toBeCloseTo(0.9, 3);
    expect(logNormalScore(curve, 2400)).toBeCloseTo(0.5, 3);
  });
  it('is 1 at zero and falls monotonically', () => {
    expect(logNormalScore(curve, 0)).toBe(1);
    const values = [100, 600, 1200, 1800, 2400, 4000, 10000].map((value) =>
      logNormalScore(curve, value),
    );
    for (let index = 1; index < values.length; index += 1)
      expect(values[index]).toBeLessThanOrEqual(values[index - 1]);
    expect(values.at(-1)).toBeLessThan(0.1);
  });
  it('keeps each value in its band', () => {
    expect(logNormalScore(curve, 1199)).toBeGreaterThanOrEqual(0.9);
    expect(logNormalScore(curve, 1201)).toBeLessThan(0.9);
    expect(logNormalScore(curve, 2401)).toBeLessThan(0.5);
  });
});

describe('cumulativeLayoutShift', () => {
  it('takes the worst session window and ignores shifts after input', () => {
    expect(
      cumulativeLayoutShift([
        { startTime: 0, value: 0.05 },
        { startTime: 500, value: 0.05 },
        // A gap over 1 s opens a new window.
        { startTime: 2000, value: 0.2 },
        { startTime: 2100, value: 0.5, hadRecentInput: true },
      ]),
    ).toBeCloseTo(0.2, 6);
  });
  it('caps a window at 5 s', () => {
    const shifts = Array.from({ length: 12 }, (_, index) => ({
      startTime: index * 900,
      value: 0.01,
    }));
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.06, 6);
  });
  it('is 0 without shifts', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
  });
});

describe('totalBlockingTime', () => {
  it('counts the part of each long task beyond 50 ms after FCP', () => {
    expect(
      totalBlockingTime(
        [
          { startTime: 0, duration: 300 }, // before FCP at 100: only 200 ms count → 150
          { startTime: 400, duration: 80 }, // 30
          { startTime: 600, duration: 40 }, // short: 0
        ],
        100,
      ),
    ).toBe(180);
  });
  it('stops at the end of the window', () => {
    expect(totalBlockingTime([{ startTime: 900, duration: 400 }], 0, 1000)).toBe(50);
  });
});

describe('performanceScore', () => {
  it('is 100 for instant pages and low for slow ones', () => {
    expect(performanceScore({ fcp: 100, si: 100, lcp: 100, tbt: 0, cls: 0 }).score).toBe(100);
    expect(
      performanceScore({ fcp: 8000, si: 9000, lcp: 9000, tbt: 3000, cls: 0.8 }).score,
    ).toBeLessThan(10);
  });
  it('weights the median point at 50', () => {
    const medians = Object.fromEntries(
      Object.entries(DESKTOP_CURVES).map(([name, curve]) => [name, curve.median]),
    );
    expect(performanceScore(medians).score).toBe(50);
  });
  it('renormalizes when a metric is missing', () => {
    const { score, scores } = performanceScore({ tbt: 0 });
    expect(score).toBe(100);
    expect(Object.keys(scores)).toEqual(['tbt']);
  });
});

describe('accessibilityScore', () => {
  it('weights failures by impact and ignores inapplicable rules', () => {
    expect(accessibilityScore({ passes: [{ id: 'a' }, { id: 'b' }], violations: [] })).toBe(100);
    expect(
      accessibilityScore({
        passes: [{ id: 'a', impact: null }],
        violations: [{ id: 'c', impact: 'critical' }],
      }),
    ).toBe(Math.round((3 / 13) * 100));
  });
});

describe('percentile', () => {
  it('uses nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });
});
