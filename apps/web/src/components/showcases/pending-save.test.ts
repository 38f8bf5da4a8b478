import { describe, expect, it } from 'vitest';
import { PENDING_SAVE_MAX_AGE_MS, pendingSaveFor, pendingSaveRecord } from './pending-save';

const NOW = Date.UTC(2026, 10, 27, 12);

describe('pendingSaveFor', () => {
  it('asks to save the showcase whose Save the visitor pressed', () => {
    expect(pendingSaveFor(pendingSaveRecord('lamp', NOW), 'lamp', NOW + 60_000)).toBe(true);
  });

  it('asks nothing of another showcase, or when nothing was pressed', () => {
    expect(pendingSaveFor(pendingSaveRecord('lamp', NOW), 'kite', NOW)).toBe(false);
    expect(pendingSaveFor(null, 'lamp', NOW)).toBe(false);
  });

  it('forgets a Save older than the way through sign-in takes, or from a changed clock', () => {
    const stored = pendingSaveRecord('lamp', NOW);
    expect(pendingSaveFor(stored, 'lamp', NOW + PENDING_SAVE_MAX_AGE_MS)).toBe(true);
    expect(pendingSaveFor(stored, 'lamp', NOW + PENDING_SAVE_MAX_AGE_MS + 1)).toBe(false);
    expect(pendingSaveFor(stored, 'lamp', NOW - 1)).toBe(false);
  });

  it('ignores what it did not write', () => {
    for (const stored of ['', 'lamp', '{', 'null', '"lamp"', '{"showcaseId":"lamp"}'])
      expect(pendingSaveFor(stored, 'lamp', NOW)).toBe(false);
    expect(
      pendingSaveFor(JSON.stringify({ showcaseId: 'lamp', at: String(NOW) }), 'lamp', NOW),
    ).toBe(false);
  });
});
