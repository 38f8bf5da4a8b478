// Operators with production's semantics:
// - `==`/`!=` across types are false/true, never errors (ints and floats compare as numbers);
// - `<`, `<=`, `>`, `>=` across types are errors;
// - int arithmetic is 64-bit and overflow or division by zero is an error; float arithmetic is
//   IEEE (1.0 / 0 is Infinity, which math.isInfinite can then test);
// - `+` also concatenates strings, lists and bytes, and adds durations to timestamps.
import { RulesEvalError } from './errors.js';
import { addDuration, checkedDuration, subtractTimestamps } from './time.js';
import { assertComplete, bool, canonicalKey, float, int, list, type RulesValue } from './values.js';

function unsupported(op: string, left: RulesValue, right?: RulesValue): RulesEvalError {
  const operands = right === undefined ? left.type : `${left.type} and ${right.type}`;
  return new RulesEvalError(`Unsupported operation: ${op} on ${operands}.`);
}

const isNumber = (v: RulesValue): v is Extract<RulesValue, { type: 'int' | 'float' }> =>
  v.type === 'int' || v.type === 'float';

const toNumber = (v: Extract<RulesValue, { type: 'int' | 'float' }>): number =>
  v.type === 'int' ? Number(v.value) : v.value;

/** Exact comparison of an int and a float (a double cannot represent every int64). */
function compareIntFloat(i: bigint, f: number): number {
  if (Number.isNaN(f)) return NaN;
  if (f === Infinity) return -1;
  if (f === -Infinity) return 1;
  const whole = BigInt(Math.trunc(f));
  if (i !== whole) return i < whole ? -1 : 1;
  const fraction = f - Math.trunc(f);
  return fraction === 0 ? 0 : fraction > 0 ? -1 : 1;
}

function compareNumbers(
  a: Extract<RulesValue, { type: 'int' | 'float' }>,
  b: Extract<RulesValue, { type: 'int' | 'float' }>,
): number {
  if (a.type === 'int' && b.type === 'int')
    return a.value === b.value ? 0 : a.value < b.value ? -1 : 1;
  if (a.type === 'int' && b.type === 'float') return compareIntFloat(a.value, b.value);
  if (a.type === 'float' && b.type === 'int') return -compareIntFloat(b.value, a.value);
  const x = toNumber(a);
  const y = toNumber(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Strings compare by code point (the order of their UTF-8 bytes), not by UTF-16 unit. */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done) return q.done ? 0 : -1;
    if (q.done) return 1;
    const diff = p.value.codePointAt(0)! - q.value.codePointAt(0)!;
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(
    Buffer.from(a.buffer, a.byteOffset, a.byteLength),
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

export function valuesEqual(a: RulesValue, b: RulesValue): boolean {
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b) === 0;
  // A query's stand-in document is a map, so it is never null; its contents are unknown.
  if (a.type !== b.type) return false;
  assertComplete(a);
  assertComplete(b);
  switch (a.type) {
    case 'null':
      return true;
    case 'bool':
    case 'string':
      return a.value === (b as typeof a).value;
    case 'bytes':
      return compareBytes(a.value, (b as typeof a).value) === 0;
    case 'duration':
    case 'timestamp':
      return a.nanos === (b as typeof a).nanos;
    case 'latlng':
      return a.lat === (b as typeof a).lat && a.lng === (b as typeof a).lng;
    case 'path': {
      const other = (b as typeof a).segments;
      return a.segments.length === other.length && a.segments.every((s, i) => s === other[i]);
    }
    case 'list': {
      const other = (b as typeof a).items;
      return a.items.length === other.length && a.items.every((v, i) => valuesEqual(v, other[i]!));
    }
    case 'set': {
      const other = (b as typeof a).items;
      if (a.items.length !== other.length) return false;
      const keys = new Set(other.map(canonicalKey));
      return a.items.every((v) => keys.has(canonicalKey(v)));
    }
    case 'map': {
      const other = (b as typeof a).entries;
      if (a.entries.size !== other.size) return false;
      for (const [key, value] of a.entries) {
        const otherValue = other.get(key);
        if (otherValue === undefined || !valuesEqual(value, otherValue)) return false;
      }
      return true;
    }
    case 'map_diff': {
      const other = b as typeof a;
      return valuesEqual(a.left, other.left) && valuesEqual(a.right, other.right);
    }
    default:
      return false;
  }
}

/** -1, 0 or 1, or NaN when a float NaN is involved. Throws across incomparable types. */
export function compareValues(op: string, a: RulesValue, b: RulesValue): number {
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b);
  if (a.type !== b.type) throw unsupported(op, a, b);
  switch (a.type) {
    case 'string':
      return compareStrings(a.value, (b as typeof a).value);
    case 'bytes':
      return compareBytes(a.value, (b as typeof a).value);
    case 'duration':
    case 'timestamp': {
      const other = (b as typeof a).nanos;
      return a.nanos === other ? 0 : a.nanos < other ? -1 : 1;
    }
    case 'bool':
      return Number(a.value) - Number((b as typeof a).value);
    default:
      throw unsupported(op, a, b);
  }
}

export function relation(op: '<' | '<=' | '>' | '>=', a: RulesValue, b: RulesValue): boolean {
  const order = compareValues(op, a, b);
  if (Number.isNaN(order)) return false;
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}

/** `element in container`: key of a map, element of a list or set. */
export function contains(element: RulesValue, container: RulesValue): boolean {
  switch (container.type) {
    case 'map':
      if (element.type !== 'string') throw unsupported('in', element, container);
      if (container.partial !== undefined && !container.entries.has(element.value)) {
        assertComplete(container);
      }
      return container.entries.has(element.value);
    case 'list':
      return container.items.some((item) => valuesEqual(element, item));
    case 'set': {
      const key = canonicalKey(element);
      return container.items.some((item) => canonicalKey(item) === key);
    }
    default:
      throw unsupported('in', element, container);
  }
}

export function add(a: RulesValue, b: RulesValue): RulesValue {
  if (a.type === 'int' && b.type === 'int') return int(a.value + b.value);
  if (isNumber(a) && isNumber(b)) return float(toNumber(a) + toNumber(b));
  if (a.type === 'string' && b.type === 'string')
    return { type: 'string', value: a.value + b.value };
  if (a.type === 'list' && b.type === 'list') return list([...a.items, ...b.items]);
  if (a.type === 'bytes' && b.type === 'bytes') {
    return { type: 'bytes', value: Uint8Array.from([...a.value, ...b.value]) };
  }
  if (a.type === 'timestamp' && b.type === 'duration') return addDuration(a, b.nanos);
  if (a.type === 'duration' && b.type === 'timestamp') return addDuration(b, a.nanos);
  if (a.type === 'duration' && b.type === 'duration') return checkedDuration(a.nanos + b.nanos);
  throw unsupported('+', a, b);
}

export function subtract(a: RulesValue, b: RulesValue): RulesValue {
  if (a.type === 'int' && b.type === 'int') return int(a.value - b.value);
  if (isNumber(a) && isNumber(b)) return float(toNumber(a) - toNumber(b));
  if (a.type === 'timestamp' && b.type === 'duration') return addDuration(a, -b.nanos);
  if (a.type === 'timestamp' && b.type === 'timestamp') return subtractTimestamps(a, b);
  if (a.type === 'duration' && b.type === 'duration') return checkedDuration(a.nanos - b.nanos);
  throw unsupported('-', a, b);
}

export function multiply(a: RulesValue, b: RulesValue): RulesValue {
  if (a.type === 'int' && b.type === 'int') return int(a.value * b.value);
  if (isNumber(a) && isNumber(b)) return float(toNumber(a) * toNumber(b));
  throw unsupported('*', a, b);
}

export function divide(a: RulesValue, b: RulesValue): RulesValue {
  if (a.type === 'int' && b.type === 'int') {
    if (b.value === 0n) throw new RulesEvalError('Division by zero.');
    return int(a.value / b.value); // BigInt division truncates toward zero, as production does.
  }
  if (isNumber(a) && isNumber(b)) return float(toNumber(a) / toNumber(b));
  throw unsupported('/', a, b);
}

export function modulo(a: RulesValue, b: RulesValue): RulesValue {
  if (a.type === 'int' && b.type === 'int') {
    if (b.value === 0n) throw new RulesEvalError('Modulo by zero.');
    return int(a.value % b.value);
  }
  if (isNumber(a) && isNumber(b)) return float(toNumber(a) % toNumber(b));
  throw unsupported('%', a, b);
}

export function negate(a: RulesValue): RulesValue {
  if (a.type === 'int') return int(-a.value);
  if (a.type === 'float') return float(-a.value);
  if (a.type === 'duration') return checkedDuration(-a.nanos);
  throw unsupported('-', a);
}

export function not(a: RulesValue): RulesValue {
  if (a.type !== 'bool') throw unsupported('!', a);
  return bool(!a.value);
}
