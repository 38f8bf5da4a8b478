import { describe, expect, it } from 'vitest';
import {
  MOBILE_BUDGET,
  budgetMisses,
  formatBudget,
  formatGoal,
  formatSummary,
  summarize,
} from './lighthouse-summary.mjs';

/** A Lighthouse result with the parts the summary reads. */
function lhr({
  performance = 0.97,
  accessibility = 1,
  bestPractices = 1,
  seo = 0.9,
  lcp = 1800,
} = {}) {
  return {
    categories: {
      performance: { score: performance },
      accessibility: { score: accessibility },
      'best-practices': { score: bestPractices },
      seo: { score: seo },
    },
    audits: {
      'largest-contentful-paint': { numericValue: lcp },
      'first-contentful-paint': { numericValue: 912.4 },
      'total-blocking-time': { numericValue: 35.6 },
      'cumulative-layout-shift': { numericValue: 0.0123 },
      'speed-index': { numericValue: 1530 },
    },
  };
}

describe('summarize', () => {
  it('rounds category scores as the report shows them and keeps metrics in ms', () => {
    const summary = summarize(lhr({ performance: 0.605, seo: 0.914 }));
    expect(summary.scores).toEqual({
      performance: 61,
      accessibility: 100,
      bestPractices: 100,
      seo: 91,
    });
    expect(summary.metrics).toEqual({ lcp: 1800, fcp: 912.4, tbt: 35.6, cls: 0.0123, si: 1530 });
  });

  it('marks a category Lighthouse could not score and a missing metric', () => {
    const result = lhr();
    result.categories.performance.score = null;
    delete result.audits['largest-contentful-paint'];
    const summary = summarize(result);
    expect(summary.scores.performance).toBeNull();
    expect(summary.metrics.lcp).toBeNaN();
    expect(formatSummary(summary)).toMatch(/^perf – · .* · LCP – · /);
  });
});

describe('budgetMisses', () => {
  it('is empty on the budget’s edge (perf 97, SEO 90, LCP 1.8 s)', () => {
    expect(budgetMisses(summarize(lhr()), MOBILE_BUDGET)).toEqual([]);
  });

  it('names each score one point short of the budget', () => {
    const summary = summarize(
      lhr({ performance: 0.96, accessibility: 0.99, bestPractices: 0.99, seo: 0.89 }),
    );
    expect(budgetMisses(summary, MOBILE_BUDGET)).toEqual(['perf 96', 'a11y 99', 'BP 99', 'SEO 89']);
  });

  it('names an LCP one millisecond over, and one not measured', () => {
    expect(budgetMisses(summarize(lhr({ lcp: 1801 })), MOBILE_BUDGET)).toEqual(['LCP 1.80 s']);
    const result = lhr();
    delete result.audits['largest-contentful-paint'];
    expect(budgetMisses(summarize(result), MOBILE_BUDGET)).toEqual(['LCP not measured']);
  });

  it('counts an unscored category as a miss', () => {
    const result = lhr();
    result.categories.seo.score = null;
    expect(budgetMisses(summarize(result), MOBILE_BUDGET)).toEqual(['SEO not scored']);
  });
});

describe('the table cells', () => {
  it('prints the scores and metrics of a run', () => {
    expect(formatSummary(summarize(lhr({ performance: 0.61, lcp: 5840 })))).toBe(
      'perf 61 · a11y 100 · BP 100 · SEO 90 · LCP 5.84 s · FCP 0.91 s · TBT 36 ms · CLS 0.012 · SI 1.53 s',
    );
  });

  it('states the budget and whether it was met', () => {
    expect(formatBudget(MOBILE_BUDGET)).toBe(
      'perf ≥ 97 · a11y 100 · BP 100 · SEO ≥ 90 · LCP ≤ 1.8 s',
    );
    expect(formatGoal(summarize(lhr()), MOBILE_BUDGET)).toMatch(/: met$/);
    expect(formatGoal(summarize(lhr({ performance: 0.61, lcp: 5840 })), MOBILE_BUDGET)).toMatch(
      /: MISSED \(perf 61, LCP 5\.84 s\)$/,
    );
    expect(formatGoal(summarize(lhr()), undefined)).toBe('—');
  });
});
