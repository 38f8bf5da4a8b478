// Stored documents keep their fields in CompactFields (src/model/compact-fields.ts), not in a
// Map. For toEqual, a field map is a field map: two are equal when they hold equal values under
// the same names, whichever class holds them, as two Maps are.
import { expect } from 'vitest';
import { CompactFields } from '../../src/model/compact-fields.js';

expect.addEqualityTesters([
  function fieldMapsEqual(a: unknown, b: unknown, customTesters) {
    const isFieldMap = (x: unknown) => x instanceof CompactFields || x instanceof Map;
    if (!(a instanceof CompactFields || b instanceof CompactFields)) return undefined;
    if (!isFieldMap(a) || !isFieldMap(b)) return false;
    const left = a as ReadonlyMap<string, unknown>;
    const right = b as ReadonlyMap<string, unknown>;
    if (left.size !== right.size) return false;
    for (const [name, value] of left) {
      if (!right.has(name) || !this.equals(value, right.get(name), customTesters)) return false;
    }
    return true;
  },
]);
