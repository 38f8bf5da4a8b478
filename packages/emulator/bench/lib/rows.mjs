// Table rows that set ours beside the peer. A figure is `{ value, text }` (value in the unit the
// ratio divides) or a plain string when there is no number: "cannot: …", "not finished in N s".
import { formatRatio } from './stats.mjs';

/** What the peer (gRPC only, no rules) cannot be asked, as its column says it. */
export const PEER_CANNOT = {
  rest: 'cannot: no REST',
  webChannel: 'cannot: no WebChannel',
  browserSdk: 'cannot: no WebChannel (the web SDK needs it)',
};

/** A measured figure; a missing measurement throws here rather than print as a number. */
export function figure(value, text) {
  if (!Number.isFinite(value)) throw new Error(`no measurement behind "${text}"`);
  return { value, text };
}

const textOf = (entry) => (typeof entry === 'string' ? entry : entry.text);

/** A row whose ratio is peer ÷ ours (above 1: ours is smaller, faster or leaner) unless given. */
export function comparedRow({ figure: name, ours, peer, ratio, goal, reference = '—', note }) {
  const numeric = typeof ours !== 'string' && typeof peer !== 'string';
  return {
    figure: name,
    measured: textOf(ours),
    peer: textOf(peer),
    ratio: ratio ?? (numeric ? formatRatio(peer.value, ours.value) : '—'),
    goal,
    reference,
    note,
  };
}
