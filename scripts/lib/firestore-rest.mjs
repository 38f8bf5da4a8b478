// Minimal Firestore REST helpers for scripts: encode plain JS values and commit with the owner token
// (`Bearer owner` bypasses security rules in the emulator, as in the official one).
import { PROJECT_ID } from './emulators.mjs';

const DATABASE = `projects/${PROJECT_ID}/databases/(default)`;

/** Encodes a JS value as a Firestore REST Value. Dates become timestamps; integers stay integers. */
export function toValue(value) {
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
    case 'object':
      return { mapValue: { fields: toFields(value) } };
    default:
      throw new TypeError(`Cannot encode ${typeof value} as a Firestore value`);
  }
}

/** Encodes an object's own fields (undefined ones are left out). */
export function toFields(object) {
  const fields = {};
  for (const [key, value] of Object.entries(object))
    if (value !== undefined) fields[key] = toValue(value);
  return fields;
}

/** The full resource name of a document path like `showcases/abc`. */
export function documentName(path) {
  return `${DATABASE}/documents/${path}`;
}

/**
 * Commits writes (`{ path, data }` full-document sets) in batches, as the owner.
 * @param {string} firestoreUrl like http://127.0.0.1:8080
 * @param {{ path: string, data: Record<string, unknown> }[]} documents
 */
export async function commitDocuments(firestoreUrl, documents, batchSize = 400) {
  for (let start = 0; start < documents.length; start += batchSize) {
    const writes = documents
      .slice(start, start + batchSize)
      .map(({ path, data }) => ({ update: { name: documentName(path), fields: toFields(data) } }));
    const response = await fetch(`${firestoreUrl}/v1/${DATABASE}/documents:commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ writes }),
    });
    if (!response.ok)
      throw new Error(`Firestore commit failed: HTTP ${response.status} ${await response.text()}`);
  }
}

/** True when the document exists (read as the owner). */
export async function documentExists(firestoreUrl, path) {
  const response = await fetch(`${firestoreUrl}/v1/${documentName(path)}`, {
    headers: { authorization: 'Bearer owner' },
  });
  await response.arrayBuffer();
  if (response.status === 404) return false;
  if (!response.ok) throw new Error(`Firestore read of ${path} failed: HTTP ${response.status}`);
  return true;
}
