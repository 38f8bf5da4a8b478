/**
 * The Firestore emulator seen from a test, as the owner (bypasses rules): clear it, read what the
 * server really holds (not a client cache), and arrange documents.
 */
import { PROJECT_ID, stack } from './env';

const DATABASE = `projects/${PROJECT_ID}/databases/(default)`;
const OWNER_HEADERS = { authorization: 'Bearer owner', 'content-type': 'application/json' };

export type RestValue = Record<string, unknown>;
export type PlainValue =
  null | boolean | number | string | Date | PlainValue[] | { [key: string]: PlainValue };
export type StoredDocument = { id: string; path: string; data: Record<string, PlainValue> };

/** Deletes every document (open listeners see the deletes). Use only in tests that need it. */
export async function clearFirestore(): Promise<void> {
  const response = await fetch(
    `${stack().firestoreUrl}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
    {
      method: 'DELETE',
    },
  );
  if (!response.ok) throw new Error(`Clearing Firestore failed: HTTP ${response.status}`);
}

/** Decodes a REST Value into a plain value (integers as numbers, timestamps as Dates). */
export function fromValue(value: RestValue): PlainValue {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue as boolean;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('timestampValue' in value) return new Date(value.timestampValue as string);
  if ('stringValue' in value) return value.stringValue as string;
  if ('referenceValue' in value) return value.referenceValue as string;
  if ('bytesValue' in value) return value.bytesValue as string;
  if ('arrayValue' in value)
    return ((value.arrayValue as { values?: RestValue[] }).values ?? []).map(fromValue);
  if ('mapValue' in value)
    return fromFields((value.mapValue as { fields?: Record<string, RestValue> }).fields ?? {});
  if ('geoPointValue' in value)
    return value.geoPointValue as { latitude: number; longitude: number };
  throw new Error(`Unknown Firestore value ${JSON.stringify(value)}`);
}

function fromFields(fields: Record<string, RestValue>): Record<string, PlainValue> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromValue(value)]));
}

/** Encodes a plain value as a REST Value (integers stay integers, Dates become timestamps). */
export function toValue(value: PlainValue | undefined): RestValue {
  if (value === null || value === undefined) return { nullValue: 'NULL_VALUE' };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value))
    return { arrayValue: value.length ? { values: value.map(toValue) } : {} };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  return {
    mapValue: {
      fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toValue(v)])),
    },
  };
}

function toStored(document: { name: string; fields?: Record<string, RestValue> }): StoredDocument {
  const path = document.name.split('/documents/')[1] ?? document.name;
  return { id: path.split('/').pop() ?? path, path, data: fromFields(document.fields ?? {}) };
}

/** One document as the server holds it, or undefined. */
export async function getDocument(path: string): Promise<StoredDocument | undefined> {
  const response = await fetch(`${stack().firestoreUrl}/v1/${DATABASE}/documents/${path}`, {
    headers: OWNER_HEADERS,
  });
  if (response.status === 404) return undefined;
  if (!response.ok)
    throw new Error(`Reading ${path} failed: HTTP ${response.status} ${await response.text()}`);
  return toStored((await response.json()) as { name: string; fields?: Record<string, RestValue> });
}

/** Every document of a collection (path like `showcases` or `showcases/x/likes`), as the server holds them. */
export async function listDocuments(collectionPath: string): Promise<StoredDocument[]> {
  const slash = collectionPath.lastIndexOf('/');
  const parent = slash < 0 ? '' : `/${collectionPath.slice(0, slash)}`;
  const collectionId = collectionPath.slice(slash + 1);
  const response = await fetch(
    `${stack().firestoreUrl}/v1/${DATABASE}/documents${parent}:runQuery`,
    {
      method: 'POST',
      headers: OWNER_HEADERS,
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId }] } }),
    },
  );
  if (!response.ok)
    throw new Error(
      `Listing ${collectionPath} failed: HTTP ${response.status} ${await response.text()}`,
    );
  const results = (await response.json()) as {
    document?: { name: string; fields?: Record<string, RestValue> };
  }[];
  return results.flatMap((result) => (result.document ? [toStored(result.document)] : []));
}

/** Writes whole documents as the owner (rules bypassed), in one atomic commit. */
export async function setDocuments(
  documents: { path: string; data: Record<string, PlainValue> }[],
): Promise<void> {
  const writes = documents.map(({ path, data }) => ({
    update: {
      name: `${DATABASE}/documents/${path}`,
      fields: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toValue(v)])),
    },
  }));
  const response = await fetch(`${stack().firestoreUrl}/v1/${DATABASE}/documents:commit`, {
    method: 'POST',
    headers: OWNER_HEADERS,
    body: JSON.stringify({ writes }),
  });
  if (!response.ok)
    throw new Error(`Writing documents failed: HTTP ${response.status} ${await response.text()}`);
}
