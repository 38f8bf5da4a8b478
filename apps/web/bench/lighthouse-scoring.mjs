// Lighthouse's scoring, re-implemented from its published method, for metrics we measure in
// Chromium ourselves (Lighthouse itself is not installed). Pure functions; see the tests.
//
// Performance: each metric is scored on a log-normal curve fixed by two control points (the
// 10th percentile scores 0.9, the median 0.5), then the scores are averaged with fixed weights.
// Accessibility: a weighted share of the applicable checks that pass.

/** Lighthouse 10–12 desktop control points (ms, CLS unitless) and weights. */
export const DESKTOP_CURVES = {
  fcp: { p10: 934, median: 1600, weight: 10 },
  si: { p10: 1311, median: 2300, weight: 10 },
  lcp: { p10: 1200, median: 2400, weight: 25 },
  tbt: { p10: 150, median: 350, weight: 30 },
  cls: { p10: 0.1, median: 0.25, weight: 25 },
};

/** Abramowitz–Stegun 7.1.26, the approximation Lighthouse uses (|error| < 1.5e-7). */
export function erf(x) {
  const sign = Math.sign(x);
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-x * x));
}

/**
 * The score (0–1) of `value` on the log-normal curve through (p10 → 0.9) and (median → 0.5),
 * clamped into the band the value falls in, as Lighthouse does.
 */
export function logNormalScore({ p10, median }, value) {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const xLogRatio = Math.log(Math.max(Number.MIN_VALUE, value / median));
  const p10LogRatio = -Math.log(Math.max(Number.MIN_VALUE, p10 / median));
  const standardizedX = (xLogRatio * INVERSE_ERFC_ONE_FIFTH) / p10LogRatio;
  const complementaryPercentile = (1 - erf(standardizedX)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, complementaryPercentile));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, complementaryPercentile));
  return Math.max(0, Math.min(0.49999999999999994, complementaryPercentile));
}

/**
 * Cumulative Layout Shift as Chrome defines it: the largest session window of shifts without
 * recent input (a window ends after a 1 s gap or 5 s in total).
 * @param {{ startTime: number, value: number, hadRecentInput?: boolean }[]} shifts
 */
export function cumulativeLayoutShift(shifts) {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.hadRecentInput) continue;
    if (shift.startTime - previous > 1000 || shift.startTime - windowStart > 5000) {
      current = 0;
      windowStart = shift.startTime;
    }
    current += shift.value;
    previous = shift.startTime;
    worst = Math.max(worst, current);
  }
  return worst;
}

/**
 * Total Blocking Time: for every long task after First Contentful Paint and before the end of
 * the window, the part beyond 50 ms (tasks straddling FCP count only their later part).
 * @param {{ startTime: number, duration: number }[]} tasks
 */
export function totalBlockingTime(tasks, fcp, end = Infinity) {
  let total = 0;
  for (const task of tasks) {
    const start = Math.max(task.startTime, fcp);
    const finish = Math.min(task.startTime + task.duration, end);
    const blocking = finish - start - 50;
    if (blocking > 0) total += blocking;
  }
  return total;
}

/**
 * The weighted performance score (0–100) from metric values; metrics left out are dropped and
 * the remaining weights renormalized.
 * @param {Partial<Record<keyof typeof DESKTOP_CURVES, number>>} metrics
 */
export function performanceScore(metrics, curves = DESKTOP_CURVES) {
  let weighted = 0;
  let weights = 0;
  const scores = {};
  for (const [name, curve] of Object.entries(curves)) {
    const value = metrics[name];
    if (value === undefined || Number.isNaN(value)) continue;
    const score = logNormalScore(curve, value);
    scores[name] = score;
    weighted += score * curve.weight;
    weights += curve.weight;
  }
  return { score: weights === 0 ? 0 : Math.round((weighted / weights) * 100), scores };
}

/** Weight of an axe rule by the impact of its failures, mirroring Lighthouse's 10/7/3/1 tiers. */
export const IMPACT_WEIGHTS = { critical: 10, serious: 7, moderate: 3, minor: 1 };

/**
 * Accessibility score (0–100): every applicable axe rule is one pass/fail check weighted by its
 * impact; rules with no matching element (inapplicable) do not count, as in Lighthouse.
 * @param {{ passes: { id: string, impact?: string | null }[], violations: { id: string, impact?: string | null }[] }} results
 */
export function accessibilityScore(results) {
  const weight = (rule) => IMPACT_WEIGHTS[rule.impact ?? 'moderate'] ?? IMPACT_WEIGHTS.moderate;
  const failed = new Set(results.violations.map((rule) => rule.id));
  let passed = 0;
  let total = 0;
  for (const rule of results.passes) {
    if (failed.has(rule.id)) continue;
    // Passing rules carry no impact; weight them like their usual failures (moderate if unknown).
    passed += weight(rule);
    total += weight(rule);
  }
  for (const rule of results.violations) total += weight(rule);
  return total === 0 ? 100 : Math.round((passed / total) * 100);
}

/** The p-th percentile (0–100) by nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
