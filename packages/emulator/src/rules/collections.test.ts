import { describe, expect, it } from 'vitest';
import { outcome } from './testing.js';

describe('lists', () => {
  it.each([
    ['[1, 2, 3].size() == 3', true],
    ['[1, 2][1] == 2', true],
    ['[1, 2, 3][1:] == [2, 3]', true],
    ['[1, 2, 3][:2] == [1, 2]', true],
    ["['a', 'b'].hasAll(['b'])", true],
    ["['a', 'b'].hasAll(['b', 'c'])", false],
    ["['a', 'b'].hasAny(['c', 'a'])", true],
    ["['a', 'b'].hasAny([])", false],
    ["['a', 'b'].hasOnly(['a', 'b', 'c'])", true],
    ["['a', 'd'].hasOnly(['a', 'b', 'c'])", false],
    ["[].hasOnly(['a'])", true],
    ["['a', 'b'].hasAll(['a'].toSet())", true],
    ["['a', 'b'].join('-') == 'a-b'", true],
    ["['a', 'b'].join() == 'ab'", true],
    ['[1].concat([2, 3]) == [1, 2, 3]', true],
    ['[1, 2, 1, 3].removeAll([1]) == [2, 3]', true],
    ['[1, 1, 2].toSet().size() == 2', true],
    ['[1, 1.0].toSet().size() == 1', true],
  ])('%s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it.each([
    '[1][1]',
    '[1][-1]',
    "[1]['0']",
    '[1, 2][1:5]',
    '[1].join()',
    '[1].hasAll(1)',
    '[1].keys()',
  ])('%s is an error', (text) => {
    expect(outcome(`${text} == 1`)).toBe('error');
  });
});

describe('sets', () => {
  it.each([
    ['[1, 2].toSet().union([2, 3].toSet()) == [1, 2, 3].toSet()', true],
    ['[1, 2].toSet().intersection([2, 3].toSet()) == [2].toSet()', true],
    ['[1, 2].toSet().difference([2, 3].toSet()) == [1].toSet()', true],
    ["['a'].toSet().hasOnly(['a', 'b'])", true],
    ["['a', 'c'].toSet().hasAny(['c'].toSet())", true],
    ['2 in [1, 2].toSet()', true],
    ['[1, 2].toSet().size() == 2', true],
  ])('%s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it('set methods want set arguments', () => {
    expect(outcome('[1].toSet().union([2]) == [1, 2].toSet()')).toBe('error');
  });
});

describe('maps', () => {
  const m = "{'a': 1, 'b': {'c': 'deep'}}";
  it.each([
    [`${m}.a == 1`, true],
    [`${m}['a'] == 1`, true],
    [`${m}.b.c == 'deep'`, true],
    [`${m}.size() == 2`, true],
    [`${m}.keys() == ['a', 'b']`, true],
    [`${m}.keys().hasOnly(['a', 'b', 'z'])`, true],
    [`${m}.keys().hasAll(['a', 'b', 'z'])`, false],
    [`${m}.values()[0] == 1`, true],
    [`${m}.get('a', 0) == 1`, true],
    [`${m}.get('z', 0) == 0`, true],
    [`${m}.get(['b', 'c'], 'none') == 'deep'`, true],
    [`${m}.get(['b', 'x'], 'none') == 'none'`, true],
    [`'a' in ${m}`, true],
    [`'c' in ${m}`, false],
  ])('%s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it('reading a missing key is an error, not null', () => {
    expect(outcome(`${m}.z == null`)).toBe('error');
    expect(outcome(`${m}['z'] == null`)).toBe('error');
    expect(outcome('(1).x == 1')).toBe('error');
  });
});

describe('map diffs', () => {
  // `after.diff(before)`, the usual shape in update rules.
  const after = "{'title': 'new', 'likes': 1, 'added': true, 'same': 'x'}";
  const before = "{'title': 'old', 'likes': 1, 'removed': 0, 'same': 'x'}";
  const diff = `${after}.diff(${before})`;
  it.each([
    [`${diff}.addedKeys() == ['added'].toSet()`, true],
    [`${diff}.removedKeys() == ['removed'].toSet()`, true],
    [`${diff}.changedKeys() == ['title'].toSet()`, true],
    [`${diff}.unchangedKeys() == ['likes', 'same'].toSet()`, true],
    [`${diff}.affectedKeys() == ['added', 'removed', 'title'].toSet()`, true],
    [`${diff}.affectedKeys().hasOnly(['title', 'added', 'removed'])`, true],
    [`${diff}.affectedKeys().hasAny(['likes'])`, false],
    ["{'n': 1}.diff({'n': 1.0}).changedKeys().size() == 0", true],
    ["{'m': {'x': 1}}.diff({'m': {'x': 2}}).changedKeys() == ['m'].toSet()", true],
  ])('%s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });

  it('diff wants a map', () => {
    expect(outcome('{}.diff([]).addedKeys().size() == 0')).toBe('error');
  });
});
