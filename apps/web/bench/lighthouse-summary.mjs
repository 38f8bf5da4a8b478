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

/** The categories scored: the budget's and summary's key, Lighthouse's id, the table's label. */
const CATEGORIES = [
  { key: 'performance', id: 'performance', label: 'perf' },
  { key: 'accessibility', id: 'accessibility', label: 'a11y' },
  { key: 'bestPractices', id: 'best-practices', label: 'BP' },
  { key: 'seo', id: 'seo', label: 'SEO' },
];

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
  for (const { key, id } of CATEGORIES) {
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
  for (const { key, label } of CATEGORIES) {
    const score = scores[key];
    if (score === null || score < budget[key]) misses.push(`${label} ${score ?? 'not scored'}`);
  }
  if (!(metrics.lcp <= budget.lcpMs)) {
    misses.push(`LCP ${Number.isNaN(metrics.lcp) ? 'not measured' : seconds(metrics.lcp)}`);
  }
  return misses;
}

export function formatBudget(budget) {
  return [
    ...CATEGORIES.map(
      ({ key, label }) => `${label} ${budget[key] === 100 ? '' : '≥ '}${budget[key]}`,
    ),
    `LCP ≤ ${budget.lcpMs / 1000} s`,
  ].join(' · ');
}

export function formatSummary({ scores, metrics }) {
  const score = (value) => (value === null ? '–' : String(value));
  const ms = (value) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
  const time = (value) => (Number.isNaN(value) ? '–' : seconds(value));
  return [
    ...CATEGORIES.map(({ key, label }) => `${label} ${score(scores[key])}`),
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
