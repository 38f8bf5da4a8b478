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
