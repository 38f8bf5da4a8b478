// From a Lighthouse result (LHR) to one row of the bench table: the four category scores, the
// five metrics the performance score weighs, and the budget the row is held to. Pure; see the
// tests. The scores and metrics are Lighthouse's own, only rounded the way its report rounds them.

/** The budget on mobile for `/` signed in and a public showcase page. */
export const MOBILE_BUDGET = {
  performance: 97,
  accessibility: 100,
  bestPractices: 100,
  seo: 90,
  lcpMs: 1800,
};

const CATEGORIES = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best-practices',
  seo: 'seo',
};

const METRICS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

/**
 * Scores 0–100 (rounded as the report shows them; `null` when Lighthouse could not score the
 * category) and metrics in ms (CLS unitless; `NaN` when missing).
 */
export function summarize(lhr) {
  const scores = {};
  for (const [key, id] of Object.entries(CATEGORIES)) {
    const score = lhr.categories?.[id]?.score;
    scores[key] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  const metrics = {};
  for (const [key, id] of Object.entries(METRICS)) {
    const value = lhr.audits?.[id]?.numericValue;
    metrics[key] = typeof value === 'number' ? value : Number.NaN;
  }
  return { scores, metrics };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Every way `summary` falls short of `budget`, as short phrases; empty when it is met. */
export function budgetMisses({ scores, metrics }, budget) {
  const misses = [];
  const atLeast = (label, score, minimum) => {
    if (score === null || score < minimum) misses.push(`${label} ${score ?? 'not scored'}`);
  };
  atLeast('perf', scores.performance, budget.performance);
  atLeast('a11y', scores.accessibility, budget.accessibility);
  atLeast('BP', scores.bestPractices, budget.bestPractices);
  atLeast('SEO', scores.seo, budget.seo);
  if (!(metrics.lcp <= budget.lcpMs)) {
    misses.push(`LCP ${Number.isNaN(metrics.lcp) ? 'not measured' : seconds(metrics.lcp)}`);
  }
  return misses;
}

export function formatBudget(budget) {
  const bound = (label, minimum) => `${label} ${minimum === 100 ? '' : '≥ '}${minimum}`;
  return [
    bound('perf', budget.performance),
    bound('a11y', budget.accessibility),
    bound('BP', budget.bestPractices),
    bound('SEO', budget.seo),
    `LCP ≤ ${budget.lcpMs / 1000} s`,
  ].join(' · ');
}

export function formatSummary({ scores, metrics }) {
  const score = (value) => (value === null ? '–' : String(value));
  const ms = (value) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
  const time = (value) => (Number.isNaN(value) ? '–' : seconds(value));
  return [
    `perf ${score(scores.performance)}`,
    `a11y ${score(scores.accessibility)}`,
    `BP ${score(scores.bestPractices)}`,
    `SEO ${score(scores.seo)}`,
    `LCP ${time(metrics.lcp)}`,
    `FCP ${time(metrics.fcp)}`,
    `TBT ${ms(metrics.tbt)}`,
    `CLS ${Number.isNaN(metrics.cls) ? '–' : metrics.cls.toFixed(3)}`,
    `SI ${time(metrics.si)}`,
  ].join(' · ');
}

/** The goal cell: the budget and whether the run met it, so a miss shows in the table itself. */
export function formatGoal(summary, budget) {
  if (budget === undefined) return '—';
  const misses = budgetMisses(summary, budget);
  return `${formatBudget(budget)}: ${misses.length === 0 ? 'met' : `MISSED (${misses.join(', ')})`}`;
}
