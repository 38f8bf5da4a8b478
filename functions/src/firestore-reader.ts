// The Admin SDK behind the `readDocument` port: one `get()` of one document per call.
import type { Firestore } from 'firebase-admin/firestore';
import { plainFromAdmin } from './preview-page.js';

export function adminDocumentReader(
  db: Firestore,
): (path: string) => Promise<Readonly<Record<string, unknown>> | null> {
  return async (path) => {
    const snapshot = await db.doc(path).get();
    if (!snapshot.exists) return null;
    return plainFromAdmin(snapshot.data()) as Record<string, unknown>;
  };
}
