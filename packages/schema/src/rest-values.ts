// Plain JS values ⇄ Firestore REST (proto3 JSON) values: for the dev stack's emulator client, and
// for the app's first paint, which reads over REST before the SDK loads. Dates become timestamps
// and back; integers stay integers.

export type PlainValue =
  null | boolean | number | string | Date | PlainValue[] | { [key: string]: PlainValue };
/** A document's fields; undefined ones are left out when writing. */
export type PlainFields = { [key: string]: PlainValue | undefined };
export type RestValue = { [kind: string]: unknown };
export type RestFields = Record<string, RestValue>;

/** Encodes a JS value as a Firestore REST Value. */
export function toValue(value: PlainValue | undefined): RestValue {
  if (value === null || value === undefined) return { nullValue: 'NULL_VALUE' };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value))
    return { arrayValue: value.length ? { values: value.map(toValue) } : {} };
  switch (typeof value) {
    case 'boolean':
      return { booleanValue: value };
    case 'number':
      return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
    case 'string':
      return { stringValue: value };
    default:
      return { mapValue: { fields: toFields(value) } };
  }
}

/** Encodes an object's own fields (undefined ones are left out). */
export function toFields(object: PlainFields): RestFields {
  const fields: RestFields = {};
  for (const [key, value] of Object.entries(object))
    if (value !== undefined) fields[key] = toValue(value);
  return fields;
}

/** Decodes a REST Value (integers as numbers, timestamps as Dates, references as names). */
export function fromValue(value: RestValue): PlainValue {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue as boolean;
  if ('integerValue' in value || 'doubleValue' in value)
    return Number(value.integerValue ?? value.doubleValue);
  if ('timestampValue' in value) return new Date(value.timestampValue as string);
  for (const kind of ['stringValue', 'referenceValue', 'bytesValue'])
    if (kind in value) return value[kind] as string;
  if ('arrayValue' in value)
    return ((value.arrayValue as { values?: RestValue[] }).values ?? []).map(fromValue);
  if ('mapValue' in value) return fromFields((value.mapValue as { fields?: RestFields }).fields);
  if ('geoPointValue' in value)
    return value.geoPointValue as { latitude: number; longitude: number };
  throw new Error(`Unknown Firestore value ${JSON.stringify(value)}`);
}

export function fromFields(fields: RestFields = {}): Record<string, PlainValue> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromValue(value)]));
}
