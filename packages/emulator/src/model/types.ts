// The emulator's internal data model. Wire codecs (REST JSON, protobuf) convert to and from these
// types at the transport edge; everything inside (store, query, rules, service) sees only these.

/** A point in time with microsecond-or-better precision, as Firestore stores it. */
export type Timestamp = { readonly seconds: number; readonly nanos: number };

/** A Firestore value. `map` uses a Map so that hostile keys such as `__proto__` are plain data. */
export type Value =
  | { readonly kind: 'null' }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'integer'; readonly value: bigint }
  | { readonly kind: 'double'; readonly value: number }
  | { readonly kind: 'timestamp'; readonly value: Timestamp }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bytes'; readonly value: Uint8Array }
  /** `value` is a full resource name: projects/{p}/databases/{d}/documents/{path}. */
  | { readonly kind: 'reference'; readonly value: string }
  | { readonly kind: 'geoPoint'; readonly latitude: number; readonly longitude: number }
  | { readonly kind: 'array'; readonly values: readonly Value[] }
  /** A vector is a map with `__type__: "__vector__"`; see model/values.ts for its type order. */
  | { readonly kind: 'map'; readonly fields: ReadonlyMap<string, Value> };

export type ValueKind = Value['kind'];

/** Top-level fields of a document. */
export type Fields = ReadonlyMap<string, Value>;

/** A stored document. `name` is the full resource name. */
export type Document = {
  readonly name: string;
  readonly fields: Fields;
  readonly createTime: Timestamp;
  readonly updateTime: Timestamp;
};

/** A field path as segments: `a.b` is ['a', 'b']; `__name__` is ['__name__']. */
export type FieldPath = readonly string[];

// ---- Writes --------------------------------------------------------------------------------

export type Precondition =
  | { readonly kind: 'exists'; readonly exists: boolean }
  | { readonly kind: 'updateTime'; readonly updateTime: Timestamp };

export type FieldTransform =
  | { readonly fieldPath: FieldPath; readonly kind: 'serverTime' }
  | {
      readonly fieldPath: FieldPath;
      readonly kind: 'increment' | 'maximum' | 'minimum';
      readonly operand: Value;
    }
  | {
      readonly fieldPath: FieldPath;
      readonly kind: 'appendMissingElements' | 'removeAllFromArray';
      readonly elements: readonly Value[];
    };

export type Write =
  | {
      readonly kind: 'update';
      readonly name: string;
      readonly fields: Fields;
      /** Absent: replace the whole document. Present: only these paths change. */
      readonly updateMask?: readonly FieldPath[];
      readonly transforms: readonly FieldTransform[];
      readonly precondition?: Precondition;
    }
  | { readonly kind: 'delete'; readonly name: string; readonly precondition?: Precondition }
  /** Legacy transform-only write (`transform: {document, fieldTransforms}`). */
  | {
      readonly kind: 'transform';
      readonly name: string;
      readonly transforms: readonly FieldTransform[];
      readonly precondition?: Precondition;
    }
  | { readonly kind: 'verify'; readonly name: string; readonly precondition: Precondition };

export type WriteResult = {
  /** Omitted for deletes of absent documents and verify writes. */
  readonly updateTime?: Timestamp;
  readonly transformResults: readonly Value[];
};

// ---- Queries -------------------------------------------------------------------------------

export type FieldOperator =
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'NOT_IN'
  | 'ARRAY_CONTAINS_ANY';

export type UnaryOperator = 'IS_NULL' | 'IS_NAN' | 'IS_NOT_NULL' | 'IS_NOT_NAN';

export type Filter =
  | {
      readonly kind: 'field';
      readonly field: FieldPath;
      readonly op: FieldOperator;
      readonly value: Value;
    }
  | { readonly kind: 'unary'; readonly field: FieldPath; readonly op: UnaryOperator }
  | { readonly kind: 'composite'; readonly op: 'AND' | 'OR'; readonly filters: readonly Filter[] };

export type Direction = 'ASCENDING' | 'DESCENDING';

export type Order = { readonly field: FieldPath; readonly direction: Direction };

/** `before` is inclusive for startAt and exclusive for endAt, as on the wire. */
export type Cursor = { readonly values: readonly Value[]; readonly before: boolean };

export type CollectionSelector = {
  readonly collectionId: string;
  readonly allDescendants: boolean;
};

export type StructuredQuery = {
  readonly from: readonly CollectionSelector[];
  readonly where?: Filter;
  readonly orderBy: readonly Order[];
  readonly startAt?: Cursor;
  readonly endAt?: Cursor;
  readonly offset: number;
  readonly limit?: number;
  readonly select?: readonly FieldPath[];
  readonly findNearest?: FindNearest;
};

export type DistanceMeasure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

/**
 * A nearest-neighbour search over a vector field. Decoded as sent (limit and measure may be
 * missing, the query vector any value); `validateQuery` refuses what production refuses.
 */
export type FindNearest = {
  readonly vectorField: FieldPath;
  readonly queryVector: Value | undefined;
  readonly distanceMeasure: DistanceMeasure | undefined;
  readonly limit: number | undefined;
  /** Where each result's distance is written, when asked. */
  readonly distanceResultField?: FieldPath;
  /** EUCLIDEAN and COSINE keep distance <= threshold; DOT_PRODUCT keeps >= threshold. */
  readonly distanceThreshold?: number;
};

export type Aggregation =
  | { readonly alias: string; readonly kind: 'count'; readonly upTo?: number }
  | { readonly alias: string; readonly kind: 'sum' | 'avg'; readonly field: FieldPath };
