import { describe, expect, it } from 'vitest';
import {
  CLEANUP_ATTEMPTS_MAX,
  cleanupDue,
  cleanupPause,
  cleanupQueued,
  cleanupSettled,
  readCleanupQueue,
} from './cleanup-queue';

const A = 'gs://b/users/u1/showcases/s1/i/480.webp';
const B = 'gs://b/users/u1/showcases/s1/i/960.webp';
const C = 'gs://b/users/u2/showcases/s9/i/480.webp';

describe('the clean-up queue', () => {
  it('adds failed objects once, each with its owner', () => {
    const queue = cleanupQueued(cleanupQueued([], 'u1', [A, B], 0), 'u1', [B], 5);
    expect(queue).toEqual([
      { object: A, ownerUid: 'u1', attempts: 1, triedAt: 0 },
      { object: B, ownerUid: 'u1', attempts: 1, triedAt: 0 },
    ]);
  });

  it("is due for the signed-in owner's objects once their pause is over", () => {
    const queue = [...cleanupQueued([], 'u1', [A], 0), ...cleanupQueued([], 'u2', [C], 0)];
    expect(cleanupDue(queue, 'u1', cleanupPause(1) - 1)).toEqual([]);
    expect(cleanupDue(queue, 'u1', cleanupPause(1))).toEqual([A]);
    expect(cleanupDue(queue, 'u3', 10 ** 12)).toEqual([]);
  });

  it('pauses 30 s, doubling, at most 6 hours', () => {
    expect([1, 2, 3].map(cleanupPause)).toEqual([30_000, 60_000, 120_000]);
    expect(cleanupPause(30)).toBe(6 * 60 * 60 * 1000);
  });

  it('drops what was deleted, was gone or was refused; a failure waits longer', () => {
    const queue = cleanupQueued([], 'u1', [A, B, C], 0);
    const outcomes = new Map([
      [A, 'deleted'],
      [B, 'failed'],
      [C, 'refused'],
    ] as const);
    expect(cleanupSettled(queue, outcomes, 100)).toEqual([
      { object: B, ownerUid: 'u1', attempts: 2, triedAt: 100 },
    ]);
    expect(cleanupSettled(queue, new Map([[A, 'gone']]), 100)).toHaveLength(2);
  });

  it('gives up after the last attempt', () => {
    const worn = [{ object: A, ownerUid: 'u1', attempts: CLEANUP_ATTEMPTS_MAX, triedAt: 0 }];
    expect(cleanupSettled(worn, new Map([[A, 'failed']]), 1)).toEqual([]);
  });

  it('reads a stored queue defensively', () => {
    const stored = JSON.stringify([
      { object: A, ownerUid: 'u1', attempts: 1, triedAt: 0 },
      { object: 'https://evil.example/x', ownerUid: 'u1', attempts: 1, triedAt: 0 },
      'junk',
    ]);
    expect(readCleanupQueue(stored)).toEqual([
      { object: A, ownerUid: 'u1', attempts: 1, triedAt: 0 },
    ]);
    expect(readCleanupQueue('{')).toEqual([]);
    expect(readCleanupQueue(null)).toEqual([]);
  });
});
