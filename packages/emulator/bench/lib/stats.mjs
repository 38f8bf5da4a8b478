// Small statistics and formatting helpers for the benches.

/** The q-quantile (0..1) of `values` by nearest rank. */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => quantile(values, 0.5);

export function formatMs(ms) {
  if (!Number.isFinite(ms)) return 'n/a';
  return ms >= 1000
    ? `${(ms / 1000).toFixed(2)} s`
    : ms >= 10
      ? `${ms.toFixed(0)} ms`
      : `${ms.toFixed(1)} ms`;
}

export function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(3)} s`;
}

export function formatMiB(mib) {
  return `${mib.toFixed(0)} MiB`;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `a ÷ b` as a ratio, or '—' when either side is missing. */
export function formatRatio(a, b) {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '—';
}

/**
 * `steps` in round `round`'s order: rotated by one place each round, so each goes first equally
 * often and none always runs on the heels of the same neighbour (the A/B alternation).
 */
export function rotation(steps, round) {
  const shift = round % steps.length;
  return [...steps.slice(shift), ...steps.slice(0, shift)];
}

/**
 * `promise`'s value, or `undefined` once `ms` have passed first (never, for an infinite `ms`).
 * The timer is cleared either way, so a finished bench does not wait for it to exit.
 */
export function withinMs(promise, ms) {
  if (!Number.isFinite(ms)) return promise;
  let timer;
  const expired = new Promise((resolve) => {
    timer = setTimeout(resolve, Math.max(0, ms), undefined);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
