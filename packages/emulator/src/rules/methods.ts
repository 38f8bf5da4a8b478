// Methods of each rules type (`x.size()`, `m.diff(n).affectedKeys()`, `s.matches(re)` …),
// dispatched on the receiver's type. A method that does not exist for the receiver, or the
// wrong number or types of arguments, is an evaluation error.
import { RulesEvalError } from './errors.js';
import { valuesEqual } from './operators.js';
import { regexMatches, regexReplace, regexSplit } from './regex.js';
import { codePointLength } from './strings.js';
import { NANOS_PER_SECOND, TIMESTAMP_FIELDS, timestampDate, timestampTime } from './time.js';
import {
  assertComplete,
  bool,
  canonicalKey,
  float,
  int,
  list,
  setOf,
  str,
  type LatLngValue,
  type ListValue,
  type MapDiffValue,
  type MapValue,
  type RulesValue,
  type SetValue,
} from './values.js';

type Method<T extends RulesValue> = (receiver: T, args: readonly RulesValue[]) => RulesValue;
type MethodTable<T extends RulesValue> = Readonly<
  Record<string, { arity: readonly number[]; call: Method<T> }>
>;

function expect<K extends RulesValue['type']>(
  value: RulesValue,
  type: K,
  what: string,
): Extract<RulesValue, { type: K }> {
  if (value.type !== type)
    throw new RulesEvalError(`${what} expects a ${type}, got ${value.type}.`);
  return value as Extract<RulesValue, { type: K }>;
}

/** Elements of a list or set argument (hasAll, hasAny, hasOnly accept either). */
function collectionItems(value: RulesValue, what: string): readonly RulesValue[] {
  if (value.type === 'list' || value.type === 'set') return value.items;
  throw new RulesEvalError(`${what} expects a list or set, got ${value.type}.`);
}

function keySet(items: readonly RulesValue[]): Set<string> {
  return new Set(items.map(canonicalKey));
}

const collectionMethods = {
  size: { arity: [0], call: (r: ListValue | SetValue) => int(BigInt(r.items.length)) },
  hasAll: {
    arity: [1],
    call: (r: ListValue | SetValue, [other]: readonly RulesValue[]) => {
      const keys = keySet(r.items);
      return bool(collectionItems(other!, 'hasAll()').every((v) => keys.has(canonicalKey(v))));
    },
  },
  hasAny: {
    arity: [1],
    call: (r: ListValue | SetValue, [other]: readonly RulesValue[]) => {
      const keys = keySet(r.items);
      return bool(collectionItems(other!, 'hasAny()').some((v) => keys.has(canonicalKey(v))));
    },
  },
  hasOnly: {
    arity: [1],
    call: (r: ListValue | SetValue, [other]: readonly RulesValue[]) => {
      const keys = keySet(collectionItems(other!, 'hasOnly()'));
      return bool(r.items.every((v) => keys.has(canonicalKey(v))));
    },
  },
} as const;

const LIST_METHODS: MethodTable<ListValue> = {
  ...collectionMethods,
  concat: {
    arity: [1],
    call: (r, [other]) => list([...r.items, ...expect(other!, 'list', 'concat()').items]),
  },
  join: {
    arity: [0, 1],
    call: (r, [separator]) => {
      const glue = separator === undefined ? '' : expect(separator, 'string', 'join()').value;
      return str(r.items.map((item) => expect(item, 'string', 'join()').value).join(glue));
    },
  },
  removeAll: {
    arity: [1],
    call: (r, [other]) => {
      const removed = keySet(collectionItems(other!, 'removeAll()'));
      return list(r.items.filter((item) => !removed.has(canonicalKey(item))));
    },
  },
  toSet: { arity: [0], call: (r) => setOf(r.items) },
};

const SET_METHODS: MethodTable<SetValue> = {
  ...collectionMethods,
  difference: {
    arity: [1],
    call: (r, [other]) => {
      const removed = keySet(expect(other!, 'set', 'difference()').items);
      return setOf(r.items.filter((item) => !removed.has(canonicalKey(item))));
    },
  },
  intersection: {
    arity: [1],
    call: (r, [other]) => {
      const kept = keySet(expect(other!, 'set', 'intersection()').items);
      return setOf(r.items.filter((item) => kept.has(canonicalKey(item))));
    },
  },
  union: {
    arity: [1],
    call: (r, [other]) => setOf([...r.items, ...expect(other!, 'set', 'union()').items]),
  },
};

function sortedKeys(m: MapValue): string[] {
  return [...m.entries.keys()].sort();
}

/** `m.get(key, default)`; a list key walks nested maps. Known keys of a partial map are readable. */
function mapGet(m: MapValue, key: RulesValue, fallback: RulesValue): RulesValue {
  const steps =
    key.type === 'list'
      ? key.items.map((k) => expect(k, 'string', 'get()').value)
      : [expect(key, 'string', 'get()').value];
  let current: RulesValue = m;
  for (const step of steps) {
    if (current.type !== 'map') return fallback;
    const next = current.entries.get(step);
    if (next === undefined) {
      assertComplete(current);
      return fallback;
    }
    current = next;
  }
  return current;
}

const MAP_METHODS: MethodTable<MapValue> = {
  size: { arity: [0], call: (r) => (assertComplete(r), int(BigInt(r.entries.size))) },
  keys: { arity: [0], call: (r) => (assertComplete(r), list(sortedKeys(r).map(str))) },
  values: {
    arity: [0],
    call: (r) => (assertComplete(r), list(sortedKeys(r).map((k) => r.entries.get(k)!))),
  },
  get: { arity: [2], call: (r, [key, fallback]) => mapGet(r, key!, fallback!) },
  diff: {
    arity: [1],
    call: (r, [other]) => {
      const right = expect(other!, 'map', 'diff()');
      assertComplete(r);
      assertComplete(right);
      return { type: 'map_diff', left: r, right };
    },
  },
};

function diffKeys(
  d: MapDiffValue,
  keep: (inLeft: boolean, inRight: boolean, same: boolean) => boolean,
): SetValue {
  const keys = new Set([...d.left.entries.keys(), ...d.right.entries.keys()]);
  const selected: RulesValue[] = [];
  for (const key of [...keys].sort()) {
    const left = d.left.entries.get(key);
    const right = d.right.entries.get(key);
    const same = left !== undefined && right !== undefined && valuesEqual(left, right);
    if (keep(left !== undefined, right !== undefined, same)) selected.push(str(key));
  }
  return setOf(selected);
}

/** `left.diff(right)`: "added" keys are in left only, "removed" in right only. */
const MAP_DIFF_METHODS: MethodTable<MapDiffValue> = {
  addedKeys: { arity: [0], call: (d) => diffKeys(d, (l, r) => l && !r) },
  removedKeys: { arity: [0], call: (d) => diffKeys(d, (l, r) => !l && r) },
  changedKeys: { arity: [0], call: (d) => diffKeys(d, (l, r, same) => l && r && !same) },
  unchangedKeys: { arity: [0], call: (d) => diffKeys(d, (l, r, same) => l && r && same) },
  affectedKeys: { arity: [0], call: (d) => diffKeys(d, (_l, _r, same) => !same) },
};

const STRING_METHODS: MethodTable<Extract<RulesValue, { type: 'string' }>> = {
  size: { arity: [0], call: (r) => int(BigInt(codePointLength(r.value))) },
  lower: { arity: [0], call: (r) => str(r.value.toLowerCase()) },
  upper: { arity: [0], call: (r) => str(r.value.toUpperCase()) },
  trim: { arity: [0], call: (r) => str(r.value.trim()) },
  matches: {
    arity: [1],
    call: (r, [re]) => bool(regexMatches(expect(re!, 'string', 'matches()').value, r.value)),
  },
  replace: {
    arity: [2],
    call: (r, [re, sub]) =>
      str(
        regexReplace(
          r.value,
          expect(re!, 'string', 'replace()').value,
          expect(sub!, 'string', 'replace()').value,
        ),
      ),
  },
  split: {
    arity: [1],
    call: (r, [re]) => list(regexSplit(r.value, expect(re!, 'string', 'split()').value).map(str)),
  },
  toUtf8: {
    arity: [0],
    call: (r) => ({ type: 'bytes', value: new Uint8Array(Buffer.from(r.value, 'utf8')) }),
  },
};

const BYTES_METHODS: MethodTable<Extract<RulesValue, { type: 'bytes' }>> = {
  size: { arity: [0], call: (r) => int(BigInt(r.value.length)) },
  toBase64: { arity: [0], call: (r) => str(Buffer.from(r.value).toString('base64')) },
  toHexString: { arity: [0], call: (r) => str(Buffer.from(r.value).toString('hex').toUpperCase()) },
};

const TIMESTAMP_METHODS: MethodTable<Extract<RulesValue, { type: 'timestamp' }>> = {
  ...Object.fromEntries(
    Object.entries(TIMESTAMP_FIELDS).map(([name, field]) => [name, { arity: [0], call: field }]),
  ),
  date: { arity: [0], call: timestampDate },
  time: { arity: [0], call: timestampTime },
};

const DURATION_METHODS: MethodTable<Extract<RulesValue, { type: 'duration' }>> = {
  /** Whole seconds, truncated toward zero as production's duration.seconds() is. */
  seconds: { arity: [0], call: (d) => int(d.nanos / NANOS_PER_SECOND) },
  /** The sub-second part, with the sign of the duration. */
  nanos: { arity: [0], call: (d) => int(d.nanos % NANOS_PER_SECOND) },
};

const EARTH_RADIUS_METERS = 6_371_008.8;

function distanceMeters(a: LatLngValue, b: LatLngValue): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

const LATLNG_METHODS: MethodTable<LatLngValue> = {
  latitude: { arity: [0], call: (r) => float(r.lat) },
  longitude: { arity: [0], call: (r) => float(r.lng) },
  distance: {
    arity: [1],
    call: (r, [other]) => float(distanceMeters(r, expect(other!, 'latlng', 'distance()'))),
  },
};

const TABLES: Partial<Record<RulesValue['type'], MethodTable<never>>> = {
  list: LIST_METHODS as MethodTable<never>,
  set: SET_METHODS as MethodTable<never>,
  map: MAP_METHODS as MethodTable<never>,
  map_diff: MAP_DIFF_METHODS as MethodTable<never>,
  string: STRING_METHODS as MethodTable<never>,
  bytes: BYTES_METHODS as MethodTable<never>,
  timestamp: TIMESTAMP_METHODS as MethodTable<never>,
  duration: DURATION_METHODS as MethodTable<never>,
  latlng: LATLNG_METHODS as MethodTable<never>,
};

export function callMethod(
  receiver: RulesValue,
  name: string,
  args: readonly RulesValue[],
): RulesValue {
  const method = TABLES[receiver.type]?.[name];
  if (method === undefined || !Object.hasOwn(TABLES[receiver.type]!, name)) {
    throw new RulesEvalError(`Function not found error: Name: [${name}] on ${receiver.type}.`);
  }
  if (!method.arity.includes(args.length)) {
    throw new RulesEvalError(
      `${name}() expects ${method.arity.join(' or ')} arguments, got ${args.length}.`,
    );
  }
  return method.call(receiver as never, args);
}

/** Every method name of every type, for compile-time checks of misspelt methods. */
export const METHOD_NAMES: ReadonlySet<string> = new Set(
  Object.values(TABLES).flatMap((table) => Object.keys(table)),
);
