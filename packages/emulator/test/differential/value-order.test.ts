// Properties of the engine's value order (src/model/values.ts), and agreement with the
// independent reference model on every generated pair.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  valueCanonicalId,
  valueCompare,
  valueEquals,
  valueIdentical,
  valueTypeOrder,
} from '../../src/model/values.js';
import type { Value } from '../../src/model/types.js';
import { referenceCompare, referenceIdentical, referenceTypeRank } from '../reference/values.js';
import { TRAP_VALUES, describeValue, nearValuePairArb, valueArb } from './generators.js';

// fast-check needs a whole number of runs: a fraction never reaches the count and never ends.
const RUNS = 2000;

describe('valueCompare', () => {
  it('agrees with the reference on every pair of trap values', () => {
    for (const a of TRAP_VALUES) {
      for (const b of TRAP_VALUES) {
        expect(valueCompare(a, b), `${describeValue(a)} vs ${describeValue(b)}`).toBe(
          referenceCompare(a, b),
        );
        expect(valueIdentical(a, b), `identical ${describeValue(a)} vs ${describeValue(b)}`).toBe(
          referenceIdentical(a, b),
        );
        expect(
          valueCanonicalId(a) === valueCanonicalId(b),
          `canonical ${describeValue(a)} vs ${describeValue(b)}`,
        ).toBe(referenceCompare(a, b) === 0);
      }
    }
  });

  it('agrees with the reference order on every pair', () => {
    fc.assert(
      fc.property(nearValuePairArb, ([a, b]) => {
        expect(valueCompare(a, b), `${describeValue(a)} vs ${describeValue(b)}`).toBe(
          referenceCompare(a, b),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('ranks types as the reference does', () => {
    fc.assert(
      fc.property(valueArb, valueArb, (a, b) => {
        const engine = Math.sign(valueTypeOrder(a) - valueTypeOrder(b));
        expect(engine, `${describeValue(a)} vs ${describeValue(b)}`).toBe(
          Math.sign(referenceTypeRank(a) - referenceTypeRank(b)),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('is reflexive and antisymmetric', () => {
    fc.assert(
      fc.property(valueArb, valueArb, (a, b) => {
        expect(valueCompare(a, a)).toBe(0);
        expect(
          valueCompare(a, b) + valueCompare(b, a),
          `${describeValue(a)} vs ${describeValue(b)}`,
        ).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('is transitive (checked by sorting triples and comparing every pair)', () => {
    fc.assert(
      fc.property(fc.array(valueArb, { minLength: 3, maxLength: 6 }), (values) => {
        const sorted = [...values].sort(valueCompare);
        for (let i = 0; i < sorted.length; i++) {
          for (let j = i + 1; j < sorted.length; j++) {
            expect(
              valueCompare(sorted[i]!, sorted[j]!),
              `${describeValue(sorted[i]!)} <= ${describeValue(sorted[j]!)}`,
            ).toBeLessThanOrEqual(0);
          }
        }
      }),
      { numRuns: Math.floor(RUNS / 3) },
    );
  });

  it('is a total order that the reference sorts identically', () => {
    fc.assert(
      fc.property(fc.array(valueArb, { maxLength: 8 }), (values) => {
        const engine = [...values].sort(valueCompare);
        const reference = [...values].sort(referenceCompare);
        for (let i = 0; i < engine.length; i++) {
          expect(referenceCompare(engine[i]!, reference[i]!), `position ${i}`).toBe(0);
        }
      }),
      { numRuns: Math.floor(RUNS / 3) },
    );
  });
});

describe('valueEquals, valueIdentical and valueCanonicalId', () => {
  it('valueEquals holds exactly when valueCompare is 0', () => {
    fc.assert(
      fc.property(nearValuePairArb, ([a, b]) => {
        expect(valueEquals(a, b), `${describeValue(a)} vs ${describeValue(b)}`).toBe(
          valueCompare(a, b) === 0,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('valueIdentical agrees with the reference identity and implies valueEquals', () => {
    fc.assert(
      fc.property(nearValuePairArb, ([a, b]) => {
        const label = `${describeValue(a)} vs ${describeValue(b)}`;
        expect(valueIdentical(a, b), label).toBe(referenceIdentical(a, b));
        if (valueIdentical(a, b)) expect(valueEquals(a, b), label).toBe(true);
        expect(valueIdentical(a, a)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('valueCanonicalId is equal exactly for equal values', () => {
    const sameClass = (a: Value, b: Value): boolean => valueCanonicalId(a) === valueCanonicalId(b);
    fc.assert(
      fc.property(nearValuePairArb, ([a, b]) => {
        expect(sameClass(a, b), `${describeValue(a)} vs ${describeValue(b)}`).toBe(
          referenceCompare(a, b) === 0,
        );
      }),
      { numRuns: RUNS },
    );
  });
});
