import { describe, expect, it } from 'vitest';
import { RulesHarness, outcome, user } from './testing.js';

// `E` stands for an expression that fails to evaluate (reading a missing field).
const operand = { T: 'true', F: 'false', E: '{}.missing' } as const;
type Operand = keyof typeof operand;
const result = (r: boolean | 'error'): string => (r === 'error' ? 'E' : r ? 'T' : 'F');

describe('&& absorbs errors the way production does', () => {
  const table: [Operand, Operand, string][] = [
    ['T', 'T', 'T'],
    ['T', 'F', 'F'],
    ['T', 'E', 'E'],
    ['F', 'T', 'F'],
    ['F', 'F', 'F'],
    ['F', 'E', 'F'],
    ['E', 'T', 'E'],
    ['E', 'F', 'F'],
    ['E', 'E', 'E'],
  ];
  it.each(table)('%s && %s is %s', (left, right, expected) => {
    expect(result(outcome(`${operand[left]} && ${operand[right]}`))).toBe(expected);
  });
});

describe('|| absorbs errors the way production does', () => {
  const table: [Operand, Operand, string][] = [
    ['T', 'T', 'T'],
    ['T', 'F', 'T'],
    ['T', 'E', 'T'],
    ['F', 'T', 'T'],
    ['F', 'F', 'F'],
    ['F', 'E', 'E'],
    ['E', 'T', 'T'],
    ['E', 'F', 'E'],
    ['E', 'E', 'E'],
  ];
  it.each(table)('%s || %s is %s', (left, right, expected) => {
    expect(result(outcome(`${operand[left]} || ${operand[right]}`))).toBe(expected);
  });
});

describe('boolean operands', () => {
  it.each([
    ['1 && true', 'error'],
    ["'x' || false", 'error'],
    ['true && 1', 'error'],
    ['false && 1', false],
    ['true || 1', true],
    ['!true', false],
    ['!1', 'error'],
    ['!{}.missing', 'error'],
    ['!(false || {}.missing == 1)', 'error'],
  ])('%s is %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it('absorbs errors through nesting and function-free chains', () => {
    expect(outcome('({}.a == 1 || {}.b == 2) || (1 < 2 && {}.c)')).toBe('error');
    expect(outcome('({}.a == 1 || {}.b == 2) || (1 < 2 && true)')).toBe(true);
    expect(outcome('({}.a == 1 && false) || true')).toBe(true);
  });
});

describe('an error denies only its own allow statement', () => {
  const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow get: if resource.data.missing == true;
      allow get: if request.auth.uid == 'alice';
    }
  }
}`;
  const harness = new RulesHarness(rules);

  it('another allow can still grant', () => {
    expect(harness.get(user('alice'), 'notes/n1')).toBe(true);
  });

  it('denies when every allow is false or fails, and says why', () => {
    const message = harness.denial(() =>
      harness.authorizer.authorizeGet(
        { caller: user('bob'), database: 'projects/demo-test/databases/(default)' },
        {
          time: { seconds: 0, nanos: 0 },
          lookup: harness.lookup,
          name: 'projects/demo-test/databases/(default)/documents/notes/n1',
        },
      ),
    );
    expect(message).toBe(
      "Missing or insufficient permissions.\nevaluation error at L5:21 for 'get' @ L5, Null value error., false for 'get' @ L6",
    );
  });
});
