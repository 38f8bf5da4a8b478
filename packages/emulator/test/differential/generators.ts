// fast-check generators for Firestore values, documents and queries. Values lean towards the
// places implementations get wrong: NaN and -0, integers near 2^53 and 2^63 next to doubles,
// strings around the surrogate range, references whose segments sort differently from the
// whole string, and vectors next to arrays and maps.
import fc from 'fast-check';
import type {
  Cursor,
  Direction,
  Document,
  FieldOperator,
  FieldPath,
  Filter,
  Order,
  StructuredQuery,
  Timestamp,
  UnaryOperator,
  Value,
} from '../../src/model/types.js';
import { referenceNormalizedOrderBy } from '../reference/query.js';

export const PROJECT_ID = 'demo-differential';
export const DATABASE = `projects/${PROJECT_ID}/databases/(default)`;
export const DOCUMENTS_ROOT = `${DATABASE}/documents`;

// ---- Scalars -------------------------------------------------------------------------------

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Strings whose UTF-16 order differs from their UTF-8 order, plus near neighbours. */
export const TRAP_STRINGS = [
  '',
  'a',
  'A',
  'aa',
  'b',
  'a-x',
  'a.b',
  '\u007f',
  '\u0080',
  '\u00ff',
  '\u0800',
  '\ud7ff',
  '\ue000',
  '\uffff',
  '\u{10000}',
  '\u{1f600}',
  '\u{10ffff}',
  'e\u0301',
  '\u00e9',
] as const;

export const TRAP_INTEGERS = [
  0n,
  1n,
  -1n,
  2n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  -(2n ** 53n) - 1n,
  INT64_MAX,
  INT64_MIN,
  INT64_MAX - 1n,
] as const;

export const TRAP_DOUBLES = [
  Number.NaN,
  -0,
  0,
  1,
  -1,
  0.5,
  1.5,
  Infinity,
  -Infinity,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  Number.MAX_VALUE,
] as const;

const integerArb: fc.Arbitrary<Value> = fc
  .oneof(
    fc.constantFrom(...TRAP_INTEGERS),
    fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
    fc.bigInt({ min: -3n, max: 3n }),
  )
  .map((value) => ({ kind: 'integer', value }));

const doubleArb: fc.Arbitrary<Value> = fc
  .oneof(fc.constantFrom(...TRAP_DOUBLES), fc.double(), fc.integer({ min: -3, max: 3 }))
  .map((value) => ({ kind: 'double', value }));

const stringArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRAP_STRINGS),
  fc.string({ unit: 'binary', maxLength: 5 }),
  fc.string({ maxLength: 4 }),
);

const timestampArb: fc.Arbitrary<Timestamp> = fc.oneof(
  fc.record({
    seconds: fc.integer({ min: -62135596800, max: 253402300799 }),
    nanos: fc.integer({ min: 0, max: 999_999_999 }),
  }),
  fc.record({
    seconds: fc.integer({ min: -1, max: 1 }),
    nanos: fc.constantFrom(0, 1000, 999_999_000),
  }),
);

const bytesArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constantFrom(
    new Uint8Array([]),
    new Uint8Array([0]),
    new Uint8Array([0, 0]),
    new Uint8Array([1]),
    new Uint8Array([255]),
  ),
  fc.uint8Array({ maxLength: 5 }),
);

/** Document ids where segment order and whole-string order disagree ('a/…' vs 'a-x'). */
export const TRAP_IDS = ['a', 'a-x', 'a.b', 'aa', 'b', 'A', '\uffff', '\u{10000}'] as const;

const idArb = fc.constantFrom(...TRAP_IDS);

const referenceArb: fc.Arbitrary<Value> = fc
  .tuple(
    fc.constantFrom('(default)', 'other'),
    fc.array(fc.tuple(fc.constantFrom('c', 'c-d', 'd'), idArb), { minLength: 1, maxLength: 2 }),
  )
  .map(([database, pairs]) => ({
    kind: 'reference',
    value: `projects/${PROJECT_ID}/databases/${database}/documents/${pairs.map((p) => p.join('/')).join('/')}`,
  }));

const geoPointArb: fc.Arbitrary<Value> = fc
  .tuple(
    fc.oneof(fc.constantFrom(-90, 0, -0, 90), fc.double({ min: -90, max: 90, noNaN: true })),
    fc.oneof(fc.constantFrom(-180, 0, -0, 180), fc.double({ min: -180, max: 180, noNaN: true })),
  )
  .map(([latitude, longitude]) => ({ kind: 'geoPoint', latitude, longitude }));

export function vectorOf(elements: readonly number[]): Value {
  return {
    kind: 'map',
    fields: new Map<string, Value>([
      ['__type__', { kind: 'string', value: '__vector__' }],
      ['value', { kind: 'array', values: elements.map((value) => ({ kind: 'double', value })) }],
    ]),
  };
}

const vectorArb: fc.Arbitrary<Value> = fc
  .array(fc.oneof(fc.constantFrom(0, -0, 1, -1), fc.double({ noNaN: true })), { maxLength: 3 })
  .map(vectorOf);

/** Every scalar kind. */
export const scalarValueArb: fc.Arbitrary<Value> = fc.oneof(
  fc.constant<Value>({ kind: 'null' }),
  fc.boolean().map((value): Value => ({ kind: 'boolean', value })),
  integerArb,
  doubleArb,
  timestampArb.map((value): Value => ({ kind: 'timestamp', value })),
  stringArb.map((value): Value => ({ kind: 'string', value })),
  bytesArb.map((value): Value => ({ kind: 'bytes', value })),
  referenceArb,
  geoPointArb,
);

const mapKeyArb = fc.oneof(
  fc.constantFrom('a', 'b', 'aa', 'value', '\uffff', '\u{10000}', 'é'),
  stringArb.filter((s) => s.length > 0),
);

/** Every value kind, nested a few levels (arrays never directly inside arrays, as in Firestore). */
export const valueArb: fc.Arbitrary<Value> = fc.letrec<{
  value: Value;
  element: Value;
  map: Value;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarValueArb,
    fc.array(tie('element'), { maxLength: 3 }).map((values): Value => ({ kind: 'array', values })),
    vectorArb,
    tie('map'),
  ),
  element: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarValueArb,
    vectorArb,
    tie('map'),
  ),
  map: fc
    .uniqueArray(fc.tuple(mapKeyArb, tie('value')), { maxLength: 3, selector: ([key]) => key })
    .map((entries): Value => ({ kind: 'map', fields: new Map(entries) })),
})).value;

const trapNumberArb: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom(...TRAP_INTEGERS).map((value): Value => ({ kind: 'integer', value })),
  fc.constantFrom(...TRAP_DOUBLES).map((value): Value => ({ kind: 'double', value })),
);

/** Arrays and maps only, so that pairs of them meet often. */
const containerArb: fc.Arbitrary<Value> = valueArb.filter(
  (v) => v.kind === 'array' || v.kind === 'map',
);

/** Pairs of values that are often equal or adjacent across representations. */
export const nearValuePairArb: fc.Arbitrary<[Value, Value]> = fc.oneof(
  fc.tuple(valueArb, valueArb),
  fc
    .tuple(fc.bigInt({ min: -(2n ** 54n), max: 2n ** 54n }), fc.integer({ min: -2, max: 2 }))
    .map(([n, delta]): [Value, Value] => [
      { kind: 'integer', value: n },
      { kind: 'double', value: Number(n) + delta },
    ]),
  fc
    .tuple(fc.constantFrom(...TRAP_INTEGERS), fc.constantFrom(...TRAP_DOUBLES))
    .map(([i, d]): [Value, Value] => [
      { kind: 'integer', value: i },
      { kind: 'double', value: d },
    ]),
  fc.tuple(stringArb, stringArb).map(([s, t]): [Value, Value] => [
    { kind: 'string', value: s },
    { kind: 'string', value: t },
  ]),
  fc.tuple(doubleArb, doubleArb),
  fc.tuple(integerArb, integerArb),
  fc.tuple(trapNumberArb, trapNumberArb),
  fc.tuple(trapNumberArb, trapNumberArb),
  fc.tuple(referenceArb, referenceArb),
  fc.tuple(geoPointArb, geoPointArb),
  fc.tuple(vectorArb, vectorArb),
  fc.tuple(timestampArb, timestampArb).map(([s, t]): [Value, Value] => [
    { kind: 'timestamp', value: s },
    { kind: 'timestamp', value: t },
  ]),
  fc.tuple(bytesArb, bytesArb).map(([s, t]): [Value, Value] => [
    { kind: 'bytes', value: s },
    { kind: 'bytes', value: t },
  ]),
  fc.tuple(containerArb, containerArb),
);

// ---- Documents and queries over a small pool, so that filters and cursors actually hit -----

/** Values drawn from a small pool: equal numbers in both representations, every type. */
export const POOL_VALUES: readonly Value[] = [
  { kind: 'null' },
  { kind: 'boolean', value: false },
  { kind: 'boolean', value: true },
  { kind: 'integer', value: -1n },
  { kind: 'integer', value: 0n },
  { kind: 'integer', value: 1n },
  { kind: 'integer', value: 2n ** 53n + 1n },
  { kind: 'double', value: -0 },
  { kind: 'double', value: 1 },
  { kind: 'double', value: 1.5 },
  { kind: 'double', value: 2 ** 53 },
  { kind: 'double', value: Number.NaN },
  { kind: 'double', value: -Infinity },
  { kind: 'timestamp', value: { seconds: 0, nanos: 0 } },
  { kind: 'timestamp', value: { seconds: 0, nanos: 1000 } },
  { kind: 'string', value: '' },
  { kind: 'string', value: 'a' },
  { kind: 'string', value: 'b' },
  { kind: 'string', value: '\uffff' },
  { kind: 'string', value: '\u{10000}' },
  { kind: 'bytes', value: new Uint8Array([0]) },
  { kind: 'bytes', value: new Uint8Array([1, 2]) },
  { kind: 'reference', value: `${DOCUMENTS_ROOT}/c/a` },
  { kind: 'reference', value: `${DOCUMENTS_ROOT}/c/a-x` },
  { kind: 'geoPoint', latitude: 1, longitude: 2 },
  { kind: 'array', values: [] },
  { kind: 'array', values: [{ kind: 'integer', value: 1n }] },
  {
    kind: 'array',
    values: [
      { kind: 'string', value: 'a' },
      { kind: 'double', value: 1 },
    ],
  },
  vectorOf([1]),
  vectorOf([0, 0]),
  { kind: 'map', fields: new Map<string, Value>() },
  { kind: 'map', fields: new Map<string, Value>([['x', { kind: 'integer', value: 1n }]]) },
];

/** Every trap scalar and pool value, for exhaustive pairwise checks. */
export const TRAP_VALUES: readonly Value[] = [
  ...TRAP_INTEGERS.map((value): Value => ({ kind: 'integer', value })),
  ...TRAP_DOUBLES.map((value): Value => ({ kind: 'double', value })),
  ...TRAP_STRINGS.map((value): Value => ({ kind: 'string', value })),
  ...TRAP_IDS.map((id): Value => ({ kind: 'reference', value: `${DOCUMENTS_ROOT}/c/${id}` })),
  ...TRAP_IDS.map((id): Value => ({ kind: 'reference', value: `${DOCUMENTS_ROOT}/c/${id}/c-d/a` })),
  ...POOL_VALUES,
];

const isNaNValue = (v: Value): boolean => v.kind === 'double' && Number.isNaN(v.value);

/** A few values that collide across types and representations; most fields take one of them. */
const HOT_VALUES: readonly Value[] = [
  { kind: 'null' },
  { kind: 'boolean', value: true },
  { kind: 'integer', value: 1n },
  { kind: 'double', value: 1 },
  { kind: 'double', value: -0 },
  { kind: 'double', value: Number.NaN },
  { kind: 'string', value: 'a' },
  { kind: 'string', value: '\u{10000}' },
  { kind: 'array', values: [{ kind: 'integer', value: 1n }] },
];

export const poolValueArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOT_VALUES) },
  { weight: 1, arbitrary: fc.constantFrom(...POOL_VALUES) },
);
/** Filter operands: NaN has its own unary operator and is not a meaningful `==` operand. */
const operandArb = poolValueArb.filter((v) => !isNaNValue(v));
const notArrayOperandArb = operandArb.filter((v) => v.kind !== 'array');

/** Collections a document can live in: `c` at the root, `d`, and `c` nested under `d/x`. */
const DOC_PARENTS = ['c', 'c', 'c', 'c', 'c', 'c', 'c', 'd', 'd/x/c', 'd/x/c', 'c/a/c'] as const;

const fieldValueArb: fc.Arbitrary<Value | undefined> = fc.option(poolValueArb, {
  freq: 4,
  nil: undefined,
});

const arrayFieldArb: fc.Arbitrary<Value | undefined> = fc.oneof(
  fc.constant(undefined),
  poolValueArb,
  fc
    .array(
      poolValueArb.filter((v) => v.kind !== 'array'),
      { maxLength: 3 },
    )
    .map((values): Value => ({ kind: 'array', values })),
);

const nestedFieldArb: fc.Arbitrary<Value | undefined> = fc.oneof(
  fc.constant(undefined),
  poolValueArb,
  fieldValueArb.map((x): Value => ({
    kind: 'map',
    fields: new Map(x === undefined ? [] : [['x', x]]),
  })),
);

const UPDATE_TIME = { seconds: 1_700_000_000, nanos: 0 };

/** Fields `a`, `b`, `arr` and `m.x`, each possibly absent. */
export const documentArb: fc.Arbitrary<Document> = fc
  .record({
    parent: fc.constantFrom(...DOC_PARENTS),
    id: fc.oneof(idArb, fc.constantFrom('1', '2', '10', 'e', 'f', 'g', 'h', 'z')),
    a: fieldValueArb,
    b: fieldValueArb,
    arr: arrayFieldArb,
    m: nestedFieldArb,
  })
  .map(({ parent, id, ...values }) => {
    const fields = new Map<string, Value>();
    for (const [key, value] of Object.entries(values))
      if (value !== undefined) fields.set(key, value);
    return {
      name: `${DOCUMENTS_ROOT}/${parent}/${id}`,
      fields,
      createTime: UPDATE_TIME,
      updateTime: UPDATE_TIME,
    };
  });

export const documentsArb: fc.Arbitrary<Document[]> = fc.uniqueArray(documentArb, {
  minLength: 4,
  maxLength: 24,
  size: 'medium',
  selector: (doc) => doc.name,
});

const FIELD_PATHS: readonly FieldPath[] = [['a'], ['b'], ['arr'], ['m', 'x'], ['m']];
const fieldPathArb = fc.constantFrom(...FIELD_PATHS);
const NAME: FieldPath = ['__name__'];

const nameOperandArb: fc.Arbitrary<Value> = fc
  .tuple(fc.constantFrom('c', 'd'), idArb)
  .map(([collection, id]) => ({
    kind: 'reference',
    value: `${DOCUMENTS_ROOT}/${collection}/${id}`,
  }));

const RANGE_OPS = [
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
] as const;

const listArb = (element: fc.Arbitrary<Value>): fc.Arbitrary<Value> =>
  fc
    .array(element, { minLength: 1, maxLength: 4 })
    .map((values): Value => ({ kind: 'array', values }));

/** A single field or unary filter. NOT_IN lists never hold null (a list with null matches nothing). */
const simpleFilterArb: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({
    kind: fc.constant('field' as const),
    field: fieldPathArb,
    op: fc.constantFrom<FieldOperator>(...RANGE_OPS, 'EQUAL', 'NOT_EQUAL'),
    value: operandArb,
  }),
  fc.record({
    kind: fc.constant('field' as const),
    field: fieldPathArb,
    op: fc.constant<FieldOperator>('ARRAY_CONTAINS'),
    value: notArrayOperandArb,
  }),
  fc.record({
    kind: fc.constant('field' as const),
    field: fieldPathArb,
    op: fc.constant<FieldOperator>('ARRAY_CONTAINS_ANY'),
    value: listArb(notArrayOperandArb),
  }),
  fc.record({
    kind: fc.constant('field' as const),
    field: fieldPathArb,
    op: fc.constant<FieldOperator>('IN'),
    value: listArb(operandArb),
  }),
  fc.record({
    kind: fc.constant('field' as const),
    field: fieldPathArb,
    op: fc.constant<FieldOperator>('NOT_IN'),
    value: listArb(operandArb.filter((v) => v.kind !== 'null')),
  }),
  fc.record({
    kind: fc.constant('unary' as const),
    field: fieldPathArb,
    op: fc.constantFrom<UnaryOperator>('IS_NULL', 'IS_NAN', 'IS_NOT_NULL', 'IS_NOT_NAN'),
  }),
  fc.record({
    kind: fc.constant('field' as const),
    field: fc.constant(NAME),
    op: fc.constantFrom<FieldOperator>(...RANGE_OPS, 'EQUAL', 'NOT_EQUAL'),
    value: nameOperandArb,
  }),
  fc.record({
    kind: fc.constant('field' as const),
    field: fc.constant(NAME),
    op: fc.constantFrom<FieldOperator>('IN', 'NOT_IN'),
    value: listArb(nameOperandArb),
  }),
);

function operatorsOf(filter: Filter): string[] {
  return filter.kind === 'composite' ? filter.filters.flatMap(operatorsOf) : [filter.op];
}

/** Terms of the filter's disjunctive normal form, IN and ARRAY_CONTAINS_ANY counting each value. */
function dnfTerms(filter: Filter): number {
  if (filter.kind === 'composite') {
    const terms = filter.filters.map(dnfTerms);
    return filter.op === 'OR' ? terms.reduce((a, b) => a + b, 0) : terms.reduce((a, b) => a * b, 1);
  }
  if (filter.kind === 'field' && (filter.op === 'IN' || filter.op === 'ARRAY_CONTAINS_ANY')) {
    return filter.value.kind === 'array' ? filter.value.values.length : 1;
  }
  return 1;
}

/**
 * Operator combinations the SDK and production reject: at most one NOT_IN or NOT_EQUAL family
 * filter, at most one array-contains family filter, no NOT_IN next to IN, and at most 30 terms
 * in disjunctive normal form.
 */
export function filterIsValid(filter: Filter | undefined): boolean {
  if (filter === undefined) return true;
  const ops = operatorsOf(filter);
  const count = (names: readonly string[]): number => ops.filter((op) => names.includes(op)).length;
  if (count(['NOT_IN', 'NOT_EQUAL', 'IS_NOT_NULL', 'IS_NOT_NAN']) > 1) return false;
  if (count(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']) > 1) return false;
  if (count(['NOT_IN']) > 0 && count(['IN', 'ARRAY_CONTAINS_ANY']) > 0) return false;
  return dnfTerms(filter) <= 30;
}

export const filterArb: fc.Arbitrary<Filter> = fc
  .oneof(
    { weight: 3, arbitrary: simpleFilterArb },
    fc.record({
      kind: fc.constant('composite' as const),
      op: fc.constantFrom('AND' as const, 'OR' as const),
      filters: fc.array(
        fc.oneof(
          { weight: 3, arbitrary: simpleFilterArb },
          fc.record({
            kind: fc.constant('composite' as const),
            op: fc.constantFrom('AND' as const, 'OR' as const),
            filters: fc.array(simpleFilterArb, { minLength: 2, maxLength: 3 }),
          }),
        ),
        { minLength: 2, maxLength: 3 },
      ),
    }),
  )
  .filter(filterIsValid);

const directionArb = fc.constantFrom<Direction>('ASCENDING', 'DESCENDING');

const orderByArb: fc.Arbitrary<Order[]> = fc
  .uniqueArray(
    fc.record({
      field: fc.constantFrom<FieldPath>(['a'], ['b'], ['m', 'x'], ['arr'], NAME),
      direction: directionArb,
    }),
    {
      maxLength: 2,
      selector: (order) => order.field.join('.'),
    },
  )
  .map((orders) => {
    // `__name__` can only be the last ordering.
    const nameIndex = orders.findIndex((o) => o.field[0] === '__name__');
    return nameIndex >= 0 ? orders.slice(0, nameIndex + 1) : orders;
  });

function cursorArb(orderBy: readonly Order[]): fc.Arbitrary<Cursor> {
  return fc.integer({ min: 1, max: orderBy.length }).chain((length) =>
    fc.record({
      values: fc.tuple(
        ...orderBy
          .slice(0, length)
          .map((order) => (order.field[0] === '__name__' ? nameOperandArb : poolValueArb)),
      ),
      before: fc.boolean(),
    }),
  );
}

export type GeneratedQuery = { parent: string; query: StructuredQuery };

const scopeArb = fc.constantFrom(
  { parent: DOCUMENTS_ROOT, collectionId: 'c', allDescendants: false },
  { parent: DOCUMENTS_ROOT, collectionId: 'c', allDescendants: true },
  { parent: `${DOCUMENTS_ROOT}/d/x`, collectionId: 'c', allDescendants: false },
  { parent: `${DOCUMENTS_ROOT}/c/a`, collectionId: 'c', allDescendants: true },
);

/**
 * A valid query with its parent. With cursors the orderBy is sent normalized, as the SDK does;
 * without, it is left as the user wrote it half the time so the engine must normalize.
 */
export const queryArb: fc.Arbitrary<GeneratedQuery> = fc
  .record({
    scope: scopeArb,
    where: fc.option(filterArb, { nil: undefined, freq: 4 }),
    orderBy: orderByArb,
    normalize: fc.boolean(),
    offset: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 3 })),
    limit: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    withStart: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
    withEnd: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
  })
  .chain(
    ({
      scope,
      where,
      orderBy,
      normalize,
      offset,
      limit,
      withStart,
      withEnd,
    }): fc.Arbitrary<GeneratedQuery | null> => {
      const base: StructuredQuery = {
        from: [{ collectionId: scope.collectionId, allDescendants: scope.allDescendants }],
        ...(where !== undefined ? { where } : {}),
        orderBy,
        offset,
        ...(limit !== undefined ? { limit } : {}),
      };
      const normalized = referenceNormalizedOrderBy(base);
      if (!productionServes(base, normalized)) return fc.constant(null);
      const sentOrderBy = withStart || withEnd || normalize ? normalized : orderBy;
      return fc
        .record({
          startAt: withStart ? cursorArb(normalized) : fc.constant(undefined),
          endAt: withEnd ? cursorArb(normalized) : fc.constant(undefined),
        })
        .map(({ startAt, endAt }) => ({
          parent: scope.parent,
          query: {
            ...base,
            orderBy: sentOrderBy,
            ...(startAt !== undefined ? { startAt } : {}),
            ...(endAt !== undefined ? { endAt } : {}),
          },
        }));
    },
  )
  .filter((generated): generated is GeneratedQuery => generated !== null);

/**
 * Production rejects orderings with fields after `__name__` (an inequality field joins the
 * order after an explicit key order) and key equality beside inequalities on other fields only.
 */
function productionServes(query: StructuredQuery, normalized: readonly Order[]): boolean {
  if (normalized.findIndex((o) => o.field[0] === '__name__') !== normalized.length - 1) {
    return false;
  }
  const leaves = (f: Filter | undefined): Filter[] =>
    f === undefined ? [] : f.kind === 'composite' ? f.filters.flatMap(leaves) : [f];
  const filters = leaves(query.where);
  const inequalities = filters.filter(
    (f) =>
      !['EQUAL', 'IN', 'ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY', 'IS_NULL', 'IS_NAN'].includes(f.op),
  );
  const isKey = (f: Filter): boolean => f.kind !== 'composite' && f.field[0] === '__name__';
  const keyEquality = filters.some((f) => f.op === 'EQUAL' && isKey(f));
  return !keyEquality || inequalities.length === 0 || inequalities.some(isKey);
}

/** Short, readable rendering of values for failure messages. */
export function describeValue(value: Value): string {
  switch (value.kind) {
    case 'null':
      return 'null';
    case 'boolean':
      return String(value.value);
    case 'integer':
      return `${value.value}n`;
    case 'double':
      return Object.is(value.value, -0)
        ? '-0.0'
        : Number.isInteger(value.value)
          ? `${value.value}.0`
          : String(value.value);
    case 'timestamp':
      return `ts(${value.value.seconds},${value.value.nanos})`;
    case 'string':
      return JSON.stringify(value.value).replace(
        /[^\x20-\x7e]/gu,
        (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`,
      );
    case 'bytes':
      return `bytes[${[...value.value].join(',')}]`;
    case 'reference':
      return `ref(${value.value.replace(`${DOCUMENTS_ROOT}/`, '')})`;
    case 'geoPoint':
      return `geo(${value.latitude},${value.longitude})`;
    case 'array':
      return `[${value.values.map(describeValue).join(', ')}]`;
    case 'map':
      return `{${[...value.fields].map(([k, v]) => `${JSON.stringify(k)}: ${describeValue(v)}`).join(', ')}}`;
  }
}

/** An optional `select` projection over the generated fields. */
export const selectArb: fc.Arbitrary<FieldPath[] | undefined> = fc.option(
  fc.uniqueArray(fc.constantFrom<FieldPath>(['a'], ['b'], ['m'], ['m', 'x'], ['arr'], NAME), {
    maxLength: 3,
    selector: (path) => path.join('.'),
  }),
  { nil: undefined },
);
