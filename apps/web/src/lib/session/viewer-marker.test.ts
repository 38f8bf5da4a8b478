import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './session-runner';
import {
  readViewerMarker,
  SESSION_KIND_KEY,
  SESSION_MARKER_KEY,
  writeViewerMarker,
} from './viewer-marker';

function memory(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => (value === null ? values.delete(key) : values.set(key, value)),
  };
}

describe('viewer marker', () => {
  it('tells a guest, a member and nobody apart', () => {
    const local = memory();
    writeViewerMarker(local, { uid: 'g1', isAnonymous: true });
    expect(readViewerMarker(local)).toEqual({ kind: 'guest', uid: 'g1' });
    writeViewerMarker(local, { uid: 'm1', isAnonymous: false });
    expect(readViewerMarker(local)).toEqual({ kind: 'member', uid: 'm1' });
    writeViewerMarker(local, null);
    expect(readViewerMarker(local)).toEqual({ kind: 'visitor', uid: null });
    expect(local.get(SESSION_MARKER_KEY)).toBe(null);
    expect(local.get(SESSION_KIND_KEY)).toBe(null);
  });

  it('reads a uid written without its kind as a visitor, never as a member', () => {
    expect(readViewerMarker(memory({ [SESSION_MARKER_KEY]: 'u1' }))).toEqual({
      kind: 'visitor',
      uid: null,
    });
    const odd = memory({ [SESSION_MARKER_KEY]: 'u1', [SESSION_KIND_KEY]: 'owner' });
    expect(readViewerMarker(odd).kind).toBe('visitor');
  });
});
